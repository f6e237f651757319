import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { getErrorStatus } from '../../../lib/api-client.ts';
import { isNetworkError } from '../../../lib/query-client.ts';
import { userQueryOptions } from '../../auth/queries.ts';
import { ErrorScreen } from '../../shell/components/error-screen.tsx';
import { fullName } from '../profile-display.ts';
import { playerProfileQueryOptions, teamProfileQueryOptions } from '../queries.ts';
import { PlayerProfileView } from './player-profile.tsx';
import { ProfileError, ProfileNotFound } from './profile-parts.tsx';
import { TeamProfileView } from './team-profile.tsx';
import { DocumentTitle } from '../../../ui/document-title.tsx';

/** /player/{id}: the profile as the signed-in viewer (or a guest) sees it. */
export function PlayerProfileScreen({ id }: { id: string }) {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  const options = playerProfileQueryOptions(id, user?.id ?? null);
  const { data: profile } = useSuspenseQuery(options);
  return (
    <>
      <DocumentTitle>{`${fullName(profile)} | WTA League`}</DocumentTitle>
      <PlayerProfileView profile={profile} queryKey={options.queryKey} />
    </>
  );
}

/** /teams/{id} and /team/{id}: one screen. */
export function TeamProfileScreen({ id }: { id: string }) {
  const { data: user } = useSuspenseQuery(userQueryOptions);
  const options = teamProfileQueryOptions(id, user?.id ?? null);
  const { data: team } = useSuspenseQuery(options);
  return (
    <>
      <DocumentTitle>{`${team.name} | WTA League`}</DocumentTitle>
      <TeamProfileView team={team} queryKey={options.queryKey} />
    </>
  );
}

/**
 * A profile route's error: a bug is the error screen (000 s2); a 404 met later (the viewer signed in and it is read
 * again) is still the not-found state; any other failed read, or no connection (profiles are not kept offline: they
 * differ by viewer), says so with Try Again (000 s8).
 */
export function ProfileRouteError({
  what,
  error,
  reset,
}: {
  what: 'player' | 'team';
  error: unknown;
  reset: () => void;
}) {
  const router = useRouter();
  const status = getErrorStatus(error);
  if (status === undefined && !isNetworkError(error)) return <ErrorScreen error={error} />;
  if (status === 404) return <ProfileNotFound what={what} />;
  return (
    <ProfileError
      what={what}
      error={error}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
