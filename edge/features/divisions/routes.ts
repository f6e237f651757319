import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { divisionNames, type Division } from '../tournaments/schema.ts';
import { listTournaments } from '../tournaments/service.ts';
import { parseDivisionSlug, topPlayersOf } from './service.ts';

/** How many completed tournaments a division page shows. */
const RECENT = 10;

/**
 * /api/divisions/{slug} (D17). The page is composed here from the tournaments feature's list query (the same
 * listing rules and shape as /api/tournaments) and this feature's leaderboard.
 */
export const divisionRoutes = new Hono<AppEnv>().get('/:slug', async (c) => {
  const slug = parseDivisionSlug(c.req.param('slug'));
  if (!slug) return c.json({ message: 'Division not found' }, 404);
  const { db } = c.var.deps;
  const now = c.var.deps.now();
  const [upcoming, recent, topPlayers] = await Promise.all([
    listTournaments(db, { division: slug, status: ['live', 'upcoming'], now }),
    listTournaments(db, { division: slug, status: 'completed', limit: RECENT, now }),
    topPlayersOf(db, slug),
  ]);
  const division: Division = { slug, name: divisionNames[slug], upcoming, recent, topPlayers };
  return c.json(division, 200);
});
