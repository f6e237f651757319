import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { currentTeam } from './service.ts';

/** /api/player: the signed-in player's own data (current team). */
export const playerRoutes = new Hono<AppEnv>().get('/current-team', requireUser, async (c) =>
  c.json(await currentTeam(c.var.deps.db, c.var.user!.id), 200),
);
