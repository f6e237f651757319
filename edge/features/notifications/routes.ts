import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { decodeTimeCursor } from '../../lib/time-cursor.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { NEXT_CURSOR_HEADER, NOTIFICATION_TEXTS } from './schema.ts';
import { listNotifications, markAllRead } from './service.ts';

/** /api/notifications: the signed-in user's notifications (D15). */
export const notificationRoutes = new Hono<AppEnv>()
  // Newest first, 50 a page; `?cursor=` is the X-Next-Cursor of the page before.
  .get('/', requireUser, async (c) => {
    const text = c.req.query('cursor');
    const cursor = text === undefined ? undefined : decodeTimeCursor(text);
    if (cursor === null) return c.json({ message: NOTIFICATION_TEXTS.cursor }, 400);
    const page = await listNotifications(c.var.deps.db, c.var.user!.id, cursor);
    if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return c.json(page.items, 200);
  })
  .patch('/read', requireUser, async (c) => c.json({ updated: await markAllRead(c.var.deps.db, c.var.user!.id) }, 200));
