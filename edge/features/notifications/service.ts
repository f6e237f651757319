import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/messages.ts';
import type { Notification } from './schema.ts';

/** The dashboard shows at most this many, newest first. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** The user's notifications, newest first (ties: the later-written first), at most NOTIFICATION_LIST_LIMIT. */
export async function listNotifications(db: Db, userId: string): Promise<Notification[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return rows.map((n) => ({
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    read: n.read,
    createdAt: n.createdAt.toISOString(),
  }));
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return changed.length;
}
