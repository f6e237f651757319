import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { VERIFIED_ONLY_DESCRIPTION, VERIFIED_ONLY_TITLE } from '../../edge/features/media-day/schema.ts';
import { userQueryOptions } from '../features/auth/queries.ts';
import { GateRedirect } from '../features/media-day/components/gate-redirect.tsx';
import { RsvpPage } from '../features/media-day/components/rsvp-page.tsx';
import { SignInRedirect } from '../ui/sign-in-redirect.tsx';
import type { ToastInput } from '../ui/toast.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

const VERIFIED_ONLY: ToastInput = {
  title: VERIFIED_ONLY_TITLE,
  description: VERIFIED_ONLY_DESCRIPTION,
  variant: 'destructive',
};

// 001 s2, s6, D25: verified members RSVP; admins (D6) pass the gate to the RSVP panel; others go to /dashboard.
export const Route = createFileRoute('/media-day-rsvp')({
  beforeLoad: async ({ context }) => ({ user: await context.queryClient.ensureQueryData(userQueryOptions) }),
  component: MediaDayRsvpRoute,
});

function MediaDayRsvpRoute() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  return (
    <>
      <DocumentTitle>Media Day RSVP | WTA League</DocumentTitle>
      {!user ? (
        <SignInRedirect heading="Media Day RSVP" returnTo="/media-day-rsvp" />
      ) : user.isVerified || user.isAdmin ? (
        <RsvpPage isVerified={user.isVerified} isAdmin={user.isAdmin} />
      ) : (
        <GateRedirect heading="Media Day RSVP" notice={VERIFIED_ONLY} />
      )}
    </>
  );
}
