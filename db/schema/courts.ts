import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { matches } from './competition.ts';
import { tournaments } from './tournaments.ts';
import { users } from './users.ts';

export const forfeitClaimStates = ['pending', 'confirmed', 'refused', 'void'] as const;
export type ForfeitClaimState = (typeof forfeitClaimStates)[number];

/**
 * D41: an entrant who pressed 'I'm at the court' claims the win when the other side has not, once the no-show time
 * has passed since the call. The host or an admin confirms (the match is a forfeit won by the claimant, decided only
 * for this match) or refuses it. At most one claim of a match is pending (partial unique index). `void`: the match
 * changed underneath (its version moved) before a decision.
 */
export const forfeitClaims = sqliteTable(
  'forfeit_claims',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    matchId: integer()
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    matchVersion: integer().notNull(),
    side: text({ enum: ['A', 'B'] }).notNull(),
    claimantId: text().references(() => users.id, { onDelete: 'set null' }),
    claimedAt: integer({ mode: 'timestamp_ms' }).notNull(),
    state: text({ enum: forfeitClaimStates }).notNull(),
    decidedById: text().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('forfeit_claims_pending_uq')
      .on(t.matchId)
      .where(sql`${t.state} = 'pending'`),
    index('forfeit_claims_tournament_idx').on(t.tournamentId, t.matchId),
  ],
);

export type ForfeitClaimRow = typeof forfeitClaims.$inferSelect;
