import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { payments } from './payments.ts';
import { tournaments } from './tournaments.ts';
import { users } from './users.ts';

/**
 * The competition engine's storage (issue 11, ADR 022). The engine itself is pure
 * (edge/features/competition/engine/): entrants and results in, matches and standings out. These tables hold its
 * inputs (entrants, reported results), its last output (matches, standings), and what completion wrote (points,
 * payouts), each so that a correction can be applied as a difference.
 */

/**
 * Who plays: a snapshot of the registrations taken when the tournament starts (D12), seeded by WTA points then
 * earliest registration (D13). Kept apart from users so team entries (D22) plug in with `teamId` and a team's name.
 * `counted*` are what this entrant has added to the member's wins, losses and gamesPlayed so far, so a correction
 * changes the member by the difference and never twice.
 */
export const entrants = sqliteTable(
  'entrants',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    // The member playing (solo) or the owner entering (team, D22).
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    // Set for team entries (teams issue); no foreign key here so the teams schema stays independent.
    teamId: integer(),
    registrationId: integer(),
    name: text().notNull(),
    // 1 = best.
    seed: integer().notNull(),
    // Withdrawn (disqualified) by an admin or the host: every open match of theirs is a forfeit (D20).
    withdrawnAt: integer({ mode: 'timestamp_ms' }),
    countedWins: integer().notNull().default(0),
    countedLosses: integer().notNull().default(0),
    countedGames: integer().notNull().default(0),
    // 1 while this team entrant's championship is counted in teams.championship_wins (D22): completion moves the
    // team by the difference, so a retried or re-settled completion never counts a title twice.
    countedChampionship: integer().notNull().default(0),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('entrants_tournament_seed_uq').on(t.tournamentId, t.seed),
    uniqueIndex('entrants_tournament_user_uq').on(t.tournamentId, t.userId),
    index('entrants_user_idx').on(t.userId),
  ],
);

export const matchStatuses = ['upcoming', 'live', 'completed'] as const;
export type MatchStatus = (typeof matchStatuses)[number];

/**
 * One match of a tournament's bracket, as the engine last computed it. `key` is the engine's stable name for the
 * match (the same match keeps its key across recomputations); `number` is the one the Bracket tab shows.
 * A result is the score and winner; `resultSeq` orders results so the engine can replay them.
 */
export const matches = sqliteTable(
  'matches',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    // 'main' (single elimination), 'winners', 'losers', 'grand-final', 'third-place', 'round-robin', 'swiss',
    // 'pool', 'playoff'.
    stage: text().notNull(),
    // The pool (pool play) or 0.
    groupNumber: integer().notNull().default(0),
    round: integer().notNull(),
    number: integer().notNull(),
    bestOf: integer().notNull(),
    entrantAId: integer().references(() => entrants.id, { onDelete: 'set null' }),
    entrantBId: integer().references(() => entrants.id, { onDelete: 'set null' }),
    scoreA: integer(),
    scoreB: integer(),
    winnerId: integer().references(() => entrants.id, { onDelete: 'set null' }),
    status: text({ enum: matchStatuses }).notNull().default('upcoming'),
    // Won because the other side was withdrawn (D20): no games and no match-win points.
    forfeit: integer({ mode: 'boolean' }).notNull().default(false),
    // Set by the admin or host; otherwise the screens estimate it (previous round's end + 15 minutes, 000 s9).
    startTime: integer({ mode: 'timestamp_ms' }),
    completedAt: integer({ mode: 'timestamp_ms' }),
    resultSeq: integer(),
    // D41: the court the match was called to and when (calling marks it live); when each side pressed 'I'm at the
    // court'. They belong to the pairing: a change of sides clears them.
    court: text(),
    calledAt: integer({ mode: 'timestamp_ms' }),
    arrivedAAt: integer({ mode: 'timestamp_ms' }),
    arrivedBAt: integer({ mode: 'timestamp_ms' }),
    // Raised by every change to this match (a report, a correction, marking it live, a start time, a forfeit, an
    // entrant advancing into it). A report or correction names the version it saw; a stale one is refused (D40,
    // ADR 052). Not the tournament's bracketVersion, which moves with every match and would refuse unrelated reports.
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('matches_tournament_key_uq').on(t.tournamentId, t.key),
    uniqueIndex('matches_tournament_number_uq').on(t.tournamentId, t.number),
    index('matches_entrant_a_idx').on(t.entrantAId),
    index('matches_entrant_b_idx').on(t.entrantBId),
  ],
);

export const matchHistoryActions = [
  'report',
  'correct',
  'clear',
  'live',
  'schedule',
  'withdraw',
  'start',
  'complete',
  // D39: an entrant checked in, or withdrawn as a no-show at the close (matchKey null: the tournament's trail).
  'check-in',
  'no-show',
  // D40: a player's score report, the other side's confirmation (or the clock's after 10 quiet minutes), a dispute.
  'score-report',
  'score-confirm',
  'score-dispute',
  // D41: an entrant at the court, a forfeit claimed, and the host's decision of it.
  'arrival',
  'forfeit-claim',
  'forfeit-decision',
] as const;
export type MatchHistoryAction = (typeof matchHistoryActions)[number];

