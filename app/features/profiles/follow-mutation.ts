import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import type { FollowState, PlayerProfile } from './queries.ts';

// Only the Follow button needs this: kept out of queries.ts, which the routes' loaders bring into the main bundle.

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
