import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * The offline outbox's receipts (issue 5, D16): each state-changing request sent with an `Idempotency-Key` (a
 * client-generated id) is recorded here IN THE SAME TRANSACTION as its effect, with the answer it got. A replay of
 * the same key by the same user gets that answer again and changes nothing. Rows are kept at least 7 days
 * (CLIENT_REQUEST_RETENTION_MS prunes older ones on write).
 */
export const clientRequests = sqliteTable(
  'client_requests',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text().notNull(),
    // 'POST /api/waivers': a key reused on another endpoint is refused, never answered with the wrong result.
    endpoint: text().notNull(),
    // SHA-256 of method, path and body: the same key with another body is refused (422), never answered with the
    // first result. Null for receipts stored before the hash existed.
    requestHash: text(),
    status: integer().notNull(),
    // The JSON body of the original answer.
    response: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] }), index('client_requests_created_idx').on(t.createdAt)],
);
