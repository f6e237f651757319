import type { QueryClient } from '@tanstack/react-query';
import { tabOf, type LeaderboardSearch } from './leaderboard-search.ts';
import { playerBoardQueryOptions, teamBoardQueryOptions } from './queries.ts';

/**
 * Starts the open tab's first page (the server render waits for it, ADR 027). Loaded by the route's loader on demand,
 * so the query code stays out of every page's first load (issue 12's size budget).
 */
export function prefetchBoard(queryClient: QueryClient, search: LeaderboardSearch): void {
  const tab = tabOf(search);
  if (tab === 'teams') void queryClient.prefetchInfiniteQuery(teamBoardQueryOptions(search));
  else void queryClient.prefetchInfiniteQuery(playerBoardQueryOptions(search, tab));
}
