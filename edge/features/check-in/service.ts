import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { matchHistory } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { runsDoorOf } from '../../lib/admin.ts';
import { fail } from '../../lib/errors.ts';
import { clockTimeFor } from '../../lib/time-zone.ts';
import {
  CHECK_IN_CLOSES_BEFORE_MS,
  CHECK_IN_OPENS_BEFORE_MS,
  CHECK_IN_TEXTS as T,
  checkInOpenBody,
  checkInOpenTitle,
  checkInWindow,
  noShowBody,
  type CheckInAnswer,
  type DoorEntrant,
  type EntryPass,
} from './schema.ts';
import { ticketCodeHash } from '../door/schema.ts';

// D39, check-in: an entrant checks in inside the window (2 h to 30 min before the start), or the host or an admin
// checks them in at the door; at the close every registered entrant who has not is withdrawn as a no-show (no
// refund) and told why. The close is judged by time: after it a check-in is refused whether or not the clock has run,
// and the start withdraws any no-show the clock has not. Every check-in and withdrawal is a match-history row.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The notification kind of a no-show's withdrawal (D15's centre lists it with the others). */
export const NO_SHOW_KIND = 'checked_in_no_show';
/** The notification kind of 'Check-in is open' (in the centre and by Web Push, D28). */
export const CHECK_IN_OPEN_KIND = 'check_in_open';
/** At most this many tournaments per clock tick; the next tick takes the rest. */
const BATCH = 25;

interface CheckInTournament {
  id: number;
  title: string;
  status: string;
  startDate: Date;
  checkIn: boolean;
  hostId: string | null;
}

async function loadTournament(db: Db | Tx, tournamentId: number): Promise<CheckInTournament | undefined> {
  const [row] = await db
    .select({
      id: tournaments.id,
      title: tournaments.title,
      status: tournaments.status,
      startDate: tournaments.startDate,
      checkIn: tournaments.checkIn,
      hostId: tournaments.hostId,
    })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
    .limit(1);
  return row;
}

/** What a check-in reads of the registration it marks. */
const registrationFields = {
  id: tournamentRegistrations.id,
  userId: tournamentRegistrations.userId,
  teamId: tournamentRegistrations.teamId,
  status: tournamentRegistrations.status,
  checkedInAt: tournamentRegistrations.checkedInAt,
  noShowAt: tournamentRegistrations.noShowAt,
};

/** The refusals every check-in shares: a tournament with check-in, upcoming. */
function assertCheckInTournament(t: CheckInTournament | undefined): asserts t is CheckInTournament {
  if (!t || t.status === 'pending' || t.status === 'rejected') fail(404, T.tournamentNotFound);
  if (!t.checkIn) fail(409, T.off);
  if (t.status !== 'upcoming') fail(409, T.notUpcoming);
}

/** Writes the check-in once: a second one (a double tap, the outbox sending again) answers the first. */
async function markCheckedIn(
  tx: Tx,
  t: CheckInTournament,
  registration: { id: number; userId: string; teamId: number | null },
  by: string,
  at: Date,
): Promise<CheckInAnswer> {
  const [marked] = await tx
    .update(tournamentRegistrations)
    .set({ checkedInAt: at, checkedInBy: by, status: 'registered', noShowAt: null })
    .where(
      and(
        eq(tournamentRegistrations.id, registration.id),
        isNull(tournamentRegistrations.checkedInAt),
        // A registered entrant, or one the close withdrew meanwhile when the door's check-in predates it (D39).
        sql`(${tournamentRegistrations.status} = 'registered' or ${tournamentRegistrations.noShowAt} is not null)`,
      ),
    )
    .returning({ checkedInAt: tournamentRegistrations.checkedInAt });
  const message = `You're checked in for ${t.title}`;
  if (marked) {
    await tx.insert(matchHistory).values({
      tournamentId: t.id,
      action: 'check-in',
      actorId: by,
      after: JSON.stringify({ registrationId: registration.id, userId: registration.userId, teamId: registration.teamId, at: at.toISOString() }),
      createdAt: at,
    });
    return { registrationId: registration.id, checkedInAt: at.toISOString(), message };
  }
  // Already checked in (a repeat, or another device of the team's): the first check-in's time.
  const [row] = await tx
    .select({ checkedInAt: tournamentRegistrations.checkedInAt })
    .from(tournamentRegistrations)
    .where(eq(tournamentRegistrations.id, registration.id))
    .limit(1);
  return {
    registrationId: registration.id,
    checkedInAt: (row?.checkedInAt ?? at).toISOString(),
    message,
  };
}

