import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { listNotifications, markAllRead } from './service.ts';

/** /api/notifications: the signed-in user's notifications (D15). */
export const notificationRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await listNotifications(c.var.deps.db, c.var.user!.id), 200))
  .patch('/read', requireUser, async (c) => c.json({ updated: await markAllRead(c.var.deps.db, c.var.user!.id) }, 200));
