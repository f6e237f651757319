import { queryOptions } from '@tanstack/react-query';
import type {
  FollowState,
  Highlight,
  PlayerProfile,
  TeamProfile,
  TeamProfilePlayer,
  TournamentHistoryEntry,
} from '../../../edge/features/profiles/schema.ts';
import { apiGet } from '../../lib/api-client.ts';

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
