import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { matchHistory } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { clockTimeFor } from '../../lib/time-zone.ts';
import {
  CHECK_IN_CLOSES_BEFORE_MS,
  CHECK_IN_OPENS_BEFORE_MS,
  CHECK_IN_TEXTS as T,
  checkInOpenBody,
  checkInOpenTitle,
  checkInWindow,
  noShowBody,
} from './schema.ts';
import { type Tx } from './service.ts';

// D39, the window's two moments, run by the tournament clock (Node timer, Workers cron) and by the start: the opening
// (entrants told 'Check-in is open - check in by {time}') and the close (no-shows withdrawn), each claimed once.

/** The notification kind of a no-show's withdrawal (D15's centre lists it with the others). */
export const NO_SHOW_KIND = 'checked_in_no_show';
/** The notification kind of 'Check-in is open' (in the centre and by Web Push, D28). */
export const CHECK_IN_OPEN_KIND = 'check_in_open';
/** At most this many tournaments per clock tick; the next tick takes the rest. */
const BATCH = 25;

/**
 * Withdraws the tournament's no-shows (D39): every registered entrant not checked in becomes cancelled with
 * `noShowAt`, hears why, and gets a history row; an unpaid hold ends too (registration ended at the close). Returns
 * the withdrawn members. Runs in the caller's transaction: the clock's close and the start both call it.
 */
export async function withdrawNoShows(tx: Tx, t: { id: number; title: string }, now: Date): Promise<string[]> {
  const withdrawn = await tx
    .update(tournamentRegistrations)
    .set({ status: 'cancelled', noShowAt: now })
    .where(
      and(
        eq(tournamentRegistrations.tournamentId, t.id),
        eq(tournamentRegistrations.status, 'registered'),
        isNull(tournamentRegistrations.checkedInAt),
      ),
    )
    .returning({ id: tournamentRegistrations.id, userId: tournamentRegistrations.userId, teamId: tournamentRegistrations.teamId });
  await tx
    .update(tournamentRegistrations)
    .set({ status: 'cancelled' })
    .where(and(eq(tournamentRegistrations.tournamentId, t.id), eq(tournamentRegistrations.status, 'pending_payment')));
  if (withdrawn.length > 0) {
    await tx.insert(notifications).values(
      withdrawn.map((w) => ({
        userId: w.userId,
        kind: NO_SHOW_KIND,
        title: T.noShowTitle,
        body: noShowBody(t.title),
        link: `/tournaments/${t.id}`,
        read: false,
        createdAt: now,
      })),
    );
    await tx.insert(matchHistory).values(
      withdrawn.map((w) => ({
        tournamentId: t.id,
        action: 'no-show' as const,
        actorId: null,
        after: JSON.stringify({ registrationId: w.id, userId: w.userId, teamId: w.teamId }),
        createdAt: now,
      })),
    );
  }
  return withdrawn.map((w) => w.userId);
}

/**
 * The clock's opening (D39): each upcoming tournament with check-in whose window has opened, and not yet closed, is
 * claimed once and every registered entrant not checked in yet is told 'Check-in is open - check in by {time}' (in
 * their own zone; the push follows from the notification). A window the clock first sees after its close is not
 * announced: the close has withdrawn its no-shows already. Returns the tournaments announced.
 */
export async function openDueCheckIns(db: Db, now: Date): Promise<number[]> {
  // Served by tournaments_status_start_idx: upcoming tournaments starting between 30 minutes and 2 hours from now.
  const due = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(
      and(
        eq(tournaments.status, 'upcoming'),
        gt(tournaments.startDate, new Date(now.getTime() + CHECK_IN_CLOSES_BEFORE_MS)),
        lte(tournaments.startDate, new Date(now.getTime() + CHECK_IN_OPENS_BEFORE_MS)),
        eq(tournaments.checkIn, true),
        isNull(tournaments.checkInOpenedAt),
      ),
    )
    .orderBy(asc(tournaments.startDate))
    .limit(BATCH);
  const opened: number[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => announceCheckIn(tx, id, now), { behavior: 'immediate' });
    if (done) opened.push(id);
  }
  return opened;
}

