import type { LeaderboardDivisionFilter, LeaderboardSport } from '../../../edge/features/leaderboards/constants.ts';
import type { LeaderboardSearch } from './leaderboard-search.ts';

import type { BoardTab } from './leaderboard-search.ts';

export { parseLeaderboardSearch, tabOf } from './leaderboard-search.ts';
export type { BoardTab, LeaderboardSearch } from './leaderboard-search.ts';

/** 001 s9: the sport filter (stored slugs, labelled as the specification writes them). */
export const sportOptions: readonly { value: LeaderboardSport; label: string }[] = [
  { value: 'all', label: 'All Sports' },
  { value: 'basketball', label: 'Basketball' },
  { value: 'football', label: 'Flag Football' },
  { value: 'kickball', label: 'Kickball' },
  { value: 'slap', label: 'Slap Division' },
];

/** 001 s9 and D38: the division filter. */
export const divisionOptions: readonly { value: LeaderboardDivisionFilter; label: string }[] = [
  { value: 'all', label: 'All Divisions' },
  { value: '1v1', label: '1v1' },
  { value: '3v3', label: '3v3' },
  { value: '5v5', label: '5v5' },
  { value: 'Team', label: 'Team' },
];

/** The tabs and their labels (001). */
export const boardTabs: readonly { value: BoardTab; label: string }[] = [
  { value: 'players', label: 'Player Points' },
  { value: 'wins', label: 'Player Wins' },
  { value: 'teams', label: 'Team Rankings' },
];

/** The API's query parameters of the player boards (Player Points sorts by points, Player Wins by wins). */
export function playerQueryParams(search: LeaderboardSearch, tab: 'players' | 'wins'): Record<string, string> {
  const params: Record<string, string> = {};
  if (search.q) params.search = search.q;
  if (search.sport) params.sport = search.sport;
  if (search.division) params.division = search.division;
  if (tab === 'wins') params.sort = 'wins';
  return params;
}

/** The API's query parameters of Team Rankings (only the name search applies to teams). */
export function teamQueryParams(search: LeaderboardSearch): Record<string, string> {
  return search.q ? { search: search.q } : {};
}

/** The top three's medals (001: gold, silver, bronze styling), named in words as well as shown in colour. */
export function medalOf(rank: number): 'gold' | 'silver' | 'bronze' | null {
  return rank === 1 ? 'gold' : rank === 2 ? 'silver' : rank === 3 ? 'bronze' : null;
}

/** "12 / 3". */
export const formatWinLoss = (wins: number, losses: number) => `${wins} / ${losses}`;