/**
 * Every report and correction (D20), append-only (triggers refuse UPDATE and DELETE). `before` and `after` are JSON
 * ({ entrantAId, entrantBId, scoreA, scoreB, winnerId, status }); `actorId` is null for the clock.
 */
export const matchHistory = sqliteTable(
  'match_history',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer().notNull(),
    // No foreign keys: history outlives what it describes, and a cascade would be an UPDATE the triggers refuse.
    matchKey: text(),
    matchNumber: integer(),
    action: text({ enum: matchHistoryActions }).notNull(),
    actorId: text(),
    before: text(),
    after: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('match_history_tournament_idx').on(t.tournamentId, t.id)],
);

/** The five places of 001's final standings entity, as entrant ids (D19 decides the places). */
export const finalStandings = sqliteTable('final_standings', {
  tournamentId: integer()
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  winnerId: integer().references(() => entrants.id, { onDelete: 'set null' }),
  runnerUpId: integer().references(() => entrants.id, { onDelete: 'set null' }),
  thirdPlaceId: integer().references(() => entrants.id, { onDelete: 'set null' }),
  fourthPlaceId: integer().references(() => entrants.id, { onDelete: 'set null' }),
  // The member voted MVP (D14): a user, since team tournaments vote for rostered members (D22).
  mvpUserId: text().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

export const pointReasons = ['champion', 'runner-up', 'third', 'fourth', 'match-win', 'mvp', 'participation'] as const;
export type PointReason = (typeof pointReasons)[number];

/**
 * The points ledger (D14, D22, D38): every point is a row; a correction writes the difference as new rows (negative
 * when points are taken back), never an edit. Append-only (triggers). users.wtaPoints is kept equal to the sum.
 */
export const pointsLedger = sqliteTable(
  'points_ledger',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text().notNull(),
    tournamentId: integer().notNull(),
    reason: text({ enum: pointReasons }).notNull(),
    points: integer().notNull(),
    // Team size of the tournament when the row was written (D38's division filter): 1 = solo.
    teamSize: integer().notNull().default(1),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('points_ledger_tournament_user_idx').on(t.tournamentId, t.userId),
    index('points_ledger_user_idx').on(t.userId, t.createdAt),
  ],
);

export const payoutStatuses = ['owed', 'paid', 'void'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/**
 * Prize money owed to the top four (D21: 50/30/15/5 % of the prize pool, whole dollars). owed -> paid (date,
 * reference) | void, each by a conditional update. A correction voids an owed payout and records the new one; a paid
 * payout is never changed: the difference is an `adjustment` row (negative to reclaim) flagged to admins (D20).
 */
export const payouts = sqliteTable(
  'payouts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'restrict' }),
    place: integer().notNull(),
    kind: text({ enum: ['payout', 'adjustment'] }).notNull().default('payout'),
    // The payee: the player, or the team's owner (D21).
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountDollars: integer().notNull(),
    status: text({ enum: payoutStatuses }).notNull().default('owed'),
    paidAt: integer({ mode: 'timestamp_ms' }),
    reference: text(),
    // The paid payout an adjustment corrects.
    adjustsPayoutId: integer(),
    decidedBy: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    // One live payout per place: completing twice cannot pay twice.
    uniqueIndex('payouts_live_place_uq')
      .on(t.tournamentId, t.place)
      .where(sql`${t.kind} = 'payout' AND ${t.status} != 'void'`),
    index('payouts_user_idx').on(t.userId, t.createdAt),
    index('payouts_tournament_idx').on(t.tournamentId, t.place),
  ],
);

/** One MVP vote per member per tournament (000 s5), enforced by the unique index. */
export const mvpVotes = sqliteTable(
  'mvp_votes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    voterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The member voted for: an entrant (solo) or a rostered member of an entered team (D22).
    playerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('mvp_votes_tournament_voter_uq').on(t.tournamentId, t.voterId),
    index('mvp_votes_tournament_player_idx').on(t.tournamentId, t.playerId),
  ],
);

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;

/**
 * A refund of a paid payment (D33), at most one per payment (unique index): two cancellations sent at once claim the
 * same row, and only the one that inserted it calls the provider (with the row's id as the idempotency key).
 */
export const refunds = sqliteTable(
  'refunds',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    paymentId: integer()
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    tournamentId: integer(),
    amountCents: integer().notNull(),
    status: text({ enum: refundStatuses }).notNull().default('pending'),
    providerRefundId: text(),
    reason: text().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    completedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [index('refunds_status_idx').on(t.status, t.createdAt)],
);

export type Entrant = typeof entrants.$inferSelect;
export type MatchRow = typeof matches.$inferSelect;
export type Payout = typeof payouts.$inferSelect;
