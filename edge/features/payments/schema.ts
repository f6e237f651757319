import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';

/**
 * The payments API's contract (D3; 000 s7, s9; 001 s5, s7, s9): request schemas shared with the forms and the
 * response shapes. The price lists are in constants.ts (re-exported here).
 */

export * from './constants.ts';
import { sponsorshipTierIds, type PaymentKind, type TicketTier } from './constants.ts';

export const tournamentIdField = z.coerce
  .number({ error: 'Tournament is required' })
  .int({ error: 'Tournament is required' })
  .positive({ error: 'Tournament is required' });

/** POST /api/stripe/checkout/sponsorship: the sponsorship application of 001 s5, messages verbatim. */
export const sponsorshipCheckoutSchema = z.object({
  tier: z.enum(sponsorshipTierIds, { error: 'Tier must be bronze, silver, gold or title' }),
  companyName: freeText({ label: 'Company name', name: true, error: 'Company name is required' })
    .min(1, { error: 'Company name is required' })
    .max(120, { error: 'Company name must be at most 120 characters' }),
  contactEmail: z.email({ error: 'Invalid email address' }).trim().toLowerCase(),
  contactPhone: freeText({ label: 'Phone number', error: 'Phone number must be at least 10 digits' })
    .min(10, { error: 'Phone number must be at least 10 digits' })
    .max(40, { error: 'Phone number must be at most 40 characters' }),
  website: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Invalid website URL' })])
    .optional()
    .transform((v) => (v ? v : undefined)),
  description: freeText({
    label: 'Description',
    multiline: true,
    error: 'Please provide at least 20 characters about your company',
  })
    .min(20, { error: 'Please provide at least 20 characters about your company' })
    .max(2000, { error: 'Description must be at most 2000 characters' }),
  tournamentId: z
    .union([z.literal(''), z.null(), tournamentIdField])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
});
export type SponsorshipCheckoutInput = z.input<typeof sponsorshipCheckoutSchema>;


/**
 * Every checkout call answers this. `checkoutUrl` is where the browser goes next (Stripe's hosted page or the
 * built-in test checkout); it is null when nothing is owed (a zero buy-in registers at once, `registered` true).
 */
export interface CheckoutResponse {
  checkoutUrl: string | null;
  sessionId: string | null;
  registered?: boolean;
  message: string;
}

/** POST /api/stripe/verify-payment: `success` true once the payment is paid and fulfilled. */
export interface VerifyPaymentResponse {
  success: boolean;
  message: string;
  /** What was bought: only for the payer (the buyer's account, or the browser that opened a guest checkout). */
  metadata: {
    type: PaymentKind;
    /** The tournament bought into, ticketed or sponsored; null for a donation or a league-wide sponsorship. */
    tournamentId: number | null;
    tournamentTitle: string | null;
    tier: string | null;
    amount: number;
    /** A paid ticket's code, so the success page can link to it. */
    ticketCode: string | null;
  } | null;
}

/** GET /api/payments/test-checkout/{sessionId}: what the built-in test checkout page shows (D3). */
export interface TestCheckoutSession {
  sessionId: string;
  kind: PaymentKind;
  /** What is being bought, e.g. "Supporter Pass - Atlanta Summer Slam". */
  description: string;
  amount: number;
  status: 'pending' | 'paid' | 'cancelled' | 'expired';
  expiresAt: string;
  /** Where Pay and Cancel send the browser, with Stripe's query parameters. */
  successUrl: string;
  cancelUrl: string;
}

/** A ticket as its holder sees it (GET /api/tickets/mine). The QR code encodes `code`. */
export interface MyTicket {
  id: number;
  code: string;
  tier: TicketTier;
  tierName: string;
  price: number;
  createdAt: string;
  usedAt: string | null;
  /** The money was given back (an admin's refund, or the tournament's cancellation): the ticket no longer admits. */
  refunded: boolean;
  tournament: {
    id: number;
    title: string;
    startDate: string;
    /** When it started and completed (issue 34: shown instead of the scheduled start once set); else null. */
    startedAt: string | null;
    completedAt: string | null;
    location: string | null;
    status: string;
  };
}

/** GET /api/tickets/{code} for door staff: valid, already used or invalid. */
export interface TicketCheck {
  status: 'valid' | 'used' | 'invalid';
  ticket: {
    tier: TicketTier;
    tierName: string;
    /** The holder's first name (D26); the full name for the tournament's door staff (league admins, its host). */
    holderName: string;
    tournamentId: number;
    tournamentTitle: string;
    usedAt: string | null;
  } | null;
}
