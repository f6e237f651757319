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
