import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { tickets } from './payments.ts';
import { tournaments } from './tournaments.ts';
import { users } from './users.ts';

/**
 * admitted: this check-in marked the ticket used (its first use; at most one per ticket).
 * conflict: a door admitted the holder on its own saved list with no signal (D26), but when it synced the ticket
 * had already been used at another door: two people may have come in on one ticket, so admins are shown it.
 */
export const doorCheckInOutcomes = ['admitted', 'conflict'] as const;
export type DoorCheckInOutcome = (typeof doorCheckInOutcomes)[number];

/**
 * The door's record of check-ins that changed something (D26): each admission, and each offline admission that
 * collided with an earlier use. A check-in that is merely answered "already used" online changes nothing and is
 * not written. The ticket's own `usedAt`/`usedBy` stay the first use (a ticket may also be marked used through
 * /api/tickets/{code}/use, which writes no row here).
 */
export const doorCheckIns = sqliteTable(
  'door_check_ins',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    outcome: text({ enum: doorCheckInOutcomes }).notNull(),
    // Who ran the door (an admin or the host); kept as null if the account is deleted.
    checkedBy: text().references(() => users.id, { onDelete: 'set null' }),
    // The request's Idempotency-Key: an offline retry of this device's own online attempt names it (`replaces`), so
    // a lost answer is never mistaken for a second door.
    clientId: text(),
    // Made with no signal, on the device's saved list.
    offline: integer({ mode: 'boolean' }).notNull(),
    // When the door scanned it (the device's clock, never later than receivedAt) and when the server heard of it.
    scannedAt: integer({ mode: 'timestamp_ms' }).notNull(),
    receivedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    // The database, not the code, guarantees one admission per ticket.
    uniqueIndex('door_check_ins_admitted_uq')
      .on(t.ticketId)
      .where(sql`outcome = 'admitted'`),
    // Admins' conflict list, newest first, for every tournament or one (keyset pages on id).
    index('door_check_ins_outcome_idx').on(t.outcome, t.id),
    index('door_check_ins_tournament_idx').on(t.tournamentId, t.outcome, t.id),
  ],
);
