import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { payments, tickets } from '../../../db/schema/payments.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { waivers } from '../../../db/schema/waivers.ts';
import { WAIVER_TEXT_VERSION } from '../waivers/schema.ts';
import { parseDetails, releaseHold, type PaymentDetails } from './fulfil.ts';
import type { PaymentProvider } from './provider.ts';
import {
  CHECKOUT_HOLD_MS,
  type CheckoutResponse,
  type PaymentKind,
  type TestCheckoutSession,
  type VerifyPaymentResponse,
} from './schema.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** Stripe refuses an expires_at less than 30 minutes after it creates the session: keep a margin for clocks. */
export const STRIPE_EXPIRY_MARGIN_MS = 2 * 60 * 1000;

/** The placeholder Stripe (and the test checkout) replace with the session id in the success URL. */
export const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** What every checkout call answers once its payment row and provider session exist. */
export const checkoutResponse = (payment: PaymentRow): CheckoutResponse => ({
  checkoutUrl: payment.checkoutUrl,
  sessionId: payment.providerSessionId,
  message: 'Checkout session created',
});

/** A listed tournament (D10) with what the checkouts need, or null. */
export async function listedTournament(db: Db, id: number) {
  const [row] = await db
    .select({
      id: tournaments.id,
      title: tournaments.title,
      status: tournaments.status,
      startDate: tournaments.startDate,
      buyIn: tournaments.buyIn,
      maxPlayers: tournaments.maxPlayers,
      maxTeams: tournaments.maxTeams,
      teamSize: tournaments.teamSize,
      checkIn: tournaments.checkIn,
    })
    .from(tournaments)
    .where(and(eq(tournaments.id, id), inArray(tournaments.status, ['upcoming', 'live', 'completed'])));
  return row ?? null;
}

/** D9: a liability waiver of the current text version. */
export async function hasSignedWaiver(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: waivers.id })
    .from(waivers)
    .where(
      and(eq(waivers.userId, userId), eq(waivers.type, 'liability'), eq(waivers.textVersion, WAIVER_TEXT_VERSION)),
    )
    .limit(1);
  return row !== undefined;
}

export async function ownRegistration(db: Db, tournamentId: number, userId: string) {
  const [row] = await db
    .select()
    .from(tournamentRegistrations)
    .where(and(eq(tournamentRegistrations.tournamentId, tournamentId), eq(tournamentRegistrations.userId, userId)));
  return row ?? null;
}

/** True while a pending_payment row still holds its spot (D9: 30 minutes). */
export function isLiveHold(row: { status: string; createdAt: Date }, now: Date): boolean {
  return row.status === 'pending_payment' && row.createdAt.getTime() > now.getTime() - CHECKOUT_HOLD_MS;
}

export async function paymentById(db: Db, id: number): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

