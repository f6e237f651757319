import { and, asc, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { payouts, refunds } from '../../../db/schema/competition.ts';
import { payments } from '../../../db/schema/payments.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import type { AdminPayout, TournamentPayouts } from './money-schema.ts';
import type { Winning } from './schema.ts';
import type { payoutDecisionSchema } from './requests.ts';

/** The payout ledger's readers and the admin's decision (D21): owed -> paid (date, reference) | void. */

export const PAYOUT_TEXTS = {
  notFound: 'Payout not found',
  tournamentNotFound: 'Tournament not found',
  futureDate: 'Paid date cannot be in the future',
  notOwed: (status: string) => `Only an owed payout can be marked paid or void; this one is ${status}`,
} as const;

const isoDay = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * GET /api/player/winnings: the member's payouts and adjustments, newest first. A row the settlement voided because
 * a correction replaced it is left out (its replacement is listed); a row an admin voided is shown as void.
 */
export async function winningsOf(db: Db, userId: string): Promise<Winning[]> {
  const rows = await db
    .select({
      id: payouts.id,
      tournamentId: payouts.tournamentId,
      tournamentTitle: tournaments.title,
      place: payouts.place,
      kind: payouts.kind,
      amountDollars: payouts.amountDollars,
      status: payouts.status,
      paidAt: payouts.paidAt,
    })
    .from(payouts)
    .innerJoin(tournaments, eq(tournaments.id, payouts.tournamentId))
    .where(and(eq(payouts.userId, userId), or(ne(payouts.status, 'void'), isNotNull(payouts.decidedBy))))
    .orderBy(desc(payouts.createdAt), desc(payouts.id));
  return rows.map((r) => ({ ...r, paidAt: isoDay(r.paidAt) }));
}

const adminPayoutColumns = {
  id: payouts.id,
  tournamentId: payouts.tournamentId,
  place: payouts.place,
  kind: payouts.kind,
  payee: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
  amountDollars: payouts.amountDollars,
  status: payouts.status,
  paidAt: payouts.paidAt,
  reference: payouts.reference,
  adjustsPayoutId: payouts.adjustsPayoutId,
  decidedBy: payouts.decidedBy,
  createdAt: payouts.createdAt,
};

type AdminPayoutRow = { tournamentId: number; paidAt: Date | null; createdAt: Date } & Omit<
  AdminPayout,
  'paidAt' | 'createdAt' | 'flagged'
>;

function toAdminPayout({ tournamentId: _t, ...row }: AdminPayoutRow): AdminPayout {
  return {
    ...row,
    paidAt: isoDay(row.paidAt),
    createdAt: row.createdAt.toISOString(),
    flagged: row.kind === 'adjustment' && row.status === 'owed',
  };
}

const centsWhere = (kind: 'registration' | 'ticket') =>
  sql<number>`coalesce(sum(case when ${payments.kind} = ${kind} and ${payments.status} = 'paid' then ${payments.amountCents} end), 0)`;
const refundCents = (status: 'succeeded' | 'pending' | 'failed') =>
  sql<number>`coalesce(sum(case when ${refunds.status} = ${status} then ${refunds.amountCents} end), 0)`;

/**
 * GET /api/admin/payouts: one tournament (404 when unknown), or every tournament with money in or out, most recent
 * start first. Payouts in place order, each place's adjustments after it.
 */
export async function adminPayouts(db: Db, tournamentId?: number): Promise<TournamentPayouts[]> {
  const moneyIds = sql`(
    select ${payouts.tournamentId} from ${payouts}
    union select ${refunds.tournamentId} from ${refunds} where ${refunds.tournamentId} is not null
    union select ${payments.tournamentId} from ${payments}
      where ${payments.status} = 'paid' and ${payments.kind} in ('registration', 'ticket') and ${payments.tournamentId} is not null
  )`;
  const list = await db
    .select({ id: tournaments.id, title: tournaments.title, status: tournaments.status, prizePool: tournaments.prizePool })
    .from(tournaments)
    .where(tournamentId === undefined ? sql`${tournaments.id} in ${moneyIds}` : eq(tournaments.id, tournamentId))
    .orderBy(desc(tournaments.startDate), desc(tournaments.id));
  if (tournamentId !== undefined && list.length === 0) fail(404, PAYOUT_TEXTS.tournamentNotFound);
  if (list.length === 0) return [];
  const ids = list.map((t) => t.id);

  const [paid, refunded, rows] = await Promise.all([
    db
      .select({ tournamentId: payments.tournamentId, buyIns: centsWhere('registration'), tickets: centsWhere('ticket') })
      .from(payments)
      .where(inArray(payments.tournamentId, ids))
      .groupBy(payments.tournamentId),
    db
      .select({
        tournamentId: refunds.tournamentId,
        succeeded: refundCents('succeeded'),
        pending: refundCents('pending'),
        failed: refundCents('failed'),
      })
      .from(refunds)
      .where(inArray(refunds.tournamentId, ids))
      .groupBy(refunds.tournamentId),
    db
      .select(adminPayoutColumns)
      .from(payouts)
      .innerJoin(users, eq(users.id, payouts.userId))
      .where(inArray(payouts.tournamentId, ids))
      .orderBy(asc(payouts.place), sql`coalesce(${payouts.adjustsPayoutId}, ${payouts.id})`, asc(payouts.id)),
  ]);

  return list.map((t) => {
    const money = paid.find((p) => p.tournamentId === t.id);
    const back = refunded.find((r) => r.tournamentId === t.id);
    const ledger = rows.filter((r) => r.tournamentId === t.id).map(toAdminPayout);
    return {
      tournamentId: t.id,
      title: t.title,
      status: t.status,
      prizePool: t.prizePool,
      buyInsReceivedCents: Number(money?.buyIns ?? 0),
      ticketsReceivedCents: Number(money?.tickets ?? 0),
      refundedCents: Number(back?.succeeded ?? 0),
      refundsPendingCents: Number(back?.pending ?? 0),
      refundsFailedCents: Number(back?.failed ?? 0),
      payouts: ledger,
      flaggedAdjustments: ledger.filter((p) => p.flagged).length,
    };
  });
}

export type PayoutDecision = z.infer<typeof payoutDecisionSchema>;

/** True when an admin already decided the payout exactly this way (an owed row the settlement voided is not). */
function sameDecision(current: typeof payouts.$inferSelect, decision: PayoutDecision, paidAt: Date | null): boolean {
  if (current.decidedBy === null || current.status !== decision.status) return false;
  if (decision.status === 'void') return true;
  return current.paidAt?.getTime() === paidAt?.getTime() && current.reference === (decision.reference ?? null);
}

/**
 * PATCH /api/admin/payouts/{id}: an owed payout (or adjustment) becomes paid (date, reference) or void, by ONE
 * conditional update (`WHERE status = 'owed'`), so two admins deciding at once cannot both win; written to the audit
 * log in the same transaction. The same decision repeated answers 200 and changes nothing; 404 unknown, 409 when it
 * was decided otherwise.
 */
export async function decidePayout(
  db: Db,
  input: { payoutId: number; decision: PayoutDecision; actorId: string; now: Date },
): Promise<AdminPayout> {
  const { decision, now } = input;
  const paidAt = decision.status === 'paid' ? new Date(`${decision.paidAt}T00:00:00Z`) : null;
  if (paidAt && paidAt.getTime() > now.getTime()) fail(400, PAYOUT_TEXTS.futureDate);
  return db.transaction(
    async (tx) => {
      const [updated] = await tx
        .update(payouts)
        .set({
          status: decision.status,
          paidAt,
          reference: decision.reference ?? null,
          decidedBy: input.actorId,
        })
        .where(and(eq(payouts.id, input.payoutId), eq(payouts.status, 'owed')))
        .returning();
      if (!updated) {
        const [current] = await tx.select().from(payouts).where(eq(payouts.id, input.payoutId));
        if (!current) fail(404, PAYOUT_TEXTS.notFound);
        // The same decision sent again (a double click, a retry after a lost answer) answers the payout as it stands
        // and changes nothing; a different one is a conflict.
        if (!sameDecision(current, decision, paidAt)) fail(409, PAYOUT_TEXTS.notOwed(current.status));
        const [row] = await tx
          .select(adminPayoutColumns)
          .from(payouts)
          .innerJoin(users, eq(users.id, payouts.userId))
          .where(eq(payouts.id, current.id));
        return toAdminPayout(row!);
      }
      await recordAudit(tx, {
        actorId: input.actorId,
        action: decision.status === 'paid' ? auditActions.payoutPaid : auditActions.payoutVoid,
        // The audit log's targets are members, teams, tournaments, waivers and payments: a payout is filed under
        // its tournament, with the payout's id in before/after.
        targetType: 'tournament',
        targetId: updated.tournamentId,
        before: { payoutId: updated.id, kind: updated.kind, place: updated.place, userId: updated.userId, amountDollars: updated.amountDollars, status: 'owed' },
        after: { payoutId: updated.id, status: updated.status, paidAt: isoDay(updated.paidAt), reference: updated.reference },
        at: now,
      });
      const [row] = await tx
        .select(adminPayoutColumns)
        .from(payouts)
        .innerJoin(users, eq(users.id, payouts.userId))
        .where(eq(payouts.id, updated.id));
      return toAdminPayout(row!);
    },
    { behavior: 'immediate' },
  );
}
