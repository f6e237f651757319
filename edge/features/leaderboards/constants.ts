/**
 * The leaderboards' filter values and limits (001 s9, D38), apart from the messages so the app's route (in every
 * page's first load) takes only these few words.
 */

/** 001 s9: the sport filter. Values are the stored sport slugs (football is Flag Football, slap is Slap Division). */
export const LEADERBOARD_SPORTS = ['all', 'basketball', 'football', 'kickball', 'slap'] as const;
export type LeaderboardSport = (typeof LEADERBOARD_SPORTS)[number];

/** 001 s9 and D38: the division filter ('all' reads the members' WTA points and wins). */
export const LEADERBOARD_DIVISIONS = ['all', '1v1', '3v3', '5v5', 'Team'] as const;
export type LeaderboardDivisionFilter = (typeof LEADERBOARD_DIVISIONS)[number];

/** Player Points ranks by points, Player Wins by wins (001: sorted by wins; done on the server so pages are right). */
export const LEADERBOARD_SORTS = ['points', 'wins'] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

/** Rows a page answers. */
export const LEADERBOARD_PAGE_SIZE = 50;
/** The longest search text (characters after trimming), as search has (D30). */
export const LEADERBOARD_SEARCH_MAX = 100;
