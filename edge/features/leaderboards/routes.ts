import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { decodeRankCursor, type RankCursor } from './cursor.ts';
import { playerBoardPage } from './players.ts';
import {
  LEADERBOARD_DIVISIONS,
  LEADERBOARD_MESSAGES as M,
  LEADERBOARD_PAGE_SIZE,
  LEADERBOARD_SEARCH_MAX,
  LEADERBOARD_SORTS,
  LEADERBOARD_SPORTS,
  NEXT_CURSOR_HEADER,
} from './schema.ts';
import { teamBoardPage } from './teams.ts';

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

const playersQuery = z.object({
  sport: z.enum(LEADERBOARD_SPORTS, { error: M.sport }).default('all'),
  division: z.enum(LEADERBOARD_DIVISIONS, { error: M.division }).default('all'),
  sort: z.enum(LEADERBOARD_SORTS, { error: M.sort }).default('points'),
  search,
  cursor: cursor(() => true),
});

const teamsQuery = z.object({
  search,
  // Team ids are integers.
  cursor: cursor((c) => /^[1-9][0-9]{0,15}$/.test(c.id)),
});

const hook = (result: { success: boolean; error?: unknown }, c: Context) =>
  result.success ? undefined : validationError(result.error as Parameters<typeof validationError>[0], c);

/** The next page's cursor as a header and a Link (like the other paged lists). */
function linkNext(c: Context, nextCursor: string | null) {
  if (!nextCursor) return;
  const url = new URL(c.req.url);
  url.searchParams.set('cursor', nextCursor);
  c.header(NEXT_CURSOR_HEADER, nextCursor);
  c.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
}

/** /api/leaderboards (001 s7): Player Points and Player Wins, Team Rankings. Open to everyone. */
export const leaderboardRoutes = new Hono<AppEnv>()
  .get('/players', zValidator('query', playersQuery, hook), async (c) => {
    const query = c.req.valid('query');
    const { players, nextCursor } = await playerBoardPage(
      c.var.deps.db,
      { ...query, limit: LEADERBOARD_PAGE_SIZE, now: c.var.deps.now() },
      c.var.user?.id ?? null,
    );
    linkNext(c, nextCursor);
    return c.json(players, 200);
  })
  .get('/teams', zValidator('query', teamsQuery, hook), async (c) => {
    const query = c.req.valid('query');
    const { teams, nextCursor } = await teamBoardPage(c.var.deps.db, { ...query, limit: LEADERBOARD_PAGE_SIZE });
    linkNext(c, nextCursor);
    return c.json(teams, 200);
  });
