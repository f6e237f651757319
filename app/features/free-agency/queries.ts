import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER, type FreeAgent } from '../../../edge/features/free-agency/schema.ts';
import type { TeamInvite } from '../../../edge/features/team-invites/schema.ts';
import { apiGet, apiRequest } from '../../lib/api-client.ts';
import { queryKeyUrl } from '../../lib/offline-cache.ts';
import { poolQueryParams, type PoolSearch } from './free-agency-display.ts';

export type { FreeAgent, TeamInvite };

export interface FreeAgentPage {
  players: FreeAgent[];
  nextCursor: string | null;
}

/**
 * GET /api/free-agency, a page at a time: the filters run on the server, the next page starts after the previous
 * page's cursor (X-Next-Cursor). The key is the first page's URL, so each set of filters is its own list.
 */
export const freeAgencyQueryOptions = (filters: PoolSearch) =>
  infiniteQueryOptions({
    queryKey: ['/api/free-agency', poolQueryParams(filters)] as const,
    queryFn: async ({ queryKey, pageParam, signal, client }): Promise<FreeAgentPage> => {
      const first = queryKeyUrl(queryKey)!;
      const url = pageParam
        ? `${first}${first.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(pageParam)}`
        : first;
      const res = await apiGet(url, { signal, client });
      return { players: (await res.json()) as FreeAgent[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** GET /api/team-invites as an owner: the open invites of their teams, to mark the players invited already. */
export const sentInvitesQueryOptions = queryOptions<TeamInvite[]>({ queryKey: ['/api/team-invites'] });

/** POST /api/team-invites: the invite as the server wrote it. */
export async function sendInvite(teamId: number, playerId: string): Promise<TeamInvite> {
  return (await (await apiRequest('POST', '/api/team-invites', { teamId, playerId })).json()) as TeamInvite;
}
