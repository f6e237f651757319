import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { payments } from './payments.ts';
import { tournaments } from './tournaments.ts';

export const sponsorTiers = ['title', 'gold', 'silver', 'bronze'] as const;

/**
 * D24: a paid sponsor's listing shows on the tournament only once an admin approves it. pending -> approved <-> hidden;
 * pending | approved | hidden -> rejected (its payment refunded once, through the payments module). A sponsor the
 * league entered itself (no payment, the demo data) is approved from the start.
 */
export const sponsorStatuses = ['pending', 'approved', 'hidden', 'rejected'] as const;
export type SponsorStatus = (typeof sponsorStatuses)[number];

export const sponsors = sqliteTable(
  'sponsors',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer().references(() => tournaments.id, { onDelete: 'cascade' }),
    tier: text({ enum: sponsorTiers }).notNull(),
    companyName: text().notNull(),
    website: text(),
    description: text(),
    logoUrl: text(),
    // Set when the sponsor came from a paid sponsorship checkout: one sponsor per payment.
    paymentId: integer()
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    status: text({ enum: sponsorStatuses }).notNull().default('approved'),
    // Why an admin rejected the listing (shown to admins; the sponsor is told in the notification).
    rejectionReason: text(),
    reviewedBy: text(),
    reviewedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index('sponsors_tournament_idx').on(t.tournamentId),
    // The admin Content tab's queue: pending listings (or any status) newest first, keyset on id.
    index('sponsors_status_idx').on(t.status, t.id),
  ],
);
