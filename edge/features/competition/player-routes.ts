import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { winningsOf } from './payouts.ts';

/** /api/player/...: the signed-in member's competition data (D21 winnings). Mounted beside the players routes. */
export const competitionPlayerRoutes = new Hono<AppEnv>().get('/winnings', requireUser, async (c) =>
  c.json(await winningsOf(c.var.deps.db, c.var.user.id), 200),
);
