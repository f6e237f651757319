import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { payouts, pointsLedger } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { adminFlags } from '../../lib/admin.ts';
import {
  desiredPayouts,
  desiredPoints,
  planPayouts,
  pointsByMember,
  pointsDifference,
  type NewPayout,
  type PointsEntry,
  type SettlementOutcome,
} from './settlement-rules.ts';

/** A drizzle transaction, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** D15-style notification kind for the admins when a correction writes adjustments to a paid payout (D20). */
export const PAYOUT_ADJUSTMENT_KIND = 'payout_adjustment';

export interface SettlementOptions {
  /**
   * The league's admin domain (config.leagueEmailDomain): when given, every league admin (D6) is notified of new
   * adjustments. Without it the adjustments are still flagged in GET /api/admin/payouts.
   */
  leagueEmailDomain?: string;
}

/** What one call wrote. All empty when the ledgers already matched the outcome. */
export interface SettlementResult {
  points: PointsEntry[];
  voidedPayoutIds: number[];
  inserted: NewPayout[];
}

/**
 * Brings the points ledger, users.wtaPoints and the payout ledger of one tournament to what `outcome` calls for,
 * inside the caller's transaction (the completion's, or a correction's after completion), writing ONLY the
 * difference (D14, D20, D21, D38): so a second call with the same outcome writes nothing, and a changed outcome
 * writes the changes (negative ledger rows, voided owed payouts, adjustments to paid ones). The caller's
 * transaction should be a write transaction from its start (`behavior: 'immediate'`), so two completions run one
 * after the other and the second sees the first's rows; the partial unique index payouts_live_place_uq refuses a
 * second live payout for a place whatever happens.
 */
export async function applySettlement(
  tx: Tx,
  outcome: SettlementOutcome,
  now: Date,
  options: SettlementOptions = {},
): Promise<SettlementResult> {
  const { tournamentId } = outcome;

  const recorded = await tx
    .select({ userId: pointsLedger.userId, reason: pointsLedger.reason, points: sql<number>`sum(${pointsLedger.points})` })
    .from(pointsLedger)
    .where(eq(pointsLedger.tournamentId, tournamentId))
    .groupBy(pointsLedger.userId, pointsLedger.reason);
  const points = pointsDifference(recorded, desiredPoints(outcome));
  if (points.length > 0) {
    await tx.insert(pointsLedger).values(
      points.map((p) => ({ ...p, tournamentId, teamSize: outcome.teamSize, createdAt: now })),
    );
    for (const [userId, delta] of pointsByMember(points)) {
      await tx
        .update(users)
        .set({ wtaPoints: sql`${users.wtaPoints} + ${delta}` })
        .where(eq(users.id, userId));
    }
  }

  const ledger = await tx
    .select({
      id: payouts.id,
      place: payouts.place,
      kind: payouts.kind,
      userId: payouts.userId,
      amountDollars: payouts.amountDollars,
      status: payouts.status,
      adjustsPayoutId: payouts.adjustsPayoutId,
      decidedBy: payouts.decidedBy,
    })
    .from(payouts)
    .where(eq(payouts.tournamentId, tournamentId))
    .orderBy(asc(payouts.id));
  const plan = planPayouts(ledger, desiredPayouts(outcome));
  if (plan.void.length > 0) {
    // Conditional: only rows still owed. The plan was made from this transaction's own read, so all of them are.
    await tx
      .update(payouts)
      .set({ status: 'void' })
      .where(and(inArray(payouts.id, plan.void), eq(payouts.status, 'owed')));
  }
  if (plan.insert.length > 0) {
    await tx.insert(payouts).values(plan.insert.map((p) => ({ ...p, tournamentId, status: 'owed' as const, createdAt: now })));
  }

  const adjustments = plan.insert.filter((p) => p.kind === 'adjustment');
  if (adjustments.length > 0 && options.leagueEmailDomain) {
    await notifyAdmins(tx, tournamentId, adjustments, options.leagueEmailDomain, now);
  }
  return { points, voidedPayoutIds: plan.void, inserted: plan.insert };
}

/** D20: "a payout already marked paid is never changed silently": every league admin hears of the adjustment. */
async function notifyAdmins(tx: Tx, tournamentId: number, adjustments: NewPayout[], domain: string, now: Date) {
  const [tournament] = await tx.select({ title: tournaments.title }).from(tournaments).where(eq(tournaments.id, tournamentId));
  const candidates = await tx
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(inArray(users.role, ['admin', 'super_admin']));
  const admins = candidates.filter((u) => adminFlags(u, domain).isAdmin);
  if (admins.length === 0) return;
  const places = [...new Set(adjustments.map((a) => a.place))].sort((a, b) => a - b).join(', ');
  const body =
    `A correction changed the result of ${tournament?.title ?? `tournament ${tournamentId}`} after a payout was marked ` +
    `paid (place ${places}). ${adjustments.length} adjustment${adjustments.length === 1 ? '' : 's'} need${
      adjustments.length === 1 ? 's' : ''
    } your decision.`;
  await tx.insert(notifications).values(
    admins.map((admin) => ({
      userId: admin.id,
      kind: PAYOUT_ADJUSTMENT_KIND,
      title: 'Payout Adjustment',
      body,
      link: '/admin',
      read: false,
      createdAt: now,
    })),
  );
}
