import { z } from 'zod';

/**
 * Shapes of the money side of competition (D21, D33): the admins' payout ledger per tournament and the answer to a
 * cancellation. Kept beside schema.ts (the bracket's shapes) so both can grow without stepping on each other.
 * Importable by app/ for the admin Payments tab.
 */

/** A row of the payout ledger as admins see it (D21): a payout or an adjustment of a paid one (D20). */
export interface AdminPayout {
  id: number;
  place: number;
  kind: 'payout' | 'adjustment';
  payee: { id: string; firstName: string; lastName: string; email: string };
  /** Whole dollars; an adjustment is negative when money is to be reclaimed. */
  amountDollars: number;
  status: 'owed' | 'paid' | 'void';
  /** YYYY-MM-DD, as the admin recorded it. */
  paidAt: string | null;
  reference: string | null;
  /** The paid payout this adjustment corrects. */
  adjustsPayoutId: number | null;
  decidedBy: string | null;
  createdAt: string;
  /** An owed adjustment: a correction changed a paid payout and an admin must settle it (D20). */
  flagged: boolean;
}

/** GET /api/admin/payouts: per tournament, money in (buy-ins, tickets), refunds (D33) and prize money out (D21). */
export interface TournamentPayouts {
  tournamentId: number;
  title: string;
  status: string;
  prizePool: number;
  /** Paid tournament registrations, in cents. */
  buyInsReceivedCents: number;
  /** Paid tickets, in cents. */
  ticketsReceivedCents: number;
  /** Refunds the provider confirmed, in cents. */
  refundedCents: number;
  /** Refunds claimed but not yet confirmed (retried by the clock), in cents. */
  refundsPendingCents: number;
  /** Refunds given up after every retry, in cents: an admin must look. */
  refundsFailedCents: number;
  payouts: AdminPayout[];
  flaggedAdjustments: number;
}

const badTournament = { error: 'tournamentId must be a tournament id' };

/** GET /api/admin/payouts?tournamentId= */
export const adminPayoutsQuerySchema = z.object({
  tournamentId: z.coerce.number(badTournament).int(badTournament).positive(badTournament).optional(),
});

/** POST /api/tournaments/{id}/cancel: what the cancellation did (D33). */
export interface CancelTournamentResult {
  tournamentId: number;
  status: 'cancelled';
  cancelledAt: string;
  cancellationReason: string;
  /** Members notified (entrants and ticket holders). */
  notified: number;
  refunds: {
    /** Paid buy-ins and tickets claimed for a refund by this cancellation. */
    claimed: number;
    /** Of those, confirmed by the provider before the answer. */
    succeeded: number;
    /** Still pending after a failed provider call: the clock retries them. */
    pending: number;
  };
}
