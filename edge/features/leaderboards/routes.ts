import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { playerBoardPage } from './players.ts';
import { playersQuery, teamsQuery } from './requests.ts';
import { LEADERBOARD_PAGE_SIZE, NEXT_CURSOR_HEADER } from './schema.ts';
import { teamBoardPage } from './teams.ts';

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
