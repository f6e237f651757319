import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { waivers } from '../../../db/schema/waivers.ts';
import { notificationKinds } from '../notifications/schema.ts';
import { entryCapacity, isInEarlyWindow } from '../tournaments/schema.ts';
import { WAIVER_TEXT_VERSION } from '../waivers/schema.ts';
import type { PaymentProvider } from './provider.ts';
import { lineAllows, offersToOthers, takeLinePlace } from './registration/waitlist-gate.ts';
import {
  alreadyEnteredElsewhere,
  CHECKOUT_HOLD_MS,
  EARLY_REGISTRATION_VERIFIED_ONLY,
  rosterTooSmall,
  rosterWaiverRefusal,
  TEAM_ENTRY_TEXTS as T,
  type CheckoutResponse,
} from './schema.ts';
import {
  checkoutOfHold,
  checkoutResponse,
  isLiveHold,
  openCheckout,
  ownRegistration,
  type listedTournament,
} from './service.ts';
import { notifyRoster } from './team-roster.ts';

/**
 * A team's entry into a team tournament (D22), through the same checkout, holds and fulfilment as a player's (D3, D9):
 * the owner enters their team, one buy-in per team. The rules that depend on the roster (team size, every player's
 * waiver, nobody entered twice) and the spot itself are decided in ONE write transaction that also stores the roster
 * as it is at that moment (team_entry_members), so a player who joins a second later neither slips past the waiver
 * rule nor shares the points; capacity (maxTeams) is one conditional statement inside it.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type ListedTournament = NonNullable<Awaited<ReturnType<typeof listedTournament>>>;

export interface TeamEntryRequest {
  db: Db;
  payments: PaymentProvider;
  publicUrl: string;
  now: Date;
  user: { id: string; email: string; isVerified: boolean };
  tournament: ListedTournament;
  teamId: number;
}

/** What the route answers. */
export type TeamEntryAnswer =
  | { status: 200; body: CheckoutResponse }
  | { status: 403 | 404 | 409 | 502; body: { message: string } };

type Claim =
  | { kind: 'refused'; status: 403 | 409; message: string }
  | { kind: 'existing' }
  | { kind: 'lost' }
  | { kind: 'entered'; registrationId: number };

const refuse = (status: 403 | 404 | 409 | 502, message: string): TeamEntryAnswer => ({ status, body: { message } });

/** POST /api/stripe/checkout/tournament-registration with `registrationType: 'team'`, once the tournament is open. */
export async function registerTeam(req: TeamEntryRequest): Promise<TeamEntryAnswer> {
  const { db, tournament, user, now } = req;
  const [team] = await db
    .select({ id: teams.id, name: teams.name, ownerId: teams.ownerId })
    .from(teams)
    .where(eq(teams.id, req.teamId));
  if (!team) return refuse(404, T.teamNotFound);
  if (team.ownerId !== user.id) return refuse(403, T.notOwner);

  const free = tournament.buyIn <= 0;
  const claim = await db.transaction(
    (tx) => claimTeamEntry(tx, { ...req, team, status: free ? 'registered' : 'pending_payment' }),
    {
      behavior: 'immediate',
    },
  );

  // Already entered, or a double click: answered from the owner's own row, as a player's entry is.
  const answerExisting = async (): Promise<TeamEntryAnswer | null> => {
    const own = await ownRegistration(db, tournament.id, user.id);
    if (own?.status === 'registered') return refuse(409, T.alreadyRegistered);
    if (own && isLiveHold(own, now)) {
      const payment = await checkoutOfHold(db, own.id);
      if (payment) return { status: 200, body: checkoutResponse(payment) };
      return refuse(409, 'Your checkout is being prepared. Please try again in a moment.');
    }
    return null;
  };

  switch (claim.kind) {
    case 'refused':
      return refuse(claim.status, claim.message);
    case 'existing':
    case 'lost':
      // Lost a race: to the owner's own other click, or for the last spot.
      return (await answerExisting()) ?? refuse(409, T.full);
    case 'entered':
      break;
  }
  if (free) {
    return {
      status: 200,
      body: {
        checkoutUrl: null,
        sessionId: null,
        registered: true,
        message: `${team.name} is registered for ${tournament.title}`,
      },
    };
  }
  const payment = await openCheckout(db, req.payments, req.publicUrl, now, {
    kind: 'registration',
    amountCents: tournament.buyIn * 100,
    description: `Team registration - ${team.name} - ${tournament.title}`,
    userId: user.id,
    customerEmail: user.email,
    tournamentId: tournament.id,
    tier: null,
    registrationId: claim.registrationId,
  });
  if (!payment) return refuse(502, 'Failed to create checkout session');
  return { status: 200, body: checkoutResponse(payment) };
}

