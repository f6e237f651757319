import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { entrants, refunds } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { payments, tickets } from '../../../db/schema/payments.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import { TOO_FEW_CHECKED_IN_REASON, TOO_FEW_TEAMS_CHECKED_IN_REASON } from '../check-in/schema.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { sendRefunds, type RefundOutcome } from '../payments/refunds.ts';
import type { CancelTournamentResult } from './money-schema.ts';

/**
 * Cancellation with refunds (D33, ADR 023). One write transaction moves the tournament to cancelled by a conditional
 * update, cancels its registrations, notifies the entrants and ticket holders, and claims one refunds row per paid
 * buy-in and ticket (the unique payment_id makes the claim exactly-once). Only after the commit is the provider asked,
 * once per claimed row, with the row's id as the idempotency key; a failed call leaves the row pending for
 * `retryPendingRefunds`, which the tournament clock calls.
 */

/** The notification kind of D15 for a cancellation (the notifications module lists the kinds it writes itself). */
export const TOURNAMENT_CANCELLED_KIND = 'tournament_cancelled';

export const CANCEL_TEXTS = {
  notFound: 'Tournament not found',
  forbidden: "Only a league admin or the tournament's host can cancel it",
  hostAfterStart: 'The host can cancel a tournament only before it starts',
  alreadyCancelled: 'This tournament is already cancelled',
  completed: 'A completed tournament cannot be cancelled',
  notCancellable: 'Only an upcoming or live tournament can be cancelled',
} as const;

// The refund itself (claim once, send with an idempotency key, retry) is the payments module's (payments/refunds.ts).
export { MAX_REFUND_ATTEMPTS } from '../payments/refunds.ts';
const RETRY_BASE_MS = 60 * 1000;
/**
 * How long after a cancellation a checkout opened before it can still be paid: Stripe keeps a session open for at
 * most 24 hours, so two days bound the sweep to the few tournaments cancelled lately.
 */
const LATE_PAYMENT_WINDOW_MS = 2 * 24 * 60 * 60 * 1000;
/** How long a cancellation request waits for the provider before it answers and leaves the rest to the clock. */
export const CANCEL_SEND_BUDGET_MS = 10_000;
/** How long one run of the clock's retry keeps starting provider calls (the next run goes on). */
export const RETRY_SEND_BUDGET_MS = 30_000;

/** Who cancels: a signed-in member (with D6's admin flag), or null for the tournament clock (fewer than 2 entrants). */
export type CancelActor = { id: string; isAdmin: boolean } | null;

export interface CancelInput {
  tournamentId: number;
  reason: string;
  actor: CancelActor;
  now: Date;
  /** Wall time to spend on provider calls before answering; default CANCEL_SEND_BUDGET_MS. */
  sendBudgetMs?: number;
}

/**
 * Cancels a tournament (D33): an admin while it is upcoming or live, its host only before it starts, the clock
 * (actor null) always. 404 unknown; 403 anyone else; 409 when it is completed, already cancelled (so of two
 * cancellations sent at once, one wins and the other is told), or not yet approved.
 */
export async function cancelTournament(db: Db, provider: PaymentProvider, input: CancelInput): Promise<CancelTournamentResult> {
  const { tournamentId, reason, actor, now } = input;
  const committed = await db.transaction(
    async (tx) => {
      const [tournament] = await tx
        .select({ title: tournaments.title, status: tournaments.status, hostId: tournaments.hostId, startDate: tournaments.startDate })
        .from(tournaments)
        .where(eq(tournaments.id, tournamentId));
      if (!tournament) fail(404, CANCEL_TEXTS.notFound);
      const isHost = actor !== null && tournament.hostId !== null && actor.id === tournament.hostId;
      if (actor !== null && !actor.isAdmin && !isHost) fail(403, CANCEL_TEXTS.forbidden);
      if (tournament.status === 'cancelled') fail(409, CANCEL_TEXTS.alreadyCancelled);
      if (tournament.status === 'completed') fail(409, CANCEL_TEXTS.completed);
      if (tournament.status !== 'upcoming' && tournament.status !== 'live') fail(409, CANCEL_TEXTS.notCancellable);
      const hostOnly = actor !== null && !actor.isAdmin;
      if (hostOnly && (tournament.status !== 'upcoming' || now.getTime() >= tournament.startDate.getTime())) {
        fail(403, CANCEL_TEXTS.hostAfterStart);
      }

      const [cancelled] = await tx
        .update(tournaments)
        .set({ status: 'cancelled', cancelledAt: now, cancellationReason: reason })
        .where(and(eq(tournaments.id, tournamentId), eq(tournaments.status, tournament.status)))
        .returning({ id: tournaments.id });
      if (!cancelled) fail(409, CANCEL_TEXTS.alreadyCancelled);

      // Everyone who held or was taking a spot, and everyone with a ticket, hears of it once.
      const registrants = await tx
        .update(tournamentRegistrations)
        .set({ status: 'cancelled' })
        .where(and(eq(tournamentRegistrations.tournamentId, tournamentId), ne(tournamentRegistrations.status, 'cancelled')))
        .returning({ userId: tournamentRegistrations.userId });
      const holders = await tx
        .selectDistinct({ userId: tickets.userId })
        .from(tickets)
        .where(eq(tickets.tournamentId, tournamentId));
      const notified = [...new Set([...registrants, ...holders].map((r) => r.userId))].sort();
      if (notified.length > 0) {
        const body =
          `${tournament.title} has been cancelled. Reason: ${reason}. ` +
          'Paid buy-ins and tickets are refunded to the card that paid.';
        await tx.insert(notifications).values(
          notified.map((userId) => ({
            userId,
            kind: TOURNAMENT_CANCELLED_KIND,
            title: 'Tournament Cancelled',
            body,
            link: `/tournaments/${tournamentId}`,
            read: false,
            createdAt: now,
          })),
        );
      }

      const claimed = await claimRefunds(tx, tournamentId, `Tournament cancelled: ${reason}`, now);
      await recordAudit(tx, {
        actorId: actor?.id ?? null,
        action: auditActions.tournamentCancel,
        targetType: 'tournament',
        targetId: tournamentId,
        before: { status: tournament.status },
        after: { status: 'cancelled', reason, refundsClaimed: claimed.length },
        at: now,
      });
      return { claimed, notified: notified.length };
    },
    { behavior: 'immediate' },
  );

  const outcomes = await sendRefunds(db, provider, committed.claimed, now, input.sendBudgetMs ?? CANCEL_SEND_BUDGET_MS);
  const succeeded = outcomes.filter((o) => o === 'succeeded').length;
  return {
    tournamentId,
    status: 'cancelled',
    cancelledAt: now.toISOString(),
    cancellationReason: reason,
    notified: committed.notified,
    refunds: { claimed: committed.claimed.length, succeeded, pending: committed.claimed.length - succeeded },
  };
}

