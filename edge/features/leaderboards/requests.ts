import { z } from 'zod';
import { decodeRankCursor, type RankCursor } from './cursor.ts';
import {
  LEADERBOARD_DIVISIONS,
  LEADERBOARD_MESSAGES as M,
  LEADERBOARD_SEARCH_MAX,
  LEADERBOARD_SORTS,
  LEADERBOARD_SPORTS,
} from './schema.ts';

// Queries read by the server alone (the app's boards and the public API's), kept out of schema.ts (ADR 069).

// An empty search box is no search.
const search = z
  .string({ error: M.search })
  .trim()
  .max(LEADERBOARD_SEARCH_MAX, { error: M.search })
  .transform((text) => text || undefined)
  .optional();

const cursor = (valid: (c: RankCursor) => boolean) =>
  z
    .string({ error: M.cursor })
    .transform((text, ctx) => {
      const decoded = decodeRankCursor(text);
      return decoded && valid(decoded) ? decoded : (ctx.addIssue({ code: 'custom', message: M.cursor }), z.NEVER);
    })
    .optional();

/** GET .../leaderboards/players: Player Points and Player Wins. */
export const playersQuery = z.object({
  sport: z.enum(LEADERBOARD_SPORTS, { error: M.sport }).default('all'),
  division: z.enum(LEADERBOARD_DIVISIONS, { error: M.division }).default('all'),
  sort: z.enum(LEADERBOARD_SORTS, { error: M.sort }).default('points'),
  search,
  cursor: cursor(() => true),
});

/** GET .../leaderboards/teams: Team Rankings. */
export const teamsQuery = z.object({
  search,
  // Team ids are integers.
  cursor: cursor((c) => /^[1-9][0-9]{0,15}$/.test(c.id)),
});
