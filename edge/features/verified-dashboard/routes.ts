import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { ACCESS_RESTRICTED } from './schema.ts';
import { verifiedDashboard } from './service.ts';

/** GET /api/verified-dashboard (D32): verified members only (403 with the page's gate words otherwise). */
export const verifiedDashboardRoutes = new Hono<AppEnv>().get('/', requireUser, async (c) => {
  const user = c.var.user!;
  if (!user.isVerified) return c.json({ message: ACCESS_RESTRICTED.description }, 403);
  return c.json(await verifiedDashboard(c.var.deps.db, user, c.var.deps.now()), 200);
});
