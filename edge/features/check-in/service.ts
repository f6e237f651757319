import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { matchHistory } from '../../../db/schema/competition.ts';
import { teamMembers } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import type { User } from '../../../db/schema/users.ts';
import { runsDoorOf } from '../../lib/admin.ts';
import { fail } from '../../lib/errors.ts';
import { CHECK_IN_TEXTS as T, checkInWindow, type CheckInAnswer } from './schema.ts';

// D39, check-in: an entrant checks in inside the window (2 h to 30 min before the start), or the host or an admin
// checks them in at the door; at the close every registered entrant who has not is withdrawn as a no-show (no
// refund) and told why. The close is judged by time: after it a check-in is refused whether or not the clock has run,
// and the start withdraws any no-show the clock has not. Every check-in and withdrawal is a match-history row.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];


interface CheckInTournament {
  id: number;
  title: string;
  status: string;
  startDate: Date;
  checkIn: boolean;
  hostId: string | null;
}

export async function loadTournament(db: Db | Tx, tournamentId: number): Promise<CheckInTournament | undefined> {
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
export function assertCheckInTournament(t: CheckInTournament | undefined): asserts t is CheckInTournament {
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
      // Already checked in (the entrant themselves, another door, this door's queued repeat): the first one stands,
      // whatever the time now, as for the entrant's own repeat.
      if (registration.checkedInAt) {
        return { registrationId: registration.id, checkedInAt: registration.checkedInAt.toISOString(), message: 'Checked in' };
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
