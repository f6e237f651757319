import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * Sessions as the Lucia guide describes them: the id is the SHA-256 (hex) of the random token in the cookie,
 * so a leaked table cannot be replayed as cookies.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    // What the member sees in their list of active sessions (issue 10): the browser's User-Agent at sign-in,
    // and when the session was last used (refreshed at most every few minutes, not on every request).
    userAgent: text(),
    lastUsedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Counted attempts for the sign-in and sign-up limits (D5, D35): failed sign-ins per address ('ip'), per account
 * ('account') and per trusted device ('device'), and registrations per address ('registration'). Old rows are pruned.
 */
export const signInFailures = sqliteTable(
  'sign_in_failures',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    kind: text({ enum: ['ip', 'account', 'device', 'registration'] }).notNull(),
    key: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sign_in_failures_lookup_idx').on(t.kind, t.key, t.createdAt)],
);

export type Session = typeof sessions.$inferSelect;
