import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  FollowState,
  Highlight,
  PlayerProfile,
  TeamProfile,
  TeamProfilePlayer,
  TournamentHistoryEntry,
} from '../../../edge/features/profiles/schema.ts';
import { apiGet, apiRequest } from '../../lib/api-client.ts';

export type { FollowState, Highlight, PlayerProfile, TeamProfile, TeamProfilePlayer, TournamentHistoryEntry };

/** Member ids the API knows (generated text ids); anything else names nobody, without asking the server. */
export const PLAYER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Team ids are positive integers. */
export const TEAM_ID_PATTERN = /^[1-9][0-9]{0,14}$/;

/**
 * A profile's answer depends on who asks (Following, D36's hidden photo and city for guests), so each viewer has its
 * own entry: signing in while on a guest's profile shows the member's view, never the guest's cached one. The keys
 * are not API paths, so these answers are never kept for offline use (they are not the same for everyone).
 */
export const playerProfileQueryOptions = (id: string, viewerId: string | null) =>
  queryOptions({
    queryKey: ['profile', 'player', id, viewerId ?? 'guest'] as const,
    queryFn: async ({ signal, client }): Promise<PlayerProfile> =>
      (await (
        await apiGet(`/api/players/${encodeURIComponent(id)}/profile`, { signal, client })
      ).json()) as PlayerProfile,
  });

export const teamProfileQueryOptions = (id: string, viewerId: string | null) =>
  queryOptions({
    queryKey: ['profile', 'team', id, viewerId ?? 'guest'] as const,
    queryFn: async ({ signal, client }): Promise<TeamProfile> =>
      (await (await apiGet(`/api/teams/${encodeURIComponent(id)}/profile`, { signal, client })).json()) as TeamProfile,
  });

type Followable = Pick<PlayerProfile, 'followerCount' | 'viewer'>;

/**
 * Follow / Following (D31): the button and the count change at once (optimistic), the server's answer then sets
 * both, and a refusal or a lost connection puts them back as they were.
 */
export function useFollowMutation(subject: 'players' | 'teams', id: string, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (follow: boolean): Promise<FollowState> => {
      const res = await apiRequest(follow ? 'PUT' : 'DELETE', `/api/${subject}/${encodeURIComponent(id)}/follow`);
      return (await res.json()) as FollowState;
    },
    onMutate: async (follow: boolean) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<Followable>(queryKey);
      queryClient.setQueryData<Followable>(queryKey, (profile) =>
        profile?.viewer
          ? {
              ...profile,
              viewer: { ...profile.viewer, following: follow },
              followerCount: Math.max(
                0,
                profile.followerCount + (follow === profile.viewer.following ? 0 : follow ? 1 : -1),
              ),
            }
          : profile,
      );
      return { before };
    },
    onError: (_error, _follow, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSuccess: (state) => {
      queryClient.setQueryData<Followable>(queryKey, (profile) =>
        profile?.viewer
          ? {
              ...profile,
              viewer: { ...profile.viewer, following: state.following },
              followerCount: state.followerCount,
            }
          : profile,
      );
    },
  });
}
