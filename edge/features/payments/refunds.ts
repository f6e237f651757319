import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { refunds } from '../../../db/schema/competition.ts';
import { payments } from '../../../db/schema/payments.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * The one refund path of the payments module (D33, D24, ADR 023). A refund is first CLAIMED: one `refunds` row per
 * payment (unique payment_id), written in the caller's transaction with the change that causes it, so repeated and
 * concurrent requests claim it once. Only after the commit is the provider asked, once per claimed row, with the row's
 * id as the idempotency key (`refund-{id}`): Stripe refunds through its API, the built-in test checkout records it.
 * A failed call leaves the row pending for the tournament clock's retry (competition/cancel.ts `retryPendingRefunds`).
 */

/** After this many failed provider calls a refund is marked failed for an admin to look at (about 34 hours). */
export const MAX_REFUND_ATTEMPTS = 12;
/** Provider calls at once: a tournament's 32 buy-ins and a few hundred tickets finish in seconds, not minutes. */
const SEND_CONCURRENCY = 4;

export type RefundOutcome = 'succeeded' | 'pending' | 'failed' | 'skipped';

type Writer = Pick<Db, 'all'>;

/**
 * Claims the refund of one paid payment, in ONE statement inside the caller's transaction: the payment must be paid
 * with money to give back, and the unique payment_id makes a second claim insert nothing. Returns the new refund's
 * id, or null when this call claimed nothing (already claimed, not paid, or nothing to give back).
 */
export async function claimPaymentRefund(
  tx: Writer,
  paymentId: number,
  reason: string,
  now: Date,
): Promise<number | null> {
  const rows = await tx.all<{ id: number }>(sql`
    insert into ${refunds} (payment_id, tournament_id, amount_cents, status, reason, attempts, created_at)
    select p.id, p.tournament_id, p.amount_cents, 'pending', ${reason}, 0, ${now.getTime()}
    from ${payments} p
    where p.id = ${paymentId} and p.status = 'paid' and p.amount_cents > 0
    on conflict (payment_id) do nothing
    returning id`);
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * Sends claimed refunds to the provider, a few at a time, in claim order, starting no new call once `budgetMs` of
 * wall time has passed (a request must answer; what is left stays pending, due at once for the clock's next run).
 * Returns the outcome of each refund started, in order.
 */
export async function sendRefunds(
  db: Db,
  provider: PaymentProvider,
  ids: readonly number[],
  now: Date,
  budgetMs: number,
): Promise<RefundOutcome[]> {
  // Wall time, not the injected clock: this bounds how long the caller waits for the provider, not a league rule.
  const deadline = performance.now() + budgetMs;
  const outcomes: RefundOutcome[] = [];
  let next = 0;
  const worker = async () => {
    while (next < ids.length && performance.now() < deadline) {
      const index = next++;
      outcomes[index] = await sendRefund(db, provider, ids[index]!, now);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, ids.length) }, worker));
  return outcomes.slice(0, next);
}

/**
 * One provider call for one pending refund. The attempt is claimed first by a compare-and-set on `attempts`, so two
 * senders that meet on the same row (the request's own send and the clock's retry) call the provider once;
 * the idempotency key `refund-{id}` covers the rest (a call whose answer was lost is retried as the same refund).
 */
async function sendRefund(db: Db, provider: PaymentProvider, refundId: number, now: Date): Promise<RefundOutcome> {
  const [row] = await db
    .select({
      status: refunds.status,
      attempts: refunds.attempts,
      amountCents: refunds.amountCents,
      provider: payments.provider,
      sessionId: payments.providerSessionId,
      paymentId: payments.providerPaymentId,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row || row.status !== 'pending') return 'skipped';
  const attempt = row.attempts + 1;
  const [claimed] = await db
    .update(refunds)
    .set({ attempts: attempt })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending'), eq(refunds.attempts, row.attempts)))
    .returning({ id: refunds.id });
  if (!claimed) return 'skipped';

  try {
    // A payment taken by the other provider (the server switched between test mode and Stripe) is not refunded by
    // this one: the test checkout would "succeed" without moving Stripe's money.
    if (row.provider !== provider.name) {
      throw new Error(`The payment was made with the ${row.provider} provider; this server uses ${provider.name}`);
    }
    const { refundId: providerRefundId } = await provider.refund({
      paymentId: row.paymentId,
      sessionId: row.sessionId,
      amountCents: row.amountCents,
      idempotencyKey: `refund-${refundId}`,
    });
    await db
      .update(refunds)
      .set({ status: 'succeeded', providerRefundId, completedAt: now, lastError: null })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    return 'succeeded';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const status = attempt >= MAX_REFUND_ATTEMPTS ? 'failed' : 'pending';
    console.error(`[refunds] refund ${refundId}, attempt ${attempt}: ${message}`);
    await db
      .update(refunds)
      .set({ status, lastError: message.slice(0, 500) })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    return status;
  }
}
