import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { decodeCursor } from '../tournaments/cursor.ts';
import { divisionNames, listRankOf, NEXT_CURSOR_HEADER, type Division } from '../tournaments/schema.ts';
import { listTournaments, listTournamentsPage } from '../tournaments/tournament-query.ts';
import { parseDivisionSlug, topPlayersOf } from './service.ts';

/** How many completed tournaments a division page shows. */
const RECENT = 10;
/** How many live and upcoming tournaments a division page shows at first, and each 'Load More' adds. */
export const DIVISION_UPCOMING_PAGE = 12;

const LIVE_AND_UPCOMING = ['live', 'upcoming'] as const;
const CURSOR_MESSAGE = `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page of this division, unchanged`;
const upcomingRanks: readonly number[] = LIVE_AND_UPCOMING.map(listRankOf);

const moreQuery = z.object({
  // A cursor of the upcoming list only: one from the completed part of /api/tournaments would start elsewhere.
  cursor: z.string({ error: CURSOR_MESSAGE }).transform((text, ctx) => {
    const cursor = decodeCursor(text);
    if (cursor && upcomingRanks.includes(cursor.rank)) return cursor;
    ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
    return z.NEVER;
  }),
});

/**
 * /api/divisions/{slug} (D17). The page is composed here from the tournaments feature's list query (the same
 * listing rules and shape as /api/tournaments) and this feature's leaderboard. Its live and upcoming tournaments
 * come a page at a time (ADR 025): the first page with the division, the next ones from /{slug}/upcoming.
 */
export const divisionRoutes = new Hono<AppEnv>()
  .get('/:slug', async (c) => {
    const slug = parseDivisionSlug(c.req.param('slug'));
    if (!slug) return c.json({ message: 'Division not found' }, 404);
    const { db } = c.var.deps;
    const now = c.var.deps.now();
    const [upcoming, recent, topPlayers] = await Promise.all([
      listTournamentsPage(db, { division: slug, status: [...LIVE_AND_UPCOMING], limit: DIVISION_UPCOMING_PAGE, now }),
      listTournaments(db, { division: slug, status: 'completed', limit: RECENT, now }),
      topPlayersOf(db, slug),
    ]);
    const division: Division = {
      slug,
      name: divisionNames[slug],
      upcoming: JSON.parse(upcoming.json) as Division['upcoming'],
      upcomingNextCursor: upcoming.nextCursor,
      recent,
      topPlayers,
    };
    return c.json(division, 200);
  })
  .get(
    '/:slug/upcoming',
    zValidator('query', moreQuery, (result, c) => (result.success ? undefined : validationError(result.error, c))),
    async (c) => {
      const slug = parseDivisionSlug(c.req.param('slug'));
      if (!slug) return c.json({ message: 'Division not found' }, 404);
      const page = await listTournamentsPage(c.var.deps.db, {
        division: slug,
        status: [...LIVE_AND_UPCOMING],
        cursor: c.req.valid('query').cursor,
        limit: DIVISION_UPCOMING_PAGE,
        now: c.var.deps.now(),
      });
      if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return c.body(page.json, 200, { 'content-type': 'application/json' });
    },
  );
