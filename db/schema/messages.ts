import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/** Direct messages between members; the shell's Notifications badge counts the unread ones. */
export const messages = sqliteTable(
  'messages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    senderId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    readAt: integer({ mode: 'timestamp_ms' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('messages_recipient_read_idx').on(t.recipientId, t.readAt)],
);

/** D15: what happened to the user (registration confirmed, decisions, reminders), listed on the dashboard. */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    link: text(),
    read: integer({ mode: 'boolean' }).notNull().default(false),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);
