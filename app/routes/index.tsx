import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { userQueryOptions, useLogoutMutation } from '../features/auth/queries.ts';
import type { NextTournamentState } from '../features/landing/components/hero.tsx';
import { LandingPage } from '../features/landing/components/landing-page.tsx';
import { preloadHeroPoster } from '../features/landing/hero-media.ts';
import { hasSeenIntro } from '../features/landing/intro-seen.ts';
import {
  heroVideoQueryOptions,
  myRegistrationsQueryOptions,
  nextTournamentQueryOptions,
} from '../features/tournaments/queries.ts';
import { toastRequestError } from '../lib/error-toast.ts';
import { DEFAULT_DESCRIPTION, pageMeta } from '../lib/page-head.ts';
import { useHydrated } from '../ui/client-only.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

export const Route = createFileRoute('/')({
  // Starts the page's calls while the page's code loads; nothing waits for them (the hero shows placeholders).
  loader: ({ context }) => {
    const { queryClient } = context;
    preloadHeroPoster(queryClient.getQueryData(heroVideoQueryOptions.queryKey));
    void queryClient.prefetchQuery(heroVideoQueryOptions);
    if (queryClient.getQueryData(userQueryOptions.queryKey)) {
      void queryClient.prefetchQuery(myRegistrationsQueryOptions);
      void queryClient.prefetchQuery(nextTournamentQueryOptions);
    }
  },
  head: () => ({ meta: pageMeta({ title: 'WTA League', description: DEFAULT_DESCRIPTION }) }),
  component: LandingRoute,
});

function LandingRoute() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  const signedIn = user !== null;
  const registrations = useQuery({ ...myRegistrationsQueryOptions, enabled: signedIn });
  const next = useQuery({ ...nextTournamentQueryOptions, enabled: signedIn });
  const heroVideo = useQuery(heroVideoQueryOptions);
  const logout = useLogoutMutation();
  // 000 s4: once per browser session; decided on the first render so a returning visitor never sees a flash.
  // A server-rendered first visit (ADR 027) paints the page first and opens the intro once it has hydrated: the
  // server cannot read this browser session's flag, and the page's content stays the first paint.
  const hydrated = useHydrated();
  const [introChosen, setIntroOpen] = useState<boolean | null>(null);
  const introOpen = hydrated && (introChosen ?? !hasSeenIntro());

  // A failed registrations call cannot prove there are registrations: the next rule applies.
  const hasRegistrations = registrations.isSuccess
    ? (registrations.data?.length ?? 0) > 0
    : registrations.isError
      ? false
      : undefined;
  const nextState: NextTournamentState | null = !signedIn
    ? null
    : next.isSuccess
      ? { status: 'success', startDate: next.data.startDate }
      : next.isError
        ? { status: 'error' }
        : { status: 'pending' };

  return (
    <>
      <DocumentTitle>WTA League</DocumentTitle>
      <LandingPage
        user={user}
        hasRegistrations={signedIn ? hasRegistrations : undefined}
        next={nextState}
        heroVideo={heroVideo.data}
        heroVideoSettled={!heroVideo.isPending}
        introOpen={introOpen}
        onIntroDone={() => setIntroOpen(false)}
        onLogout={() =>
          logout.mutate(undefined, { onError: (error) => toastRequestError(error, 'Error', 'Unable to log out') })
        }
        loggingOut={logout.isPending}
      />
    </>
  );
}
