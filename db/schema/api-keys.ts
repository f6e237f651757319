import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * D44: a member's personal API keys. Only the SHA-256 of a key is kept (a key is 256 random bits, so a fast hash is
 * enough: there is nothing to guess); the key itself is shown once, when created. `prefix` is its first characters,
 * shown on Edit Profile so the member can tell keys apart. Revoking keeps the row (the list shows it as revoked).
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prefix: text().notNull(),
    tokenHash: text().notNull(),
    /** Space-separated scopes beyond reading: today only `scores` (D44). */
    scopes: text().notNull().default(''),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer({ mode: 'timestamp_ms' }),
    revokedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('api_keys_token_hash_uq').on(t.tokenHash), index('api_keys_user_idx').on(t.userId, t.id)],
);

export type ApiKey = typeof apiKeys.$inferSelect;
