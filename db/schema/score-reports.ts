import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { matches } from './competition.ts';
import { tournaments } from './tournaments.ts';
import { users } from './users.ts';

/**
 * pending: one side reported; the other may agree (confirmed), report differently or press Dispute (disputed), or
 * stay quiet for 10 minutes (confirmed by the clock). disputed: unapplied until the host's or an admin's report.
 * confirmed: applied as the match's result. decided: the host's or an admin's report settled it. void: the match
 * changed underneath (its version moved: a withdrawal, back to upcoming), so the round no longer describes it.
 */
export const scoreReportStates = ['pending', 'disputed', 'confirmed', 'decided', 'void'] as const;
export type ScoreReportState = (typeof scoreReportStates)[number];
export const scoreReportSides = ['A', 'B'] as const;

/**
 * Players' score reports (D40): one round per match and version, opened by the first report. At most one round of
 * a match is open (pending or disputed), by a partial unique index, so two first reports at once make one round.
 * Every report, confirmation and dispute is also a match-history row (append-only); this row is the round's state.
 */
export const scoreReports = sqliteTable(
  'score_reports',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    matchId: integer()
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    // The match's version the reports were made against: a round is only about that state of the match.
    matchVersion: integer().notNull(),
    state: text({ enum: scoreReportStates }).notNull(),
    // The first report: its side, who made it, the score.
    side: text({ enum: scoreReportSides }).notNull(),
    reporterId: text().references(() => users.id, { onDelete: 'set null' }),
    scoreA: integer().notNull(),
    scoreB: integer().notNull(),
    reportedAt: integer({ mode: 'timestamp_ms' }).notNull(),
    // The other side's report when it differed (which disputes the round).
    otherReporterId: text().references(() => users.id, { onDelete: 'set null' }),
    otherScoreA: integer(),
    otherScoreB: integer(),
    otherReportedAt: integer({ mode: 'timestamp_ms' }),
    // Who pressed Dispute (or reported differently), and when.
    disputedById: text().references(() => users.id, { onDelete: 'set null' }),
    disputedAt: integer({ mode: 'timestamp_ms' }),
    // Pending only: the clock confirms the round at this time unless the other side disputes first.
    confirmsAt: integer({ mode: 'timestamp_ms' }),
    // Who confirmed (null: the clock, or the host's decision) and when the round closed.
    confirmedById: text().references(() => users.id, { onDelete: 'set null' }),
    closedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('score_reports_open_uq')
      .on(t.matchId)
      .where(sql`${t.state} in ('pending', 'disputed')`),
    index('score_reports_tournament_idx').on(t.tournamentId, t.matchId),
    // The clock's range: pending rounds whose quiet 10 minutes are over.
    index('score_reports_due_idx')
      .on(t.confirmsAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);

export type ScoreReportRow = typeof scoreReports.$inferSelect;
