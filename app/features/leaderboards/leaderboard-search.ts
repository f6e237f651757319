import {
  LEADERBOARD_DIVISIONS,
  LEADERBOARD_SEARCH_MAX,
  LEADERBOARD_SPORTS,
  type LeaderboardDivisionFilter,
  type LeaderboardSport,
} from '../../../edge/features/leaderboards/constants.ts';
import type { ValidatedSearch } from '../../lib/search-params.ts';

// The route's URL handling alone: it travels in every page's first load (the route tree), so it stays this small.

/**
 * The tabs (001: Player Points, Player Wins, Team Rankings), as the URL names them: the mobile menu's `?type=players` and `?type=teams` (000 s2) open Player Points and
 * Team Rankings; Player Wins is `?type=wins`.
 */
export const BOARD_TABS = ['players', 'wins', 'teams'] as const;
export type BoardTab = (typeof BOARD_TABS)[number];

/** The page's state as the URL keeps it (`/leaderboards?type=&q=&sport=&division=`); defaults are left out. */
export interface LeaderboardSearch {
  type?: Exclude<BoardTab, 'players'> | 'players' | undefined;
  q?: string | undefined;
  sport?: Exclude<LeaderboardSport, 'all'> | undefined;
  division?: Exclude<LeaderboardDivisionFilter, 'all'> | undefined;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown) =>
  values.includes(value as T) && value !== 'all' ? (value as T) : undefined;

/**
 * Whatever the address bar holds becomes a state the API accepts; anything else is dropped, never an error. Every
 * key is present (undefined when absent) so the router replaces a raw unknown value (lib/search-params.ts).
 */
export function parseLeaderboardSearch(search: Record<string, unknown>): LeaderboardSearch {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, LEADERBOARD_SEARCH_MAX) : '';
  return {
    type: oneOf(BOARD_TABS, search.type),
    q: q || undefined,
    sport: oneOf(LEADERBOARD_SPORTS, search.sport) as LeaderboardSearch['sport'],
    division: oneOf(LEADERBOARD_DIVISIONS, search.division) as LeaderboardSearch['division'],
  } satisfies ValidatedSearch<LeaderboardSearch>;
}

/** The open tab: Player Points unless the URL names another. */
export const tabOf = (search: LeaderboardSearch): BoardTab => search.type ?? 'players';
