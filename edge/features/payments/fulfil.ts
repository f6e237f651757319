import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { paymentEvents, payments, tickets } from '../../../db/schema/payments.ts';
import { sponsors } from '../../../db/schema/sponsors.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { notificationKinds } from '../notifications/schema.ts';
import { DEFAULT_MAX_PLAYERS, entryCapacity } from '../tournaments/schema.ts';
import type { ProviderCheckout } from './provider.ts';
import { notifyRoster, rosterStillFree } from './team-roster.ts';
import { CHECKOUT_HOLD_MS, sponsorshipTiers, ticketTiers, type SponsorshipTier, type TicketTier } from './schema.ts';

/** Who moved a payment to paid (payments.fulfilledBy). */
export type FulfilledBy = 'webhook' | 'verify-payment' | 'test-checkout' | 'free';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type PaymentRow = typeof payments.$inferSelect;

/** A Stripe event being handled: recorded in payment_events in the same transaction as its effect. */
export interface HandledEvent {
  id: string;
  type: string;
}

export type FulfilOutcome =
  /** This call moved the payment to paid and performed its effects. */
  | 'fulfilled'
  /** Someone else already did (or the payment is cancelled/expired): nothing changed. */
  | 'unchanged'
  /** The provider's amount or currency differ from the payment row: left pending, logged. */
  | 'mismatch'
  /** The event id was handled before: nothing changed. */
  | 'duplicate-event'
  | 'not-found';

/** What the sponsorship checkout keeps in payments.details (the 001 s5 application). */
export interface SponsorshipApplication {
  companyName: string;
  contactEmail: string;
  contactPhone: string;
  website?: string;
  description: string;
}

/** payments.details: what the checkout showed and where it returns, plus the sponsorship application. */
export interface PaymentDetails {
  checkout: { description: string; successUrl: string; cancelUrl: string };
  application?: SponsorshipApplication;
}

export function parseDetails(payment: Pick<PaymentRow, 'details'>): PaymentDetails | null {
  if (!payment.details) return null;
  try {
    return JSON.parse(payment.details) as PaymentDetails;
  } catch {
    return null;
  }
}

/** A ticket's code: 160 random bits in base32 (32 characters). The code is the secret the QR code carries. */
export function newTicketCode(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/**
 * Records a Stripe event id inside the caller's transaction. False when it was already recorded: the caller
 * then does nothing (the first delivery's effects committed together with this row).
 */
export async function recordEvent(tx: Tx, event: HandledEvent, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, receivedAt: now })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length === 1;
}

/**
 * The one fulfilment function (D3) behind the webhook, verify-payment and the test checkout's Pay. Inside one
 * write transaction, a conditional `UPDATE ... WHERE status = 'pending' RETURNING` moves the payment to paid;
 * only the caller whose update returned the row performs the effects, in the same transaction, so they happen
 * exactly once however many callers race, and never half. With provider data, a different amount or currency
 * is refused (logged, left pending).
 */
export async function fulfilPayment(
  db: Db,
  input: { paymentId: number; by: FulfilledBy; now: Date; checkout?: ProviderCheckout | null; event?: HandledEvent },
): Promise<FulfilOutcome> {
  const { now } = input;
  return db.transaction(
    async (tx): Promise<FulfilOutcome> => {
      if (input.event && !(await recordEvent(tx, input.event, now))) return 'duplicate-event';
      const [current] = await tx.select().from(payments).where(eq(payments.id, input.paymentId));
      if (!current) return 'not-found';
      const checkout = input.checkout;
      if (
        checkout &&
        (checkout.amountCents !== current.amountCents || checkout.currency?.toLowerCase() !== current.currency)
      ) {
        console.error(
          `[payments] payment ${current.id} (${current.providerSessionId}) not fulfilled: provider says ` +
            `${checkout.amountCents} ${checkout.currency}, expected ${current.amountCents} ${current.currency}`,
        );
        await recordMismatch(tx, current, checkout, input.by, now);
        return 'mismatch';
      }
      const [paid] = await tx
        .update(payments)
        .set({
          status: 'paid',
          paidAt: now,
          fulfilledBy: input.by,
          providerPaymentId: checkout?.paymentId ?? current.providerPaymentId,
        })
        .where(and(eq(payments.id, input.paymentId), eq(payments.status, 'pending')))
        .returning();
      if (!paid) return 'unchanged';
      await applyEffects(tx, paid, now);
      return 'fulfilled';
    },
    { behavior: 'immediate' },
  );
}

/**
 * Writes a refused payment to the audit log (D24: admins see it beside the payments), once per payment: the buyer's
 * return page may ask again every few seconds, and each answer would be the same story. The log line above stays
 * for the operator; this row is what outlives the log. Committed with the event id of the same transaction.
 */
async function recordMismatch(tx: Tx, payment: PaymentRow, checkout: ProviderCheckout, by: FulfilledBy, now: Date) {
  const [already] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'payment'),
        eq(auditLog.targetId, String(payment.id)),
        eq(auditLog.action, auditActions.paymentMismatch),
      ),
    )
    .limit(1);
  if (already) return;
  await recordAudit(tx, {
    actorId: null,
    action: auditActions.paymentMismatch,
    targetType: 'payment',
    targetId: payment.id,
    before: { amountCents: payment.amountCents, currency: payment.currency },
    after: {
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      sessionId: checkout.sessionId,
      reportedBy: by,
    },
    at: now,
  });
}

/**
 * Moves a pending payment to cancelled (the buyer cancelled) or expired (the checkout or the hold lapsed) and
 * releases the registration hold it was paying for. A paid payment never changes (out-of-order events).
 */
