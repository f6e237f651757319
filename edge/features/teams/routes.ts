import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { myTeams } from './service.ts';

/** /api/teams: team owners' teams (001 s7). */
export const teamRoutes = new Hono<AppEnv>().get('/my-teams', requireUser, async (c) => {
  const user = c.var.user!;
  // 001 s2: the team owner page is for owners only.
  if (user.role !== 'owner') return c.json({ message: 'Team owner access only' }, 403);
  return c.json(await myTeams(c.var.deps.db, user.id), 200);
});
