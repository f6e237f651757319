import { and, count, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { messages } from '../../../db/schema/messages.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requireUser } from '../../middleware/require-auth.ts';

export const messageRoutes = new Hono<AppEnv>().get('/unread-count', requireUser, async (c) => {
  const [row] = await c.var.deps.db
    .select({ count: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, c.var.user!.id), isNull(messages.readAt)));
  return c.json({ count: row?.count ?? 0 }, 200);
});
