import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { payments } from './payments.ts';
import { tournaments } from './tournaments.ts';

export const sponsorTiers = ['title', 'gold', 'silver', 'bronze'] as const;

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
    createdAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('sponsors_tournament_idx').on(t.tournamentId)],
);
