import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments, type Tournament } from '../../../db/schema/tournaments.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { waitlistEntries, type WaitlistEntryRow } from '../../../db/schema/waitlist.ts';
import { adminFlags } from '../../lib/admin.ts';
import { fail } from '../../lib/errors.ts';
import { clockTimeFor } from '../../lib/time-zone.ts';
import { registrationClosesAt } from '../check-in/schema.ts';
import {
  EARLY_REGISTRATION_VERIFIED_ONLY,
  FANS_CANNOT_REGISTER,
  FOREIGN_ADMINS_CANNOT_REGISTER,
  registrationRoles,
  TEAM_ENTRY_TEXTS,
} from '../payments/registration/constants.ts';
import { hasSignedWaiver } from '../payments/service.ts';
import { CHECKOUT_HOLD_MS } from '../payments/schema.ts';
import { entryCapacity, isInEarlyWindow, isTeamTournament } from '../tournaments/schema.ts';
import {
  lapsedBody,
  OFFER_MS,
  offerBody,
  WAITLIST_TEXTS as T,
  type WaitlistEntry,
  type WaitlistPlace,
} from './schema.ts';

/**
 * D42: a full tournament's waitlist. Members join (eligible as for registering, D9; a team's owner for the team,
 * D22), see their place, and leave. A freed spot (a withdrawal, a refund, a lapsed unpaid hold, an offer that ran
 * out) is offered to the first in line for 30 minutes by offerFreedSpots, which the clock runs every minute and the
 * waitlist's own writes run at once; taking it is an ordinary registration (payments' capacity rule honours offers).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const OPEN = ['waiting', 'offered'] as const;

async function loadTournament(q: Db | Tx, id: number): Promise<Tournament> {
  const [t] = await q.select().from(tournaments).where(eq(tournaments.id, id)).limit(1);
  if (!t || t.status === 'pending' || t.status === 'rejected') fail(404, 'Tournament not found');
  return t;
}

const isOpen = (t: Tournament, now: Date) =>
  t.status === 'upcoming' && registrationClosesAt(t).getTime() > now.getTime();

/** Spots held now: registrations, live checkout holds and live offers. */
async function heldSpots(q: Db | Tx, tournamentId: number, now: Date): Promise<number> {
  const cutoff = now.getTime() - CHECKOUT_HOLD_MS;
  const [row] = await q.all<{ n: number }>(sql`
    select (select count(*) from ${tournamentRegistrations} r where r.tournament_id = ${tournamentId}
        and (r.status = 'registered' or (r.status = 'pending_payment' and r.created_at > ${cutoff})))
      + (select count(*) from ${waitlistEntries} w where w.tournament_id = ${tournamentId}
        and w.state = 'offered' and w.offer_expires_at > ${now.getTime()}) as n`);
  return Number(row?.n ?? 0);
}

/** D42's eligibility: D9's rules for a player, D22's team and owner for a team (its roster's waivers at the offer). */
async function assertEligible(
  db: Db,
  t: Tournament,
  user: User,
  teamId: number | undefined,
  now: Date,
  domain: string,
) {
  if (!registrationRoles.includes(user.role)) fail(403, FANS_CANNOT_REGISTER);
  const { hasAdminRole, isAdmin } = adminFlags(user, domain);
  if (hasAdminRole && !isAdmin) fail(403, FOREIGN_ADMINS_CANNOT_REGISTER);
  if (!isOpen(t, now)) fail(409, T.closed);
  if (isTeamTournament(t)) {
    if (teamId === undefined) fail(400, TEAM_ENTRY_TEXTS.teamRequired);
    const [team] = await db.select({ ownerId: teams.ownerId }).from(teams).where(eq(teams.id, teamId)).limit(1);
    if (!team) fail(404, TEAM_ENTRY_TEXTS.teamNotFound);
    if (team.ownerId !== user.id) fail(403, TEAM_ENTRY_TEXTS.notOwner);
    return;
  }
  if (teamId !== undefined) fail(409, TEAM_ENTRY_TEXTS.teamInSoloTournament);
  if (!(await hasSignedWaiver(db, user.id))) fail(403, 'You must sign the liability waiver before registering');
  if (isInEarlyWindow(t.startDate, now) && !user.isVerified) fail(403, EARLY_REGISTRATION_VERIFIED_ONLY);
}

