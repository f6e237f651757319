import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { tournaments } from '../../../db/schema/tournaments.ts';
import type { AppEnv } from '../../lib/context.ts';
import { fail } from '../../lib/errors.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { readBracket } from '../competition/bracket-read.ts';
import { canManage } from '../competition/service.ts';
import { memberData, resultsCsv } from './service.ts';

/** A file name from a title: lower-case words joined by hyphens, nothing a header could trip on. */
const fileSlug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'tournament';

/** GET /api/profile/export: the member's own data as one JSON file (issue 38 item 6). Never cached anywhere. */
export const memberExportRoutes = new Hono<AppEnv>().get('/', requireUser, async (c) => {
  const now = c.var.deps.now();
  const data = await memberData(c.var.deps.db, c.var.user!.id, now);
  if (!data) fail(404, 'User not found');
  c.header('Content-Disposition', `attachment; filename="wta-my-data-${now.toISOString().slice(0, 10)}.json"`);
  return c.json(data, 200);
});

/** GET /api/tournaments/{id}/results.csv: a tournament's match results for its host and admins (issue 38 item 6). */
export const resultsExportRoutes = new Hono<AppEnv>().get('/:id/results.csv', requireUser, async (c) => {
  const raw = c.req.param('id');
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) fail(404, 'Tournament not found');
  const { db, config } = c.var.deps;
  const [t] = await db
    .select({ id: tournaments.id, title: tournaments.title, hostId: tournaments.hostId })
    .from(tournaments)
    .where(eq(tournaments.id, Number(raw)))
    .limit(1);
  if (!t) fail(404, 'Tournament not found');
  if (!canManage(c.var.user!, t, config.leagueEmailDomain)) {
    fail(403, 'Only an admin or the tournament host can download its results');
  }
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${fileSlug(t.title)}-results.csv"`);
  return c.body(resultsCsv(await readBracket(db, t.id)), 200);
});
