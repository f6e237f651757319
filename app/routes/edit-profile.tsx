import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { userQueryOptions } from '../features/auth/queries.ts';
import { EditProfileError } from '../features/edit-profile/components/edit-profile-error.tsx';
import { EditProfilePage } from '../features/edit-profile/components/edit-profile-page.tsx';
import { EditProfileSkeleton } from '../features/edit-profile/components/edit-profile-skeleton.tsx';
import { TeamLogoPanel } from '../features/edit-profile/components/team-logo-panel.tsx';
import { UNAUTHORIZED_NOTICE } from '../features/edit-profile/notices.ts';
import { ErrorScreen } from '../features/shell/components/error-screen.tsx';
import { myTeamsQueryOptions, storeTeam, teamLogoUpload, type MyTeam } from '../features/teams/queries.ts';
import { myHostedTournamentsQueryOptions } from '../features/hosting/queries.ts';
import type { CurrentUser } from '../features/edit-profile/queries.ts';
import { OnlinePart } from '../ui/online-part.tsx';
import { getErrorStatus, isUnauthorizedError } from '../lib/api-client.ts';
import { SignInRedirect } from '../ui/sign-in-redirect.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

// Edit Profile (001 s2, s5-s8): signed-in members only; the Team tab composes the teams feature's logo upload.
export const Route = createFileRoute('/edit-profile')({
  beforeLoad: async ({ context }) => ({ user: await context.queryClient.ensureQueryData(userQueryOptions) }),
  // The queries load with the page's own code, not with every page's first load (issue 12's size budget).
  loader: async ({ context }) => {
    const { queryClient, user } = context;
    if (!user) return;
    const { editableProfileQueryOptions, sessionsQueryOptions } = await import('../features/edit-profile/queries.ts');
    void queryClient.prefetchQuery({ ...sessionsQueryOptions, staleTime: 0 });
    if (user.role === 'owner') void queryClient.prefetchQuery(myTeamsQueryOptions);
    await queryClient.ensureQueryData({ ...editableProfileQueryOptions, staleTime: 0, revalidateIfStale: true });
  },
  pendingComponent: EditProfileSkeleton,
  errorComponent: EditProfileRouteError,
  component: EditProfileRoute,
});

function LoginRedirect() {
  return (
    <SignInRedirect
      heading="Edit Profile"
      returnTo="/edit-profile"
      reason={UNAUTHORIZED_NOTICE.description}
      notice={UNAUTHORIZED_NOTICE}
    />
  );
}

function EditProfileRoute() {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  return (
    <>
      <DocumentTitle>Edit Profile | WTA League</DocumentTitle>
      {user ? (
        <EditProfilePage user={user} teamTab={<OwnerTeamLogo />} apiKeys={<DeveloperCards user={user} />} />
      ) : (
        <LoginRedirect />
      )}
    </>
  );
}

// D44's cards load with their own code, which the service worker does not keep in advance (vite.config.ts): they
// need a connection anyway, and they are for the few members who build on the league.
const ApiKeysCard = lazy(() =>
  import('../features/api-keys/components/api-keys-card.tsx').then((m) => ({ default: m.ApiKeysCard })),
);
const WebhooksCard = lazy(() =>
  import('../features/webhooks/components/webhooks-card.tsx').then((m) => ({ default: m.WebhooksCard })),
);

/** D44: API keys for verified members and admins; webhooks for hosts (their tournaments) and admins (the league). */
function DeveloperCards({ user }: { user: CurrentUser }) {
  const hosted = useQuery({ ...myHostedTournamentsQueryOptions, enabled: user.isVerified || user.isAdmin });
  const tournaments = (hosted.data?.tournaments ?? [])
    .filter((t) => t.status !== 'rejected')
    .map((t) => ({ id: t.id, title: t.title }));
  return (
    <OnlinePart label="API keys and webhooks">
      <ApiKeysCard mayCreate={user.isVerified || user.isAdmin} />
      {user.isAdmin || tournaments.length > 0 ? <WebhooksCard tournaments={tournaments} league={user.isAdmin} /> : null}
    </OnlinePart>
  );
}

/** 001 s6: the Team tab works on the owner's first team, through the teams feature's query and upload. */
function OwnerTeamLogo() {
  const queryClient = useQueryClient();
  const teams = useQuery(myTeamsQueryOptions);
  const team = teams.data ? teams.data[0] ?? null : undefined;
  return (
    <TeamLogoPanel<MyTeam>
      team={team}
      error={teams.isError ? teams.error : undefined}
      onRetry={() => void teams.refetch()}
      upload={team ? teamLogoUpload(team.id) : null}
      onUploaded={(saved) => storeTeam(queryClient, saved)}
    />
  );
}

/** A failed load shows Try Again; a lost session goes to sign in with the page's toast; a bug, the error screen. */
function EditProfileRouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (isUnauthorizedError(error)) return <LoginRedirect />;
  const networkFailure = error instanceof TypeError && /fetch|network/i.test(error.message);
  if (getErrorStatus(error) === undefined && !networkFailure) return <ErrorScreen error={error} />;
  return (
    <>
      <DocumentTitle>Edit Profile | WTA League</DocumentTitle>
      <EditProfileError
        error={error}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </>
  );
}
