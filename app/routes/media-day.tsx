import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { userQueryOptions } from '../features/auth/queries.ts';
import { MediaDayInfoPage } from '../features/media-day/components/media-day-info-page.tsx';
import { SignInRedirect } from '../ui/sign-in-redirect.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

// 001 s2: the Media Day info page (signed-in members).
export const Route = createFileRoute('/media-day')({
  beforeLoad: async ({ context }) => ({ user: await context.queryClient.ensureQueryData(userQueryOptions) }),
  component: MediaDayRoute,
});

function MediaDayRoute() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  return (
    <>
      <DocumentTitle>Media Day | WTA League</DocumentTitle>
      {user ? (
        <MediaDayInfoPage canRsvp={user.isVerified || user.isAdmin} isVerified={user.isVerified} />
      ) : (
        <SignInRedirect heading="Media Day" returnTo="/media-day" />
      )}
    </>
  );
}
