import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { tournaments } from './tournaments.ts';

/** 001 s9: the host form's divisions, the level of play (this league's `tournaments.division` names the sport). */
export const hostLevels = ['youth', 'high_school', 'college', 'open', 'masters', 'mixed'] as const;
export type HostLevel = (typeof hostLevels)[number];

/**
 * The host form's fields that a tournament row does not already hold (001 s3 "Hosted tournament submission", D10,
 * D21): one row per tournament submitted through /host-tournament or created in the admin manager (D24). Its own
 * table so the tournament list's hot statement and its indexes stay as they are; the detail reads the splits by the
 * primary key. Review facts (who decided, when) live in the audit log; the status and the rejection reason stay on the
 * tournament, where the lists read them.
 */
export const hostedTournaments = sqliteTable(
  'hosted_tournaments',
  {
    tournamentId: integer()
      .primaryKey()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    // 001's "division" of the host form (youth ... mixed); the API calls it division, as the form does.
    level: text({ enum: hostLevels }).notNull().default('open'),
    venueName: text().notNull(),
    venueAddress: text().notNull(),
    rules: text().notNull(),
    requirements: text().notNull(),
    // D21: the host's declared splits, whole percents summing to 100, shown on the tournament's Overview.
    winnerSplit: integer().notNull(),
    charitySplit: integer().notNull(),
    wtaSplit: integer().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    check(
      'hosted_tournaments_splits',
      sql`${t.winnerSplit} between 0 and 100 and ${t.charitySplit} between 0 and 100 and ${t.wtaSplit} between 0 and 100 and ${t.winnerSplit} + ${t.charitySplit} + ${t.wtaSplit} = 100`,
    ),
  ],
);

export type HostedTournamentRow = typeof hostedTournaments.$inferSelect;
