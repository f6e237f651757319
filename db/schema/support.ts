import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * D17: what a member sent through /support. Each request is also delivered as a message to every league admin;
 * the row keeps the request itself (and counts toward the hourly limit) whoever reads or deletes those messages.
 */
export const supportRequests = sqliteTable(
  'support_requests',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text().notNull(),
    body: text().notNull(),
    /** What the member was looking at, e.g. a checkout session id from the payment error card. */
    reference: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('support_requests_user_idx').on(t.userId, t.createdAt)],
);
