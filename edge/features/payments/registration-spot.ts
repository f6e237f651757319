import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { notificationKinds } from '../notifications/schema.ts';
import { DEFAULT_MAX_PLAYERS, entryCapacity } from '../tournaments/schema.ts';
import { CHECK_IN_CLOSES_BEFORE_MS } from '../check-in/schema.ts';
import { CHECKOUT_HOLD_MS } from './schema.ts';
import { notifyRoster, rosterStillFree } from './team-roster.ts';
import { lineAllows, offersToOthers, takeLinePlace } from './registration/waitlist-gate.ts';

// A registration's spot (D9, D22): taken at once for a free entry, held for a checkout and confirmed when its payment
// arrives. Split from fulfil.ts, which moves payments to paid and applies their effects.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One notification (D15), written in the caller's transaction. */
export async function notify(
  tx: Tx,
  userId: string,
  kind: string,
  title: string,
  body: string,
  link: string | null,
  now: Date,
) {
  await tx.insert(notifications).values({ userId, kind, title, body, link, read: false, createdAt: now });
}

/**
 * Turns the buyer's registration into `registered`. Normally their own unexpired hold for this payment; when
 * the money arrives after the hold lapsed (Stripe's session can outlive it by a minute), only if a spot is
 * still free, so capacity is never exceeded. Otherwise the buyer is told and the log asks for a refund.
 */
export async function confirmRegistration(
  tx: Tx,
  input: {
    paymentId: number | null;
    userId: string;
    tournament: { id: number; title: string; maxPlayers: number | null; maxTeams: number | null };
    now: Date;
  },
): Promise<boolean> {
  const { tournament, userId, now } = input;
  const cutoff = now.getTime() - CHECKOUT_HOLD_MS;
  // A team tournament counts teams (D22): each of its registrations is one team's entry.
  const max = entryCapacity(tournament);
  const [confirmed] = await tx.all<{ id: number; team_id: number | null }>(sql`
    update ${tournamentRegistrations}
    set status = 'registered', payment_id = ${input.paymentId}
    where tournament_id = ${tournament.id} and user_id = ${userId} and status <> 'registered'
    -- A tournament that has started (D12) or was cancelled (D33) takes nobody: its entrants are fixed; nor does one
    -- whose check-in has closed (D39).
    and exists (select 1 from ${tournaments} t where t.id = ${tournament.id} and t.status = 'upcoming'
      and (t.check_in = 0 or t.start_date - ${CHECK_IN_CLOSES_BEFORE_MS} > ${now.getTime()})) and (
      (status = 'pending_payment' and payment_id is ${input.paymentId} and created_at > ${cutoff})
      or ((select count(*) from ${tournamentRegistrations} o
          where o.tournament_id = ${tournament.id} and o.user_id <> ${userId}
            and (o.status = 'registered' or (o.status = 'pending_payment' and o.created_at > ${cutoff})))
          + ${offersToOthers(tournament.id, userId, now.getTime())} < ${max}
        and ${lineAllows(tournament.id, userId, now.getTime())})
    )
    -- A team entry paid after its hold lapsed: none of its roster may meanwhile play for another entry (D22).
    and (team_id is null or ${rosterStillFree(cutoff)})
    returning id, team_id`);
  if (confirmed) {
    await takeLinePlace(tx, tournament.id, userId, now);
    await notify(
      tx,
      userId,
      notificationKinds.registrationConfirmed,
      'Registration Confirmed',
      `You're registered for ${tournament.title}. Check in 30 minutes before the start.`,
      `/tournaments/${tournament.id}`,
      now,
    );
    if (confirmed.team_id !== null) {
      await notifyRoster(tx, { registrationId: Number(confirmed.id), ownerId: userId, tournament, now });
    }
    return true;
  }
  const [row] = await tx
    .select({
      status: tournamentRegistrations.status,
      teamId: tournamentRegistrations.teamId,
      rosterFree: sql<number>`${rosterStillFree(cutoff)}`,
    })
    .from(tournamentRegistrations)
    .where(and(eq(tournamentRegistrations.tournamentId, tournament.id), eq(tournamentRegistrations.userId, userId)));
  if (row?.status === 'registered') {
    console.error(`[payments] payment ${input.paymentId}: user ${userId} was already registered; refund needed`);
    return false;
  }
  const rosterTaken = row?.teamId != null && !row.rosterFree;
  console.error(
    `[payments] payment ${input.paymentId}: hold lapsed and tournament ${tournament.id} is ` +
      `${rosterTaken ? 'playing part of the roster in another entry' : 'full or started'}; refund needed`,
  );
  await notify(
    tx,
    userId,
    'registration_unavailable',
    'Registration Could Not Be Completed',
    rosterTaken
      ? `Your payment for ${tournament.title} arrived after your team's spot was released, and a player on its roster has since entered with another team. The league will refund your buy-in.`
      : `Your payment for ${tournament.title} arrived after your spot was released, and the tournament is now full or has started. The league will refund your buy-in.`,
    `/tournaments/${tournament.id}`,
    now,
  );
  return false;
}