/** Joins the line of a full tournament (free). Refused when the member is registered, in line, or spots are open. */
export async function joinWaitlist(
  db: Db,
  input: { tournamentId: number; user: User; teamId?: number; now: Date; leagueEmailDomain: string },
): Promise<WaitlistPlace> {
  const { user, now } = input;
  const t = await loadTournament(db, input.tournamentId);
  await assertEligible(db, t, user, input.teamId, now, input.leagueEmailDomain);
  return db.transaction(
    async (tx) => {
      const [own] = await tx
        .select({ status: tournamentRegistrations.status, createdAt: tournamentRegistrations.createdAt })
        .from(tournamentRegistrations)
        .where(and(eq(tournamentRegistrations.tournamentId, t.id), eq(tournamentRegistrations.userId, user.id)))
        .limit(1);
      const holding = own?.status === 'pending_payment' && own.createdAt.getTime() > now.getTime() - CHECKOUT_HOLD_MS;
      if (own?.status === 'registered' || holding) fail(409, T.registered);
      const [inLine] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.tournamentId, t.id),
            eq(waitlistEntries.userId, user.id),
            inArray(waitlistEntries.state, [...OPEN]),
          ),
        )
        .limit(1);
      if (inLine) fail(409, T.alreadyIn);
      const [waiting] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.tournamentId, t.id), eq(waitlistEntries.state, 'waiting')))
        .limit(1);
      if (!waiting && (await heldSpots(tx, t.id, now)) < entryCapacity(t)) fail(409, T.notFull);
      await tx.insert(waitlistEntries).values({
        tournamentId: t.id,
        userId: user.id,
        teamId: input.teamId ?? null,
        state: 'waiting',
        createdAt: now,
      });
      const place = await placeOf(tx, t.id, user.id, now);
      return place!;
    },
    { behavior: 'immediate' },
  );
}

/** Leaves the line; a held offer goes at once to the next in line. */
export async function leaveWaitlist(db: Db, input: { tournamentId: number; user: User; now: Date }): Promise<void> {
  await db.transaction(
    async (tx) => {
      const [left] = await tx
        .update(waitlistEntries)
        .set({ state: 'left', closedAt: input.now })
        .where(
          and(
            eq(waitlistEntries.tournamentId, input.tournamentId),
            eq(waitlistEntries.userId, input.user.id),
            inArray(waitlistEntries.state, [...OPEN]),
          ),
        )
        .returning({ id: waitlistEntries.id });
      if (!left) fail(404, T.notIn);
      await offerFreedSpots(tx, input.tournamentId, input.now);
    },
    { behavior: 'immediate' },
  );
}

/** The member's state and place in line (1 = next), or null. */
export async function placeOf(
  q: Db | Tx,
  tournamentId: number,
  userId: string,
  now: Date,
): Promise<WaitlistPlace | null> {
  const [mine] = await q
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.tournamentId, tournamentId),
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.state, [...OPEN]),
      ),
    )
    .limit(1);
  if (!mine) return null;
  const offered = mine.state === 'offered' && (mine.offerExpiresAt?.getTime() ?? 0) > now.getTime();
  // Ahead: every open entry that joined before (waitlist_tournament_state_idx, both states).
  const [ahead] = await q.all<{ n: number }>(sql`
    select count(*) as n from ${waitlistEntries} w where w.tournament_id = ${tournamentId} and w.state in ('waiting', 'offered')
      and (w.created_at < ${mine.createdAt.getTime()} or (w.created_at = ${mine.createdAt.getTime()} and w.id < ${mine.id}))`);
  return {
    state: offered ? 'offered' : 'waiting',
    place: Number(ahead?.n ?? 0) + 1,
    offerExpiresAt: offered ? mine.offerExpiresAt!.toISOString() : null,
  };
}

