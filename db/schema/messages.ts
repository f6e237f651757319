import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * Direct messages between members (001 s3). A conversation is the pair of members, whoever wrote first; its thread
 * is read from `messages_pair_idx` (the pair's smaller and larger id, then id), one index range however many
 * messages the league holds. Triggers (migration 0022, ADR 039) keep `conversations` and `message_inboxes` in step
 * with every insert, read and delete, whichever code path writes (a send, a support request, the demo seed).
 */
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
  (t) => [
    // Opening a thread marks the other side's unread messages read: one range of this index.
    index('messages_recipient_read_idx').on(t.recipientId, t.senderId, t.readAt),
    index('messages_pair_idx').on(
      sql`min(${t.senderId}, ${t.recipientId})`,
      sql`max(${t.senderId}, ${t.recipientId})`,
      t.id,
    ),
    // D27's sending limits: a member's messages in the last minute and day.
    index('messages_sender_time_idx').on(t.senderId, t.createdAt),
  ],
);

/**
 * One row per member per conversation (two per pair), kept by triggers: the conversation list is one index range
 * of `conversations_list_idx`, newest first, without reading a message. `startedBy` is the first message's sender
 * (D27: a minor's conversations with strangers must be ones the minor started).
 */
export const conversations = sqliteTable(
  'conversations',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherUserId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedBy: text().notNull(),
    lastMessageId: integer().notNull(),
    lastMessageAt: integer({ mode: 'timestamp_ms' }).notNull(),
    /** Messages from the other member this member has not read. */
    unreadCount: integer().notNull().default(0),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.otherUserId] }),
    index('conversations_list_idx').on(t.userId, t.lastMessageAt, t.otherUserId),
    // D27: new conversations a member started in the last day.
    index('conversations_started_idx').on(t.startedBy, t.createdAt),
  ],
);

/**
 * A member's messaging counters, kept by triggers: the unread total (the Notifications badge, one primary-key read)
 * and a version that moves whenever their conversation list or any of their threads changes (a message either way,
 * a read either way), so a poll that finds it unchanged answers 304 without reading a conversation.
 */
export const messageInboxes = sqliteTable('message_inboxes', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unread: integer().notNull().default(0),
  version: integer().notNull().default(0),
});

/** D27: a member blocks another; neither can message the other, and each is hidden from the other's picker. */
export const memberBlocks = sqliteTable(
  'member_blocks',
  {
    blockerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('member_blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
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