/**
 * An entrant checks in (D39): a player their own registration; in a team tournament the team's owner or captain
 * the team's entry. Only inside the window, and only while the server receives it before the close (a check-in
 * queued offline counts when it arrives in time).
 */
export async function checkInSelf(db: Db, input: { tournamentId: number; user: User; now: Date }): Promise<CheckInAnswer> {
  const { user, now } = input;
  return db.transaction(
    async (tx) => {
      const t = await loadTournament(tx, input.tournamentId);
      assertCheckInTournament(t);
      const { opensAt, closesAt } = checkInWindow(t.startDate);
      // The registration first: a member who is not entered hears that, whatever the time.
      const [registration] = await tx
        .select(registrationFields)
        .from(tournamentRegistrations)
        .where(
          and(
            eq(tournamentRegistrations.tournamentId, t.id),
            sql`(${tournamentRegistrations.userId} = ${user.id} or ${tournamentRegistrations.teamId} in (
              select ${teamMembers.teamId} from ${teamMembers}
              where ${teamMembers.userId} = ${user.id} and ${teamMembers.position} = 'captain'))`,
          ),
        )
        .orderBy(asc(tournamentRegistrations.id))
        .limit(1);
      if (!registration || registration.status !== 'registered') {
        const rostered = await onRosterOnly(tx, t.id, user.id);
        fail(rostered ? 403 : 409, rostered ? T.notTeamLeader : T.notRegistered);
      }
      if (registration.checkedInAt) {
        return {
          registrationId: registration.id,
          checkedInAt: registration.checkedInAt.toISOString(),
          message: `You're checked in for ${t.title}`,
        };
      }
      if (now < opensAt) fail(409, T.notOpen);
      if (now >= closesAt) fail(409, T.closed);
      return markCheckedIn(tx, t, registration, user.id, now);
    },
    { behavior: 'immediate' },
  );
}

/** A player on a team entry's roster who is neither its owner nor a captain (D39: they cannot check the team in). */
async function onRosterOnly(tx: Tx, tournamentId: number, userId: string): Promise<boolean> {
  const [row] = await tx.all<{ one: number }>(sql`
    select 1 as one from ${tournamentRegistrations} r
    join ${teamMembers} m on m.team_id = r.team_id
    where r.tournament_id = ${tournamentId} and r.status = 'registered' and m.user_id = ${userId}
    limit 1`);
  return row !== undefined;
}

/**
 * The host or an admin checks an entrant in (D39, at `/door` or from the host's screen). `scannedAt` is when the
 * door did it, for a check-in sent later from its outbox: it counts if made before the close and received before the
 * start, and then undoes the no-show withdrawal the close made meanwhile.
 */
export async function checkInEntrant(
  db: Db,
  input: {
    tournamentId: number;
    registrationId: number;
    user: User;
    leagueEmailDomain: string;
    now: Date;
    scannedAt?: Date;
  },
): Promise<CheckInAnswer> {
  const { user, now } = input;
  const at = input.scannedAt && input.scannedAt < now ? input.scannedAt : now;
  return db.transaction(
    async (tx) => {
      const t = await loadTournament(tx, input.tournamentId);
      if (!t || !runsDoorOf(user, t, input.leagueEmailDomain)) fail(t ? 403 : 404, t ? T.forbidden : T.tournamentNotFound);
      assertCheckInTournament(t);
      const [registration] = await tx
        .select(registrationFields)
        .from(tournamentRegistrations)
        .where(and(eq(tournamentRegistrations.id, input.registrationId), eq(tournamentRegistrations.tournamentId, t.id)))
        .limit(1);
      if (!registration || (registration.status !== 'registered' && !registration.noShowAt)) {
        fail(404, T.registrationNotFound);
      }
      const { opensAt, closesAt } = checkInWindow(t.startDate);
      if (at < opensAt) fail(409, T.notOpen);
      if (at >= closesAt) fail(409, input.scannedAt ? T.scannedAfterClose : T.closed);
      if (now >= t.startDate) fail(409, T.notUpcoming);
      const answer = await markCheckedIn(tx, t, registration, user.id, at);
      return { ...answer, message: 'Checked in' };
    },
    { behavior: 'immediate' },
  );
}

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