export async function paymentBySession(db: Db, sessionId: string, provider?: 'stripe' | 'test') {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      provider
        ? and(eq(payments.providerSessionId, sessionId), eq(payments.provider, provider))
        : eq(payments.providerSessionId, sessionId),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The checkout a double click should get again: the payment behind the user's live hold, once its provider
 * session exists. A concurrent first click may still be talking to the provider; wait briefly for it.
 */
export async function checkoutOfHold(db: Db, registrationId: number, waitMs = 3000) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [row] = await db
      .select({ paymentId: tournamentRegistrations.paymentId, status: tournamentRegistrations.status })
      .from(tournamentRegistrations)
      .where(eq(tournamentRegistrations.id, registrationId));
    const payment = row?.paymentId ? await paymentById(db, row.paymentId) : null;
    if (payment?.status === 'pending' && payment.checkoutUrl) return payment;
    if (!row || row.status !== 'pending_payment' || Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface OpenCheckoutInput {
  kind: PaymentKind;
  amountCents: number;
  description: string;
  userId: string | null;
  customerEmail: string | null;
  tournamentId: number | null;
  tier: string | null;
  application?: PaymentDetails['application'];
  /** The registration whose hold this checkout pays for. */
  registrationId?: number;
}

/**
 * Records the payment, then opens the provider's checkout OUTSIDE any transaction (the network never holds
 * the database, ADR 013), then stores the session. The row comes first so its id can travel in the return
 * URLs and Stripe's metadata, and so a double click finds the payment behind the hold. When the provider
 * fails, the row (which never reached a provider) is removed and the hold released; the caller answers 502.
 */
export async function openCheckout(
  db: Db,
  provider: PaymentProvider,
  publicUrl: string,
  now: Date,
  input: OpenCheckoutInput,
): Promise<PaymentRow | null> {
  const expiresAt = new Date(now.getTime() + CHECKOUT_HOLD_MS + (provider.name === 'stripe' ? STRIPE_EXPIRY_MARGIN_MS : 0));
  const placeholder = `unopened_${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))}`;
  const [created] = await db
    .insert(payments)
    .values({
      kind: input.kind,
      amountCents: input.amountCents,
      currency: 'usd',
      status: 'pending',
      provider: provider.name,
      providerSessionId: placeholder,
      checkoutUrl: '',
      userId: input.userId,
      tournamentId: input.tournamentId,
      tier: input.tier,
      createdAt: now,
      expiresAt,
    })
    .returning();
  const payment = created!;
  if (input.registrationId !== undefined) {
    await db
      .update(tournamentRegistrations)
      .set({ paymentId: payment.id })
      .where(eq(tournamentRegistrations.id, input.registrationId));
  }

  const id = String(input.tournamentId ?? payment.id);
  const query = `type=${input.kind}&id=${id}`;
  const successUrl = `${publicUrl}/checkout/success?session_id=${SESSION_PLACEHOLDER}&${query}`;
  const cancelUrl = `${publicUrl}/checkout/cancel?${query}`;
  const details: PaymentDetails = {
    checkout: { description: input.description, successUrl, cancelUrl },
    ...(input.application ? { application: input.application } : {}),
  };

  let session: { sessionId: string; url: string };
  try {
    session = await provider.createCheckout({
      kind: input.kind,
      amountCents: input.amountCents,
      currency: 'usd',
      description: input.description,
      successUrl,
      cancelUrl,
      customerEmail: input.customerEmail,
      expiresAt,
      metadata: {
        paymentId: String(payment.id),
        kind: input.kind,
        ...(input.tournamentId !== null ? { tournamentId: String(input.tournamentId) } : {}),
        ...(input.tier ? { tier: input.tier } : {}),
      },
    });
  } catch (error) {
    console.error(`[payments] ${provider.name} checkout for payment ${payment.id} failed:`, error);
    await db.transaction(
      async (tx) => {
        await releaseHold(tx, payment.id);
        await tx.update(tournamentRegistrations).set({ paymentId: null }).where(eq(tournamentRegistrations.paymentId, payment.id));
        await tx.delete(payments).where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
      },
      { behavior: 'immediate' },
    );
    return null;
  }

  const [opened] = await db
    .update(payments)
    .set({ providerSessionId: session.sessionId, checkoutUrl: session.url, details: JSON.stringify(details) })
    .where(eq(payments.id, payment.id))
    .returning();
  return opened!;
}

/** The built-in test checkout's view of a payment (D3), with the session id in the return URL as Stripe does. */
export function toTestCheckoutSession(payment: PaymentRow, now: Date): TestCheckoutSession {
  const details = parseDetails(payment);
  const lapsed = payment.status === 'pending' && payment.expiresAt.getTime() <= now.getTime();
  return {
    sessionId: payment.providerSessionId,
    kind: payment.kind,
    description: details?.checkout.description ?? payment.kind,
    amount: payment.amountCents / 100,
    status: lapsed ? 'expired' : payment.status,
    expiresAt: payment.expiresAt.toISOString(),
    successUrl: returnUrl(payment, 'success'),
    cancelUrl: returnUrl(payment, 'cancel'),
  };
}

export function returnUrl(payment: PaymentRow, which: 'success' | 'cancel'): string {
  const checkout = parseDetails(payment)?.checkout;
  const url = which === 'success' ? checkout?.successUrl : checkout?.cancelUrl;
  return (url ?? '').replace(SESSION_PLACEHOLDER, payment.providerSessionId);
}

/** verify-payment's metadata; the ticket code only for the ticket's holder. */
export async function verifyMetadata(
  db: Db,
  payment: PaymentRow,
  viewerId: string | null,
): Promise<NonNullable<VerifyPaymentResponse['metadata']>> {
  const [tournament] = payment.tournamentId
    ? await db.select({ title: tournaments.title }).from(tournaments).where(eq(tournaments.id, payment.tournamentId))
    : [];
  let ticketCode: string | null = null;
  if (payment.kind === 'ticket' && payment.status === 'paid' && viewerId) {
    const [ticket] = await db
      .select({ code: tickets.code, userId: tickets.userId })
      .from(tickets)
      .where(eq(tickets.paymentId, payment.id));
    if (ticket && ticket.userId === viewerId) ticketCode = ticket.code;
  }
  return {
    type: payment.kind,
    tournamentId: payment.tournamentId,
    tournamentTitle: tournament?.title ?? null,
    tier: payment.tier,
    amount: payment.amountCents / 100,
    ticketCode,
  };
}