/**
 * D9 with a zero buy-in: no checkout and no payment row. One transaction takes the spot with the same atomic
 * capacity check as a paid hold, straight to `registered`, and writes the same notification as a paid
 * registration. Answers whether this call registered the user.
 */
export async function registerFree(
  db: Db,
  input: { userId: string; tournament: { id: number; title: string; maxPlayers: number | null }; now: Date },
): Promise<boolean> {
  return db.transaction(
    async (tx) => {
      const taken = await takeSpot(tx, { ...input, status: 'registered' });
      if (!taken) return false;
      await notify(
        tx,
        input.userId,
        notificationKinds.registrationConfirmed,
        'Registration Confirmed',
        `You're registered for ${input.tournament.title}. Check in 30 minutes before the start.`,
        `/tournaments/${input.tournament.id}`,
        input.now,
      );
      return true;
    },
    { behavior: 'immediate' },
  );
}

/**
 * D9's capacity rule as ONE statement, so simultaneous requests cannot both take the last spot: insert (or
 * re-take a cancelled row or a lapsed hold of this user) only while fewer than max other rows hold a spot.
 * True when this call took it.
 */
export async function takeSpot(
  db: Pick<Db, 'run'>,
  input: {
    userId: string;
    tournament: { id: number; maxPlayers: number | null };
    now: Date;
    status: 'pending_payment' | 'registered';
  },
): Promise<boolean> {
  const { tournament, userId, now } = input;
  const cutoff = now.getTime() - CHECKOUT_HOLD_MS;
  const max = tournament.maxPlayers ?? DEFAULT_MAX_PLAYERS;
  const result = await db.run(sql`
    insert into ${tournamentRegistrations} (tournament_id, user_id, status, placement, payment_id, created_at)
    select ${tournament.id}, ${userId}, ${input.status}, null, null, ${now.getTime()}
    where (select count(*) from ${tournamentRegistrations} o
           where o.tournament_id = ${tournament.id} and o.user_id <> ${userId}
             and (o.status = 'registered' or (o.status = 'pending_payment' and o.created_at > ${cutoff})))
           + ${offersToOthers(tournament.id, userId, now.getTime())} < ${max}
      and ${lineAllows(tournament.id, userId, now.getTime())}
    on conflict (tournament_id, user_id) do update
      set status = excluded.status, placement = null, payment_id = null, created_at = excluded.created_at, team_id = null,
        checked_in_at = null, checked_in_by = null, no_show_at = null
      where ${tournamentRegistrations}.status = 'cancelled'
         or (${tournamentRegistrations}.status = 'pending_payment' and ${tournamentRegistrations}.created_at <= ${cutoff})`);
  if (result.rowsAffected !== 1) return false;
  // D42: a member in line who took a spot (their offer, or a free one with nobody ahead) leaves the line.
  await takeLinePlace(db, tournament.id, userId, now);
  return true;
}
