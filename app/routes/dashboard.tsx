import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { userQueryOptions } from '../features/auth/queries.ts';
import { DashboardError } from '../features/dashboard/components/dashboard-error.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { DashboardSkeleton } from '../features/dashboard/components/dashboard-skeleton.tsx';
import {
  currentTeamQueryOptions,
  myInvitesQueryOptions,
  myRegistrationsQueryOptions,
  notificationsQueryOptions,
  playerMatchesQueryOptions,
  unreadCountQueryOptions,
  waiverStatusQueryOptions,
  winningsQueryOptions,
} from '../features/dashboard/queries.ts';
import { MyDecisions } from '../features/incidents/components/my-decisions.tsx';
import { OutboxStatus } from '../features/outbox/components/outbox-status.tsx';
import { useOutbox } from '../lib/use-outbox.ts';
import { ErrorScreen } from '../features/shell/components/error-screen.tsx';
import { CheckInDue } from '../features/tournaments/components/check-in-due.tsx';
import { getErrorStatus, isUnauthorizedError } from '../lib/api-client.ts';
import { SignInRedirect } from '../ui/sign-in-redirect.tsx';
import type { ToastInput } from '../ui/toast.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

/** 000 s2: a signed-out visitor is told why, then sent to sign in and back. */
const UNAUTHORIZED: ToastInput = {
  title: 'Unauthorized',
  description: 'Please log in to view your dashboard.',
  variant: 'destructive',
};

function LoginRedirect() {
  return (
    <SignInRedirect
      heading="Dashboard"
      returnTo="/dashboard"
      reason={UNAUTHORIZED.description as string}
      notice={UNAUTHORIZED}
    />
  );
}

export const Route = createFileRoute('/dashboard')({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions);
    // 000 s2: the team owner's page is /teams.
    if (user?.role === 'owner') throw redirect({ href: '/teams', replace: true });
    return { user };
  },
  // What the page cannot show without is awaited (a failure is the error state); the rest loads beside it. The
  // dashboard sums up what other screens change (waiver, registrations, notifications), so each visit refreshes
  // those in the background while the cached answer shows at once.
  loader: async ({ context }) => {
    const { queryClient, user } = context;
    if (!user) return;
    const fresh = { staleTime: 0 } as const;
    void queryClient.prefetchInfiniteQuery({ ...notificationsQueryOptions, ...fresh });
    void queryClient.prefetchQuery(unreadCountQueryOptions);
    // D37: a player's team invites are answered on their notifications.
    if (user.role === 'player') void queryClient.prefetchQuery({ ...myInvitesQueryOptions, ...fresh });
    if (user.role !== 'fan') void queryClient.prefetchQuery({ ...waiverStatusQueryOptions, ...fresh });
    await Promise.all([
      queryClient.ensureQueryData({ ...myRegistrationsQueryOptions, ...fresh, revalidateIfStale: true }),
      // Awaited so the tab does not grow under the reader, but never failing the page: prefetchQuery swallows errors
      // and the tab shows its own.
      queryClient.prefetchQuery({ ...playerMatchesQueryOptions, ...fresh }),
      queryClient.prefetchQuery({ ...winningsQueryOptions, ...fresh }),
      user.role === 'player'
        ? queryClient.ensureQueryData({ ...currentTeamQueryOptions, ...fresh, revalidateIfStale: true })
        : null,
    ]);
  },
  pendingComponent: DashboardSkeleton,
  errorComponent: DashboardRouteError,
  component: DashboardRoute,
});

function DashboardRoute() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  // Issue 5: what waits in the outbox shows here, and a waiver waiting to upload is not 'not signed'.
  const { entries } = useOutbox(user?.id);
  const waiverUploading = entries?.some((e) => e.kind === 'waiver' && e.state !== 'failed') ?? false;
  return (
    <>
      <DocumentTitle>Dashboard | WTA League</DocumentTitle>
      {user ? (
        <DashboardPage
          user={user}
          outbox={<OutboxStatus userId={user.id} />}
          conduct={<MyDecisions />}
          checkIn={<DashboardCheckIn userId={user.id} />}
          waiverUploading={waiverUploading}
        />
      ) : (
        <LoginRedirect />
      )}
    </>
  );
}

/** D39: the member's entries whose check-in is open (the loader has their registrations). */
function DashboardCheckIn({ userId }: { userId: string }) {
  const { data: registrations } = useSuspenseQuery(myRegistrationsQueryOptions);
  return <CheckInDue registrations={registrations ?? []} userId={userId} />;
}

/** A failed call shows the dashboard's error state with Retry; a lost session goes to sign in; a bug, the error screen. */
function DashboardRouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isUnauthorizedError(error)) return <LoginRedirect />;
  const networkFailure = error instanceof TypeError && /fetch|network/i.test(error.message);
  if (getErrorStatus(error) === undefined && !networkFailure) return <ErrorScreen error={error} />;
  return (
    <>
      <DocumentTitle>Dashboard | WTA League</DocumentTitle>
      <DashboardError
        error={error}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </>
  );
}