export async function closePayment(
  db: Db,
  input: { paymentId: number; status: 'cancelled' | 'expired'; now: Date; event?: HandledEvent },
): Promise<'closed' | 'unchanged' | 'duplicate-event'> {
  return db.transaction(
    async (tx) => {
      if (input.event && !(await recordEvent(tx, input.event, input.now))) return 'duplicate-event' as const;
      const [closed] = await tx
        .update(payments)
        .set({ status: input.status })
        .where(and(eq(payments.id, input.paymentId), eq(payments.status, 'pending')))
        .returning({ id: payments.id, kind: payments.kind });
      if (!closed) return 'unchanged' as const;
      if (closed.kind === 'registration') await releaseHold(tx, closed.id);
      return 'closed' as const;
    },
    { behavior: 'immediate' },
  );
}

/** Frees the spot a pending registration held for this payment. */
export async function releaseHold(tx: Pick<Db, 'update'>, paymentId: number): Promise<void> {
  await tx
    .update(tournamentRegistrations)
    .set({ status: 'cancelled' })
    .where(
      and(eq(tournamentRegistrations.paymentId, paymentId), eq(tournamentRegistrations.status, 'pending_payment')),
    );
}

/** Records a handled event that has nothing to change (an unpaid completion, an unknown session). */
export async function recordEventOnly(db: Db, event: HandledEvent, now: Date): Promise<boolean> {
  return db.transaction((tx) => recordEvent(tx, event, now), { behavior: 'immediate' });
}

async function tournamentOf(tx: Tx, id: number | null) {
  if (id === null) return null;
  const [row] = await tx
    .select({
      id: tournaments.id,
      title: tournaments.title,
      maxPlayers: tournaments.maxPlayers,
      maxTeams: tournaments.maxTeams,
    })
    .from(tournaments)
    .where(eq(tournaments.id, id));
  return row ?? null;
}

async function notify(
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

/** The effects of a payment that this caller just moved to paid. Runs inside fulfilPayment's transaction. */
async function applyEffects(tx: Tx, payment: PaymentRow, now: Date): Promise<void> {
  const tournament = await tournamentOf(tx, payment.tournamentId);
  switch (payment.kind) {
    case 'registration':
      if (!tournament || !payment.userId)
        throw new Error(`Registration payment ${payment.id} has no tournament or user`);
      await confirmRegistration(tx, { paymentId: payment.id, userId: payment.userId, tournament, now });
      return;
    case 'ticket': {
      if (!tournament || !payment.userId) throw new Error(`Ticket payment ${payment.id} has no tournament or user`);
      const tier = payment.tier as TicketTier;
      await tx.insert(tickets).values({
        code: newTicketCode(),
        paymentId: payment.id,
        tournamentId: tournament.id,
        userId: payment.userId,
        tier,
        createdAt: now,
      });
      await notify(
        tx,
        payment.userId,
        notificationKinds.ticketPurchased,
        'Ticket Purchased',
        `Your ${ticketTiers[tier].name} for ${tournament.title} is ready. Show its QR code at the door.`,
        `/tournaments/${tournament.id}`,
        now,
      );
      return;
    }
    case 'sponsorship': {
      const application = parseDetails(payment)?.application;
      if (!application) throw new Error(`Sponsorship payment ${payment.id} has no application`);
      const tier = payment.tier as SponsorshipTier;
      await tx.insert(sponsors).values({
        tournamentId: tournament?.id ?? null,
        tier,
        companyName: application.companyName,
        website: application.website ?? null,
        description: application.description,
        paymentId: payment.id,
        createdAt: now,
      });
      if (payment.userId) {
        await notify(
          tx,
          payment.userId,
          notificationKinds.sponsorshipConfirmed,
          'Sponsorship Confirmed',
          `Thank you! ${application.companyName} is now a ${sponsorshipTiers[tier].name} sponsor of ${
            tournament ? tournament.title : 'the WTA league'
          }.`,
          tournament ? `/tournaments/${tournament.id}` : null,
          now,
        );
      }
      return;
    }
    case 'donation':
      return;
  }
}

/**
 * Turns the buyer's registration into `registered`. Normally their own unexpired hold for this payment; when
 * the money arrives after the hold lapsed (Stripe's session can outlive it by a minute), only if a spot is
 * still free, so capacity is never exceeded. Otherwise the buyer is told and the log asks for a refund.
 */
async function confirmRegistration(
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
    -- A tournament that has started (D12) or was cancelled (D33) takes nobody: its entrants are fixed.
    and exists (select 1 from ${tournaments} t where t.id = ${tournament.id} and t.status = 'upcoming') and (
      (status = 'pending_payment' and payment_id is ${input.paymentId} and created_at > ${cutoff})
      or (select count(*) from ${tournamentRegistrations} o
          where o.tournament_id = ${tournament.id} and o.user_id <> ${userId}
            and (o.status = 'registered' or (o.status = 'pending_payment' and o.created_at > ${cutoff}))) < ${max}
    )
    -- A team entry paid after its hold lapsed: none of its roster may meanwhile play for another entry (D22).
    and (team_id is null or ${rosterStillFree(cutoff)})
    returning id, team_id`);
  if (confirmed) {
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
             and (o.status = 'registered' or (o.status = 'pending_payment' and o.created_at > ${cutoff}))) < ${max}
    on conflict (tournament_id, user_id) do update
      set status = excluded.status, placement = null, payment_id = null, created_at = excluded.created_at, team_id = null
      where ${tournamentRegistrations}.status = 'cancelled'
         or (${tournamentRegistrations}.status = 'pending_payment' and ${tournamentRegistrations}.created_at <= ${cutoff})`);
  return result.rowsAffected === 1;
}