/** The most entrants a tournament can have (the host form's 128 players), and its no-shows: one page always. */
const ENTRANTS_MAX = 512;

/**
 * The door's entrant list (D39): every registered entrant and every no-show of a tournament with check-in, by name,
 * with their pass's hash (never the pass) so a door with no signal can match a scanned pass. Host and admins only.
 */
export async function doorEntrants(
  db: Db,
  input: { tournamentId: number; user: User; leagueEmailDomain: string },
): Promise<DoorEntrant[]> {
  const t = await loadTournament(db, input.tournamentId);
  if (!t || !runsDoorOf(input.user, t, input.leagueEmailDomain)) fail(t ? 403 : 404, t ? T.forbidden : T.tournamentNotFound);
  assertCheckInTournament(t);
  // Served by registrations_tournament_status_idx.
  const rows = await db
    .select({
      registrationId: tournamentRegistrations.id,
      firstName: users.firstName,
      lastName: users.lastName,
      teamName: teams.name,
      pass: tournamentRegistrations.entryPass,
      checkedInAt: tournamentRegistrations.checkedInAt,
      noShowAt: tournamentRegistrations.noShowAt,
    })
    .from(tournamentRegistrations)
    .innerJoin(users, eq(users.id, tournamentRegistrations.userId))
    .leftJoin(teams, eq(teams.id, tournamentRegistrations.teamId))
    .where(
      and(
        eq(tournamentRegistrations.tournamentId, t.id),
        sql`(${tournamentRegistrations.status} = 'registered' or ${tournamentRegistrations.noShowAt} is not null)`,
      ),
    )
    .orderBy(asc(tournamentRegistrations.id))
    .limit(ENTRANTS_MAX);
  return Promise.all(
    rows.map(async (r) => ({
      registrationId: r.registrationId,
      name: r.teamName ?? `${r.firstName} ${r.lastName}`.trim(),
      passHash: await ticketCodeHash(r.pass ?? ''),
      checkedInAt: r.checkedInAt?.toISOString() ?? null,
      noShow: r.noShowAt !== null && r.checkedInAt === null,
    })),
  );
}

/**
 * A member's entry passes (D39, My Tickets): the entries they check in (their own, or a team's they own or captain)
 * in upcoming tournaments with check-in, soonest first.
 */
export async function myEntryPasses(db: Db, userId: string): Promise<EntryPass[]> {
  // In two steps, so the cost follows the member's own entries (registrations_user_idx, and registrations_team_idx
  // for the teams they captain) rather than every upcoming tournament's; the newest entries are the upcoming ones.
  const entries = await db
    .select({ id: tournamentRegistrations.id })
    .from(tournamentRegistrations)
    .where(
      and(
        or(
          eq(tournamentRegistrations.userId, userId),
          inArray(
            tournamentRegistrations.teamId,
            db
              .select({ id: teamMembers.teamId })
              .from(teamMembers)
              .where(and(eq(teamMembers.userId, userId), eq(teamMembers.position, 'captain'))),
          ),
        ),
        eq(tournamentRegistrations.status, 'registered'),
      ),
    )
    .orderBy(desc(tournamentRegistrations.id))
    .limit(200);
  if (entries.length === 0) return [];
  const rows = await db
    .select({
      registrationId: tournamentRegistrations.id,
      tournamentId: tournaments.id,
      title: tournaments.title,
      startDate: tournaments.startDate,
      location: tournaments.location,
      teamName: teams.name,
      pass: tournamentRegistrations.entryPass,
      checkedInAt: tournamentRegistrations.checkedInAt,
    })
    .from(tournamentRegistrations)
    .innerJoin(tournaments, eq(tournaments.id, tournamentRegistrations.tournamentId))
    .leftJoin(teams, eq(teams.id, tournamentRegistrations.teamId))
    .where(
      and(
        inArray(
          tournamentRegistrations.id,
          entries.map((e) => e.id),
        ),
        eq(tournaments.status, 'upcoming'),
        eq(tournaments.checkIn, true),
      ),
    )
    .orderBy(asc(tournaments.startDate), asc(tournamentRegistrations.id))
    .limit(50);
  return rows.map((r) => ({
    registrationId: r.registrationId,
    tournament: { id: r.tournamentId, title: r.title, startDate: r.startDate.toISOString(), location: r.location },
    teamName: r.teamName,
    pass: r.pass ?? '',
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
  }));
}