async function announceCheckIn(tx: Tx, tournamentId: number, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(tournaments)
    .set({ checkInOpenedAt: now })
    .where(and(eq(tournaments.id, tournamentId), isNull(tournaments.checkInOpenedAt), eq(tournaments.checkIn, true)))
    .returning({ id: tournaments.id, title: tournaments.title, startDate: tournaments.startDate });
  if (!claimed) return false;
  const closesAt = checkInWindow(claimed.startDate).closesAt;
  // A team entry is told through the member who entered it (its owner), as its no-show notice is.
  const entrants = await tx
    .select({ userId: tournamentRegistrations.userId, timeZone: users.timeZone })
    .from(tournamentRegistrations)
    .innerJoin(users, eq(users.id, tournamentRegistrations.userId))
    .where(
      and(
        eq(tournamentRegistrations.tournamentId, tournamentId),
        eq(tournamentRegistrations.status, 'registered'),
        isNull(tournamentRegistrations.checkedInAt),
      ),
    );
  if (entrants.length > 0) {
    await tx.insert(notifications).values(
      entrants.map((e) => ({
        userId: e.userId,
        kind: CHECK_IN_OPEN_KIND,
        title: checkInOpenTitle(clockTimeFor(closesAt, e.timeZone)),
        body: checkInOpenBody(claimed.title),
        link: `/tournaments/${tournamentId}#registration`,
        read: false,
        createdAt: now,
      })),
    );
  }
  return true;
}

/**
 * The clock's close (D39): each upcoming tournament with check-in whose close has come is claimed once (a
 * conditional write, so two clocks close it once) and its no-shows are withdrawn. Returns the closed tournaments.
 */
export async function closeDueCheckIns(db: Db, now: Date): Promise<number[]> {
  // Served by tournaments_status_start_idx: upcoming tournaments starting within 30 minutes (or overdue).
  const due = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(
      and(
        eq(tournaments.status, 'upcoming'),
        lte(tournaments.startDate, new Date(now.getTime() + CHECK_IN_CLOSES_BEFORE_MS)),
        eq(tournaments.checkIn, true),
        isNull(tournaments.checkInClosedAt),
      ),
    )
    .orderBy(asc(tournaments.startDate))
    .limit(BATCH);
  const closed: number[] = [];
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => closeCheckIn(tx, id, now), { behavior: 'immediate' });
    if (done) closed.push(id);
  }
  return closed;
}

/**
 * Claims a tournament's close and withdraws its no-shows, in the caller's transaction; false when it was already
 * closed (or is no longer upcoming, or has no check-in). The start calls it too, so the draw never waits for a clock.
 */
export async function closeCheckIn(tx: Tx, tournamentId: number, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(tournaments)
    .set({ checkInClosedAt: now })
    .where(
      and(
        eq(tournaments.id, tournamentId),
        eq(tournaments.status, 'upcoming'),
        eq(tournaments.checkIn, true),
        isNull(tournaments.checkInClosedAt),
        lte(tournaments.startDate, new Date(now.getTime() + CHECK_IN_CLOSES_BEFORE_MS)),
      ),
    )
    .returning({ id: tournaments.id, title: tournaments.title });
  if (!claimed) return false;
  await withdrawNoShows(tx, claimed, now);
  return true;
}

/**
 * The start's end of check-in (D39): the draw takes checked-in entrants only, whether or not the clock has closed
 * check-in yet (an early start by the host or an admin, a clock that has not run): the close is claimed if it was not
 * and every entrant not checked in is withdrawn as a no-show. In the start's transaction.
 */
export async function endCheckInAtStart(tx: Tx, t: { id: number; title: string }, now: Date): Promise<void> {
  await tx
    .update(tournaments)
    .set({ checkInClosedAt: now })
    .where(and(eq(tournaments.id, t.id), isNull(tournaments.checkInClosedAt)));
  await withdrawNoShows(tx, t, now);
}
