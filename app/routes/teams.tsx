import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { userQueryOptions } from '../features/auth/queries.ts';
import { ErrorScreen } from '../features/shell/components/error-screen.tsx';
import { OwnerAccessOnly } from '../features/teams/components/owner-access-only.tsx';
import { TeamsError } from '../features/teams/components/teams-error.tsx';
import { TeamsPage } from '../features/teams/components/teams-page.tsx';
import { TeamsSkeleton } from '../features/teams/components/teams-skeleton.tsx';
import { myTeamsQueryOptions } from '../features/teams/queries.ts';
import { getErrorStatus } from '../lib/api-client.ts';
import { SignInRedirect } from '../ui/sign-in-redirect.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

// The team owner page (001 s2; D17: /team-dashboard lands here): create, edit, roster and roles.
export const Route = createFileRoute('/teams')({
  beforeLoad: async ({ context }) => ({ user: await context.queryClient.ensureQueryData(userQueryOptions) }),
  loader: async ({ context }) => {
    if (context.user?.role !== 'owner') return;
    await context.queryClient.ensureQueryData({ ...myTeamsQueryOptions, staleTime: 0, revalidateIfStale: true });
  },
  pendingComponent: TeamsSkeleton,
  errorComponent: TeamsRouteError,
  component: TeamsRoute,
});

function TeamsRoute() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  if (!user) return <SignInRedirect heading="My Teams" returnTo="/teams" />;
  if (user.role !== 'owner') {
    return (
      <>
        <DocumentTitle>Team Owner Access Only | WTA League</DocumentTitle>
        <OwnerAccessOnly />
      </>
    );
  }
  return <OwnerTeams />;
}

function OwnerTeams() {
  const { data: teams } = useSuspenseQuery(myTeamsQueryOptions);
  return (
    <>
      <DocumentTitle>My Teams | WTA League</DocumentTitle>
      <TeamsPage teams={teams} />
    </>
  );
}

function TeamsRouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const networkFailure = error instanceof TypeError && /fetch|network/i.test(error.message);
  if (getErrorStatus(error) === undefined && !networkFailure) return <ErrorScreen error={error} />;
  return (
    <>
      <DocumentTitle>My Teams | WTA League</DocumentTitle>
      <TeamsError
        error={error}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </>
  );
}
