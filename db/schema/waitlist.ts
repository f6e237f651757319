import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { tournaments } from './tournaments.ts';
import { users } from './users.ts';

/**
 * waiting: in line. offered: the first in line holds a freed spot until offerExpiresAt (30 minutes, never past the
 * registration's close). taken: the member registered (or holds a checkout) with it. lapsed: the offer ran out and
 * passed to the next. left: the member left the list. closed: registration closed (or the tournament started or was
 * cancelled) with the member still waiting.
 */
export const waitlistStates = ['waiting', 'offered', 'taken', 'lapsed', 'left', 'closed'] as const;
export type WaitlistState = (typeof waitlistStates)[number];

/**
 * D42: a full tournament's waitlist. A member (in a team tournament, a team's owner for the team) is in line at most
 * once at a time (partial unique index); the line is createdAt then id. A freed spot is offered to the first in
 * line, one offer per free spot, inside one write transaction, so a spot is never offered twice at once.
 */
export const waitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // D22: the team the owner puts in line (a team tournament); null for a player.
    teamId: integer(),
    state: text({ enum: waitlistStates }).notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    offeredAt: integer({ mode: 'timestamp_ms' }),
    offerExpiresAt: integer({ mode: 'timestamp_ms' }),
    closedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('waitlist_open_uq')
      .on(t.tournamentId, t.userId)
      .where(sql`${t.state} in ('waiting', 'offered')`),
    // The line, and the capacity rule's counts of offers and waiting members.
    index('waitlist_tournament_state_idx').on(t.tournamentId, t.state, t.createdAt, t.id),
    // The clock's range: the tournaments with anyone in line.
    index('waitlist_state_idx').on(t.state, t.tournamentId),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
