import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * D45: a member's own calendar feed, read by calendar apps at a secret address (no session). A table of its own, not
 * a users column, so no read of a member's row can ever carry the secret along. Reset replaces the token: the old
 * address stops answering at once.
 */
export const calendarFeeds = sqliteTable(
  'calendar_feeds',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 256 random bits, base64url: the address is the only key.
    token: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_uq').on(t.token)],
);