type Writer = Pick<Db, 'all'>;

/**
 * Claims a refund for every paid buy-in and ticket of a cancelled tournament that has none yet, in ONE statement:
 * the unique payment_id makes a second claim (a second cancellation, the clock's sweep) insert nothing. A withdrawn
 * (disqualified) entrant's buy-in is not refunded (D20). Returns the ids of the rows this call inserted.
 */
async function claimRefunds(tx: Writer, tournamentId: number, reason: string, now: Date): Promise<number[]> {
  const rows = await tx.all<{ id: number }>(sql`
    insert into ${refunds} (payment_id, tournament_id, amount_cents, status, reason, attempts, created_at)
    select p.id, p.tournament_id, p.amount_cents, 'pending', ${reason}, 0, ${now.getTime()}
    from ${payments} p
    where p.tournament_id = ${tournamentId} and ${refundable}
    order by p.id
    on conflict (payment_id) do nothing
    returning id`);
  return rows.map((r) => Number(r.id));
}

/**
 * D39: a no-show's buy-in is kept when the tournament is cancelled because too few checked in; any other cancellation
 * refunds everyone (D33).
 */
const noShowKeepsBuyIn = sql`exists (
    select 1 from ${tournamentRegistrations} r join ${tournaments} t on t.id = r.tournament_id
    where r.tournament_id = p.tournament_id and r.user_id = p.user_id and r.no_show_at is not null
      and t.cancellation_reason in (${TOO_FEW_CHECKED_IN_REASON}, ${TOO_FEW_TEAMS_CHECKED_IN_REASON}))`;

/**
 * Payment `p` is a paid buy-in or ticket with money to give back, and not the buy-in of a withdrawn (disqualified)
 * entrant (D20: not refunded).
 */
const refundable = sql`p.status = 'paid' and p.kind in ('registration', 'ticket') and p.amount_cents > 0
  and not (p.kind = 'registration' and exists (
    select 1 from ${entrants} e
    where e.tournament_id = p.tournament_id and e.user_id = p.user_id and e.withdrawn_at is not null))
  and not (p.kind = 'registration' and ${noShowKeepsBuyIn})`;

/**
 * When a pending refund is due again: at once before its first attempt, then with a doubling wait counted from its
 * claim (1, 3, 7, 15 ... minutes after it), so a provider outage is retried often at first and then rarely.
 */
export function refundDue(refund: { createdAt: Date; attempts: number }, now: Date): boolean {
  if (refund.attempts === 0) return true;
  const wait = (2 ** refund.attempts - 1) * RETRY_BASE_MS;
  return now.getTime() >= refund.createdAt.getTime() + wait;
}

/**
 * The clock's retry (every minute on Workers' cron, on the Node timer): claims a refund for any paid buy-in or ticket
 * of a cancelled tournament that has none (a checkout paid after the cancellation), then sends every pending refund
 * that is due. Returns what happened to each one sent.
 */
export async function retryPendingRefunds(
  db: Db,
  provider: PaymentProvider,
  now: Date,
  budgetMs = RETRY_SEND_BUDGET_MS,
): Promise<RefundOutcome[]> {
  await db.transaction(
    async (tx) => {
      const late = await tx.all<{ id: number; reason: string | null }>(sql`
        select distinct t.id as id, t.cancellation_reason as reason
        from ${tournaments} t join ${payments} p on p.tournament_id = t.id
        where t.status = 'cancelled' and t.cancelled_at > ${now.getTime() - LATE_PAYMENT_WINDOW_MS} and ${refundable}
          and not exists (select 1 from ${refunds} r where r.payment_id = p.id)`);
      for (const t of late) await claimRefunds(tx, Number(t.id), `Tournament cancelled: ${t.reason ?? 'no reason recorded'}`, now);
    },
    { behavior: 'immediate' },
  );
  const pending = await db
    .select({ id: refunds.id, createdAt: refunds.createdAt, attempts: refunds.attempts })
    .from(refunds)
    .where(eq(refunds.status, 'pending'))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return sendRefunds(
    db,
    provider,
    pending.filter((r) => refundDue(r, now)).map((r) => r.id),
    now,
    budgetMs,
  );
}
