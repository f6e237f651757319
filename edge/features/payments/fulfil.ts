import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { paymentEvents, payments, tickets } from '../../../db/schema/payments.ts';
import { sponsors } from '../../../db/schema/sponsors.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { notificationKinds } from '../notifications/schema.ts';
import type { ProviderCheckout } from './provider.ts';
import { confirmRegistration, notify } from './registration-spot.ts';
import { sponsorshipTiers, ticketTiers, type SponsorshipTier, type TicketTier } from './schema.ts';

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
        // D24: shown on the tournament only once an admin approves the listing.
        status: 'pending',
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
          }. Your listing appears once an admin approves it.`,
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
