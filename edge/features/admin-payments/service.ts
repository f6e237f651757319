import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { refunds } from '../../../db/schema/competition.ts';
import { payments } from '../../../db/schema/payments.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { notificationKinds } from '../notifications/schema.ts';
import { claimPaymentRefund, sendRefunds } from '../payments/refunds.ts';
import { encodeTimeCursor, type TimeCursor } from '../../lib/time-cursor.ts';
import { ADMIN_PAYMENT_TEXTS, type AdminPayment, type AdminPaymentsQuery } from './schema.ts';

/** How long a refund request waits for the provider before it answers and leaves the rest to the clock's retry. */
export const REFUND_SEND_BUDGET_MS = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

const columns = {
  payment: payments,
  tournament: { id: tournaments.id, title: tournaments.title },
  member: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
  refund: refunds,
};

type Row = {
  payment: typeof payments.$inferSelect;
  tournament: { id: number; title: string } | null;
  member: { id: string; firstName: string; lastName: string; email: string } | null;
  refund: typeof refunds.$inferSelect | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAdminPayment({ payment: p, tournament, member, refund: r }: Row): AdminPayment {
  return {
    id: p.id,
    kind: p.kind,
    status: p.status,
    amountCents: p.amountCents,
    currency: p.currency,
    provider: p.provider,
    tier: p.tier,
    createdAt: p.createdAt.toISOString(),
    paidAt: iso(p.paidAt),
    tournament,
    member,
    refund: r
      ? {
          id: r.id,
          status: r.status,
          amountCents: r.amountCents,
          reason: r.reason,
          providerRefundId: r.providerRefundId,
          lastError: r.lastError,
          createdAt: r.createdAt.toISOString(),
          completedAt: iso(r.completedAt),
        }
      : null,
    refundable: p.status === 'paid' && p.amountCents > 0 && r === null,
  };
}

const base = (db: Db) =>
  db
    .select(columns)
    .from(payments)
    .leftJoin(tournaments, eq(tournaments.id, payments.tournamentId))
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id));

/** The filters of the Payments tab as one condition (undefined: every payment). */
function filtersOf(q: Omit<AdminPaymentsQuery, 'cursor' | 'limit'>): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (q.status === 'refunded') where.push(isNotNull(refunds.id));
  // "paid" means paid and kept: a refunded payment is listed under refunded.
  else if (q.status === 'paid') where.push(eq(payments.status, 'paid'), isNull(refunds.id));
  else if (q.status) where.push(eq(payments.status, q.status));
  if (q.kind) where.push(eq(payments.kind, q.kind));
  if (q.tournamentId !== undefined) where.push(eq(payments.tournamentId, q.tournamentId));
  if (q.from) where.push(gte(payments.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(payments.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + DAY_MS)));
  // A prefix of the member's e-mail (stored lower-case), as a range on users' unique e-mail index.
  if (q.email) {
    where.push(
      sql`${payments.userId} in (select ${users.id} from ${users} where ${users.email} >= ${q.email} and ${users.email} < ${`${q.email}\uffff`})`,
    );
  }
  return where.length ? and(...where) : undefined;
}

type PageQuery = Omit<AdminPaymentsQuery, 'cursor'> & { cursor?: TimeCursor | undefined };

/** The page's one statement (exported so a test can read its query plan). */
export function adminPaymentsStatement(db: Db, q: PageQuery) {
  const after = q.cursor
    ? or(
        lt(payments.createdAt, new Date(q.cursor.at)),
        and(eq(payments.createdAt, new Date(q.cursor.at)), lt(payments.id, q.cursor.id)),
      )
    : undefined;
  return base(db)
    .where(and(filtersOf(q), after))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(q.limit + 1);
}

/**
 * GET /api/admin/payments: every payment newest first (createdAt, then id), `limit` at a time, read backwards along
 * payments_created_idx; the cursor is the sort key of the last row answered.
 */
export async function adminPaymentsPage(
  db: Db,
  q: PageQuery,
): Promise<{ payments: AdminPayment[]; nextCursor: string | null }> {
  const rows = await adminPaymentsStatement(db, q);
  const page = rows.slice(0, q.limit).map(toAdminPayment);
  const last = rows.length > q.limit ? rows[q.limit - 1]!.payment : null;
  return {
    payments: page,
    nextCursor: last ? encodeTimeCursor({ at: last.createdAt.getTime(), id: last.id }) : null,
  };
}