/** The roster rules, the spot and the roster snapshot, inside the caller's write transaction (order as D9 explains). */
async function claimTeamEntry(
  tx: Tx,
  input: TeamEntryRequest & { team: { id: number; name: string }; status: 'registered' | 'pending_payment' },
): Promise<Claim> {
  const { tournament, team, user, now } = input;
  const roster = await tx
    .select({
      userId: teamMembers.userId,
      position: teamMembers.position,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, team.id))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const nameOf = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`.trim();

  if (roster.length < tournament.teamSize) {
    return { kind: 'refused', status: 409, message: rosterTooSmall(team.name, roster.length, tournament.teamSize) };
  }
  const ids = roster.map((m) => m.userId);
  const signed = new Set(
    (
      await tx
        .selectDistinct({ userId: waivers.userId })
        .from(waivers)
        .where(
          and(
            inArray(waivers.userId, ids),
            eq(waivers.type, 'liability'),
            eq(waivers.textVersion, WAIVER_TEXT_VERSION),
          ),
        )
    ).map((w) => w.userId),
  );
  const unsigned = roster.filter((m) => !signed.has(m.userId));
  if (unsigned.length > 0) return { kind: 'refused', status: 403, message: rosterWaiverRefusal(unsigned.map(nameOf)) };
  if (isInEarlyWindow(tournament.startDate, now) && !user.isVerified) {
    return { kind: 'refused', status: 403, message: EARLY_REGISTRATION_VERIFIED_ONLY };
  }

  const cutoff = now.getTime() - CHECKOUT_HOLD_MS;
  const [own] = await tx
    .select({ status: tournamentRegistrations.status, createdAt: tournamentRegistrations.createdAt })
    .from(tournamentRegistrations)
    .where(and(eq(tournamentRegistrations.tournamentId, tournament.id), eq(tournamentRegistrations.userId, user.id)));
  if (own && (own.status === 'registered' || isLiveHold(own, now))) return { kind: 'existing' };

  // A player plays for one team in a tournament: nobody on this roster may be on another entry that holds a spot.
  const elsewhere = await enteredElsewhere(tx, {
    tournamentId: tournament.id,
    memberIds: ids,
    ownerId: user.id,
    cutoff,
  });
  if (elsewhere.length > 0) {
    const taken = new Set(elsewhere.map((e) => e.userId));
    return {
      kind: 'refused',
      status: 409,
      message: alreadyEnteredElsewhere(roster.filter((m) => taken.has(m.userId)).map(nameOf)),
    };
  }

  // D9's capacity rule with maxTeams (D22), as one statement: a new row, or the owner's cancelled row or lapsed hold
  // taken again, only while fewer than maxTeams other entries hold a spot.
  const max = entryCapacity(tournament);
  const [taken] = await tx.all<{ id: number }>(sql`
    insert into ${tournamentRegistrations} (tournament_id, user_id, status, placement, payment_id, created_at, team_id)
    select ${tournament.id}, ${user.id}, ${input.status}, null, null, ${now.getTime()}, ${team.id}
    where (select count(*) from ${tournamentRegistrations} o
           where o.tournament_id = ${tournament.id} and o.user_id <> ${user.id}
             and (o.status = 'registered' or (o.status = 'pending_payment' and o.created_at > ${cutoff})))
           + ${offersToOthers(tournament.id, user.id, now.getTime())} < ${max}
      and ${lineAllows(tournament.id, user.id, now.getTime())}
    on conflict (tournament_id, user_id) do update
      set status = excluded.status, placement = null, payment_id = null, created_at = excluded.created_at,
          team_id = excluded.team_id, checked_in_at = null, checked_in_by = null, no_show_at = null
      where ${tournamentRegistrations}.status = 'cancelled'
         or (${tournamentRegistrations}.status = 'pending_payment' and ${tournamentRegistrations}.created_at <= ${cutoff})
    returning id`);
  if (!taken) return { kind: 'lost' };
  const registrationId = Number(taken.id);
  // D42: the owner's place in line (the team's) is taken with the entry.
  await takeLinePlace(tx, tournament.id, user.id, now);

  // The roster at entry (D22): a re-taken entry is a new entry with the roster of now.
  await tx.delete(teamEntryMembers).where(eq(teamEntryMembers.registrationId, registrationId));
  await tx.insert(teamEntryMembers).values(
    roster.map((m) => ({
      registrationId,
      tournamentId: tournament.id,
      teamId: team.id,
      userId: m.userId,
      position: m.position,
      createdAt: now,
    })),
  );
  if (input.status === 'registered') {
    await tx.insert(notifications).values({
      userId: user.id,
      kind: notificationKinds.registrationConfirmed,
      title: 'Registration Confirmed',
      body: `${team.name} is registered for ${tournament.title}. Check in 30 minutes before the start.`,
      link: `/tournaments/${tournament.id}`,
      read: false,
      createdAt: now,
    });
    await notifyRoster(tx, { registrationId, ownerId: user.id, tournament, now });
  }
  return { kind: 'entered', registrationId };
}

/**
 * The members of `memberIds` already on another entry of the tournament that holds a spot (D22: one team per player
 * in a tournament). A seek on team_entry_members_tournament_user_idx per member, then the registration by its key.
 */
export function enteredElsewhere(
  db: Pick<Db, 'select'>,
  input: { tournamentId: number; memberIds: string[]; ownerId: string; cutoff: number },
) {
  return db
    .select({ userId: teamEntryMembers.userId })
    .from(teamEntryMembers)
    .innerJoin(tournamentRegistrations, eq(tournamentRegistrations.id, teamEntryMembers.registrationId))
    .where(
      and(
        eq(teamEntryMembers.tournamentId, input.tournamentId),
        inArray(teamEntryMembers.userId, input.memberIds),
        sql`${tournamentRegistrations.userId} <> ${input.ownerId}`,
        sql`(${tournamentRegistrations.status} = 'registered' or (${tournamentRegistrations.status} = 'pending_payment' and ${tournamentRegistrations.createdAt} > ${input.cutoff}))`,
      ),
    );
}
