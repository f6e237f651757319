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
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-in attempts, counted per IP and per account for the rate limit (D5). */
export const signInFailures = sqliteTable(
  'sign_in_failures',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    kind: text({ enum: ['ip', 'account'] }).notNull(),
    key: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sign_in_failures_lookup_idx').on(t.kind, t.key, t.createdAt)],
);

export type Session = typeof sessions.$inferSelect;