/** The host's and admins' view of the line, in order (at most `limit`). */
export async function listWaitlist(
  db: Db,
  input: { tournamentId: number; user: User; leagueEmailDomain: string; now: Date; limit?: number },
): Promise<WaitlistEntry[]> {
  const t = await loadTournament(db, input.tournamentId);
  if (!adminFlags(input.user, input.leagueEmailDomain).isAdmin && t.hostId !== input.user.id) fail(403, T.forbidden);
  const rows = await db
    .select({ entry: waitlistEntries, firstName: users.firstName, lastName: users.lastName, team: teams.name })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .leftJoin(teams, eq(teams.id, waitlistEntries.teamId))
    .where(and(eq(waitlistEntries.tournamentId, t.id), inArray(waitlistEntries.state, [...OPEN])))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(input.limit ?? 200);
  return rows.map(({ entry, firstName, lastName, team }, i) => {
    const offered = entry.state === 'offered' && (entry.offerExpiresAt?.getTime() ?? 0) > input.now.getTime();
    return {
      id: entry.id,
      place: i + 1,
      name: team ?? `${firstName} ${lastName}`,
      state: offered ? 'offered' : 'waiting',
      joinedAt: entry.createdAt.toISOString(),
      offerExpiresAt: offered ? entry.offerExpiresAt!.toISOString() : null,
    };
  });
}

/**
 * D42's hand-over, inside the caller's write transaction: offers that ran out lapse (their member is told), then each
 * free spot is offered to the first in line for 30 minutes (never past the registration's close), told in-app and by
 * push. Once registration has closed (D39: check-in's close) the line closes and open offers lapse. Counting and
 * offering under the write lock, a spot is never offered twice at once. Answers the entries offered now.
 */
export async function offerFreedSpots(tx: Tx, tournamentId: number, now: Date): Promise<number[]> {
  const t = await loadTournament(tx, tournamentId);
  const lapsed = await tx
    .update(waitlistEntries)
    .set({ state: 'lapsed', closedAt: now })
    .where(
      and(
        eq(waitlistEntries.tournamentId, t.id),
        eq(waitlistEntries.state, 'offered'),
        lte(waitlistEntries.offerExpiresAt, now),
      ),
    )
    .returning({ userId: waitlistEntries.userId });
  for (const { userId } of lapsed) await tell(tx, t, userId, T.lapsedTitle, lapsedBody(t.title), now);
  if (!isOpen(t, now)) {
    await tx
      .update(waitlistEntries)
      .set({ state: 'closed', closedAt: now })
      .where(and(eq(waitlistEntries.tournamentId, t.id), inArray(waitlistEntries.state, [...OPEN])));
    return [];
  }
  const free = entryCapacity(t) - (await heldSpots(tx, t.id, now));
  if (free <= 0) return [];
  const next = await tx
    .select({ id: waitlistEntries.id, userId: waitlistEntries.userId, timeZone: users.timeZone })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(and(eq(waitlistEntries.tournamentId, t.id), eq(waitlistEntries.state, 'waiting')))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(free);
  const until = new Date(Math.min(now.getTime() + OFFER_MS, registrationClosesAt(t).getTime()));
  const offered: number[] = [];
  for (const entry of next) {
    const [claimed] = await tx
      .update(waitlistEntries)
      .set({ state: 'offered', offeredAt: now, offerExpiresAt: until })
      .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.state, 'waiting')))
      .returning({ id: waitlistEntries.id });
    if (!claimed) continue;
    offered.push(entry.id);
    await tell(tx, t, entry.userId, T.offerTitle, offerBody(t.title, clockTimeFor(until, entry.timeZone)), now);
  }
  return offered;
}

async function tell(tx: Tx, t: Tournament, userId: string, title: string, body: string, now: Date) {
  await tx.insert(notifications).values({
    userId,
    kind: 'waitlist',
    title,
    body,
    link: `/tournaments/${t.id}#registration`,
    createdAt: now,
  });
}

export type { WaitlistEntryRow };
