import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * Signed waivers are legal records (D8): rows are only ever inserted, never updated or deleted.
 * contentHash is the SHA-256 of the canonical record so tampering is detectable.
 */
export const waivers = sqliteTable(
  'waivers',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text({ enum: ['liability'] }).notNull().default('liability'),
    textVersion: text().notNull(),
    signerName: text().notNull(),
    dateOfBirth: text(),
    signatureData: text().notNull(),
    emergencyContactName: text().notNull(),
    emergencyContactPhone: text().notNull(),
    parentGuardianName: text(),
    parentGuardianEmail: text(),
    parentGuardianSignature: text(),
    ipAddress: text(),
    deviceInfo: text(),
    deviceSignedAt: integer({ mode: 'timestamp_ms' }),
    receivedAt: integer({ mode: 'timestamp_ms' }).notNull(),
    contentHash: text().notNull(),
  },
  (t) => [uniqueIndex('waivers_user_type_version_uq').on(t.userId, t.type, t.textVersion)],
);

/**
 * Server signatures of signed waivers (D8, issue 10): the HMAC-SHA256 of each waiver's content hash under a key kept
 * outside the database (WAIVER_SIGNING_KEY), so someone who can write the database file cannot rewrite a waiver and
 * its hash unnoticed. Append-only like the waivers themselves (triggers refuse UPDATE and DELETE); waivers signed
 * before this table existed are signed when the server starts. keyId names the key (a prefix of its own hash), so a
 * key can be rotated by adding signatures under the new key.
 */
export const waiverSignatures = sqliteTable(
  'waiver_signatures',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    waiverId: integer()
      .notNull()
      .references(() => waivers.id, { onDelete: 'restrict' }),
    keyId: text().notNull(),
    algorithm: text({ enum: ['HMAC-SHA256'] }).notNull(),
    signature: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('waiver_signatures_waiver_key_uq').on(t.waiverId, t.keyId)],
);
