import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sessions } from './auth.ts';
import { users } from './users.ts';

/**
 * D28: one row per device that turned notifications on, keyed by the push service's endpoint. It belongs to the
 * session it was made in, so signing out on that device (or an admin ending the member's sessions) removes it by the
 * foreign key's cascade; a 404 or 410 from the push service removes it too.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text()
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291's encryption. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    /** The last time the push service accepted a message for it. */
    lastPushedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * What waits to be pushed: a new message or notification of a member who has a subscription. Filled by triggers on
 * `messages` and `notifications` (migration 0023), whichever code path writes them; emptied by the delivery, which
 * claims rows by deleting them, so two deliveries never push one twice.
 */
export const pushQueue = sqliteTable('push_queue', {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'message' (source: messages.id) or 'notification' (source: notifications.id). */
  kind: text({ enum: ['message', 'notification'] }).notNull(),
  sourceId: integer().notNull(),
  attempts: integer().notNull().default(0),
  createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushQueueRow = typeof pushQueue.$inferSelect;
