import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import {
  NEXT_CURSOR_HEADER,
  type LeaderboardPlayer,
  type LeaderboardTeam,
} from '../../../edge/features/leaderboards/schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { queryKeyUrl } from '../../lib/offline-cache.ts';
import { playerQueryParams, teamQueryParams, type LeaderboardSearch } from './leaderboard-display.ts';

export type { LeaderboardPlayer, LeaderboardTeam };

export interface BoardPage<T> {
  rows: T[];
  nextCursor: string | null;
}

/** One page of a board: the key's URL, after the previous page's cursor (X-Next-Cursor). */
async function fetchPage<T>(
  queryKey: readonly unknown[],
  pageParam: string | null,
  signal: AbortSignal,
  client: QueryClient,
): Promise<BoardPage<T>> {
  const first = queryKeyUrl(queryKey)!;
  const url = pageParam ? `${first}${first.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(pageParam)}` : first;
  const res = await apiGet(url, { signal, client });
  return { rows: (await res.json()) as T[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
}

/**
 * GET /api/leaderboards/players, a page at a time: ranking, filters and order run on the server (001 s7). The key is
 * the first page's URL, so each set of filters is its own list.
 */
export const playerBoardQueryOptions = (search: LeaderboardSearch, tab: 'players' | 'wins') =>
  infiniteQueryOptions({
    queryKey: ['/api/leaderboards/players', playerQueryParams(search, tab)] as const,
    queryFn: ({ queryKey, pageParam, signal, client }) =>
      fetchPage<LeaderboardPlayer>(queryKey, pageParam, signal, client),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** GET /api/leaderboards/teams, a page at a time. */
export const teamBoardQueryOptions = (search: LeaderboardSearch) =>
  infiniteQueryOptions({
    queryKey: ['/api/leaderboards/teams', teamQueryParams(search)] as const,
    queryFn: ({ queryKey, pageParam, signal, client }) =>
      fetchPage<LeaderboardTeam>(queryKey, pageParam, signal, client),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