export async function adminPaymentById(db: Db, id: number): Promise<AdminPayment | null> {
  const [row] = await base(db).where(eq(payments.id, id));
  return row ? toAdminPayment(row) : null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** What a refund took back with the money, as the audit log records it. */
type RefundEffect = 'entry-withdrawn' | 'entry-kept' | 'ticket-void' | 'none';

/**
 * What the money bought goes with it, in the refund's transaction: a buy-in's entry is withdrawn while the
 * tournament has not started (the spot opens again); once it has started or finished, the results stand and only the
 * money goes back. A ticket stops admitting at once (edge/lib/ticket-validity.ts reads the refund). A sponsorship's
 * listing is the admin's to hide in the Content tab; a donation buys nothing. The payer is told (D15).
 */
async function undoPurchase(
  tx: Tx,
  payment: { id: number; kind: string; userId: string | null; tournamentId: number | null; amountCents: number },
  reason: string,
  now: Date,
): Promise<RefundEffect> {
  let effect: RefundEffect = payment.kind === 'ticket' ? 'ticket-void' : 'none';
  let title = 'Payment refunded';
  if (payment.kind === 'registration' && payment.tournamentId !== null) {
    const [t] = await tx
      .select({ status: tournaments.status, title: tournaments.title })
      .from(tournaments)
      .where(eq(tournaments.id, payment.tournamentId));
    const withdrawn =
      t?.status === 'upcoming'
        ? await tx
            .update(tournamentRegistrations)
            .set({ status: 'cancelled' })
            .where(
              and(
                eq(tournamentRegistrations.paymentId, payment.id),
                eq(tournamentRegistrations.tournamentId, payment.tournamentId),
                inArray(tournamentRegistrations.status, ['registered', 'pending_payment']),
              ),
            )
            .returning({ id: tournamentRegistrations.id })
        : [];
    effect = withdrawn.length > 0 ? 'entry-withdrawn' : 'entry-kept';
    title = t ? `Buy-in refunded: ${t.title}` : title;
  }
  if (payment.userId) {
    const amount = `$${(payment.amountCents / 100).toFixed(2)}`;
    const what: Record<RefundEffect, string> = {
      'entry-withdrawn': 'Your entry has been withdrawn and the spot released.',
      'entry-kept': 'Your entry and results stand.',
      'ticket-void': 'The ticket is no longer valid at the door.',
      none: '',
    };
    await tx.insert(notifications).values({
      userId: payment.userId,
      kind: notificationKinds.paymentRefunded,
      title,
      body: `A league admin refunded ${amount} to the card that paid. Reason: ${sentence(reason)} ${what[effect]}`.trim(),
      link: payment.tournamentId !== null ? `/tournaments/${payment.tournamentId}` : null,
      read: false,
      createdAt: now,
    });
  }
  return effect;
}

/**
 * POST /api/admin/payments/{id}/refund (D24, D33): an admin gives a paid payment's money back in full, through the
 * payments module's one refund path. The claim (one refunds row per payment) and its audit entry commit together;
 * a repeated or concurrent request finds the claim and answers the payment as it stands, changing nothing. 404
 * unknown, 409 not paid or nothing to refund.
 */
export async function refundPayment(
  db: Db,
  provider: PaymentProvider,
  input: { paymentId: number; reason: string; actorId: string; now: Date; sendBudgetMs?: number },
): Promise<AdminPayment> {
  const { paymentId, reason, now } = input;
  const claimed = await db.transaction(
    async (tx) => {
      const [payment] = await tx
        .select({
          status: payments.status,
          amountCents: payments.amountCents,
          kind: payments.kind,
          userId: payments.userId,
          tournamentId: payments.tournamentId,
          refundId: refunds.id,
        })
        .from(payments)
        .leftJoin(refunds, eq(refunds.paymentId, payments.id))
        .where(eq(payments.id, paymentId));
      if (!payment) fail(404, ADMIN_PAYMENT_TEXTS.notFound);
      if (payment.refundId !== null) return null;
      if (payment.status !== 'paid') fail(409, ADMIN_PAYMENT_TEXTS.notPaid(payment.status));
      if (payment.amountCents <= 0) fail(409, ADMIN_PAYMENT_TEXTS.nothingToRefund);
      const refundId = await claimPaymentRefund(tx, paymentId, `Refunded by an admin: ${reason}`, now);
      if (refundId === null) return null;
      const effect = await undoPurchase(tx, { id: paymentId, ...payment }, reason, now);
      await recordAudit(tx, {
        actorId: input.actorId,
        action: auditActions.paymentRefund,
        targetType: 'payment',
        targetId: paymentId,
        before: { status: 'paid', amountCents: payment.amountCents, refund: null },
        after: {
          status: 'paid',
          refund: { id: refundId, amountCents: payment.amountCents, reason, status: 'pending' },
          effect,
        },
        at: now,
      });
      return refundId;
    },
    { behavior: 'immediate' },
  );
  if (claimed !== null) await sendRefunds(db, provider, [claimed], now, input.sendBudgetMs ?? REFUND_SEND_BUDGET_MS);
  return (await adminPaymentById(db, paymentId))!;
}
