import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

// One header name for every paged list (edge/lib/paging.ts), re-exported for this feature's callers.
export { NEXT_CURSOR_HEADER };

/** The Leaderboards' contract (001 Leaderboards, s7, s9; D38). Shared with the app as types and constants only. */

export * from './constants.ts';
import { LEADERBOARD_DIVISIONS, LEADERBOARD_SEARCH_MAX, LEADERBOARD_SORTS, LEADERBOARD_SPORTS } from './constants.ts';

/** One row of Player Points or Player Wins. */
export interface LeaderboardPlayer {
  id: string;
  firstName: string;
  lastName: string;
  /** Null for a minor read by a guest (D36). */
  profileImageUrl: string | null;
  isVerified: boolean;
  sport: string | null;
  bestDivision: string | null;
  /** Points of the division filtered on (all divisions: WTA points). */
  points: number;
  wins: number;
  losses: number;
  gamesPlayed: number;
  /** round(wins / gamesPlayed * 100); 0 with no games. */
  winRate: number;
  /** Standard competition rank (1, 2, 2, 4) within the sport and division, whatever the name search. */
  rank: number;
}

/** One row of Team Rankings. */
export interface LeaderboardTeam {
  id: number;
  name: string;
  logoUrl: string | null;
  owner: { firstName: string; lastName: string; isVerified: boolean };
  wins: number;
  losses: number;
  tournamentsPlayed: number;
  rank: number;
}

export const LEADERBOARD_MESSAGES = {
  sport: `Sport must be one of ${LEADERBOARD_SPORTS.join(', ')}`,
  division: `Division must be one of ${LEADERBOARD_DIVISIONS.join(', ')}`,
  sort: `Sort must be one of ${LEADERBOARD_SORTS.join(', ')}`,
  search: `Search must be at most ${LEADERBOARD_SEARCH_MAX} characters`,
  cursor: `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`,
} as const;
