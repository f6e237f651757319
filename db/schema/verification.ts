import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/** 001 s3/s4: an application is pending, then approved or rejected (with the reason shown to the applicant, D11). */
export const verificationStatuses = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];
/** 001 s2: owner when the applicant's role is owner, otherwise player. */
export const verificationTypes = ['owner', 'player'] as const;
export type VerificationType = (typeof verificationTypes)[number];

/**
 * Verification applications (001 s3, D11). Decided rows stay: the applicant sees the last rejection's reason, and a
 * new application after a rejection is a new row. One PENDING application per member is a partial unique index, so
 * two applies racing each other cannot both land, whatever the code path.
 */
export const verificationApplications = sqliteTable(
  'verification_applications',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text({ enum: verificationTypes }).notNull(),
    status: text({ enum: verificationStatuses }).notNull().default('pending'),
    applicationReason: text().notNull(),
    achievements: text().notNull(),
    socialMedia: text(),
    teamAffiliations: text(),
    // The rejection reason (001 s3 calls it `reason`); null unless rejected.
    reason: text(),
    // The admin who decided; no foreign key, so an admin's account leaving does not rewrite the history.
    decidedBy: text(),
    decidedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('verification_applications_pending_uq')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    // The applicant's own applications, newest first.
    index('verification_applications_user_idx').on(t.userId, t.createdAt, t.id),
    // The admin queue: pending applications, oldest first, paged by (createdAt, id).
    index('verification_applications_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`status = 'pending'`),
  ],
);

export type VerificationApplication = typeof verificationApplications.$inferSelect;
