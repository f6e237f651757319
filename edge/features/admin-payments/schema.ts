import type { z } from 'zod';
import type { adminPaymentsQuerySchema } from './requests.ts';
import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

/**
 * Shapes of the admin Payments tab (D24, D21, D33): every payment with filters, paged by a keyset cursor, and the
 * refund an admin starts. Zod and types only, so the app's screen imports them too.
 */

export { NEXT_CURSOR_HEADER };

export const ADMIN_PAYMENT_KINDS = ['registration', 'ticket', 'sponsorship', 'donation'] as const;
/** The payment's own statuses, plus `refunded`: a payment whose refund has been claimed (any refund status). */
export const ADMIN_PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'expired', 'refunded'] as const;
export const MAX_ADMIN_PAYMENTS_PAGE = 100;
export const DEFAULT_ADMIN_PAYMENTS_PAGE = 25;

export const ADMIN_PAYMENT_TEXTS = {
  status: `Status must be one of ${ADMIN_PAYMENT_STATUSES.join(', ')}`,
  kind: `Kind must be one of ${ADMIN_PAYMENT_KINDS.join(', ')}`,
  tournament: 'tournamentId must be a tournament id',
  date: 'Dates must be YYYY-MM-DD',
  range: 'The start date must not be after the end date',
  email: 'The e-mail filter must be 1 to 100 characters',
  limit: `Limit must be a whole number from 1 to ${MAX_ADMIN_PAYMENTS_PAGE}`,
  cursor: `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`,
  notFound: 'Payment not found',
  notPaid: (status: string) => `Only a paid payment can be refunded; this one is ${status}`,
  nothingToRefund: 'This payment has no money to refund',
  reason: 'A reason is required (at most 500 characters)',
} as const;


export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>;

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/** A refund as the Payments tab shows it. */
export interface AdminRefund {
  id: number;
  status: RefundStatus;
  amountCents: number;
  reason: string;
  providerRefundId: string | null;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** One row of GET /api/admin/payments. */
export interface AdminPayment {
  id: number;
  kind: (typeof ADMIN_PAYMENT_KINDS)[number];
  status: 'pending' | 'paid' | 'cancelled' | 'expired';
  amountCents: number;
  currency: string;
  provider: 'stripe' | 'test';
  tier: string | null;
  createdAt: string;
  paidAt: string | null;
  tournament: { id: number; title: string } | null;
  member: { id: string; firstName: string; lastName: string; email: string } | null;
  refund: AdminRefund | null;
  /** Paid, with money to give back, and no refund yet: the Refund button shows. */
  refundable: boolean;
}
