import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { encodeTimeCursor, type TimeCursor } from '../../lib/time-cursor.ts';
import type { Notification } from './schema.ts';

/** A page of the Notifications tab, newest first. */
export const NOTIFICATION_PAGE_SIZE = 50;

/** The page's one statement, read along notifications_user_idx (exported so a test can read its query plan). */
export function notificationsStatement(db: Db, userId: string, cursor?: TimeCursor) {
  const after = cursor
    ? or(
        lt(notifications.createdAt, new Date(cursor.at)),
        and(eq(notifications.createdAt, new Date(cursor.at)), lt(notifications.id, cursor.id)),
      )
    : undefined;
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), after))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_PAGE_SIZE + 1);
}

/**
 * The user's notifications, newest first (ties: the later-written first), a page at a time; `nextCursor` is the sort
 * key of the page's last one when older ones exist, so new arrivals never shift a later page.
 */
export async function listNotifications(
  db: Db,
  userId: string,
  cursor?: TimeCursor,
): Promise<{ items: Notification[]; nextCursor: string | null }> {
  const rows = await notificationsStatement(db, userId, cursor);
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((n) => ({
      id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      read: n.read,
      createdAt: n.createdAt.toISOString(),
    })),
    nextCursor:
      rows.length > NOTIFICATION_PAGE_SIZE && last
        ? encodeTimeCursor({ at: last.createdAt.getTime(), id: last.id })
        : null,
  };
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
