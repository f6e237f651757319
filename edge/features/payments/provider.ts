import type { PaymentKind } from './schema.ts';

/** What the payments module asks of a checkout provider (D3): Stripe Checkout, or the built-in test checkout. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'test';
  /** Opens a hosted checkout for one line item; the caller has already recorded nothing yet. */
  createCheckout(input: CreateCheckoutInput): Promise<{ sessionId: string; url: string }>;
  /**
   * The provider's view of a session, for verify-payment and for webhooks that cannot be trusted on their own.
   * Null when the provider does not know the session.
   */
  retrieveCheckout(sessionId: string): Promise<ProviderCheckout | null>;
  /**
   * Gives a paid payment's money back in full or in part (D33). The same `idempotencyKey` always means the same
   * refund: a retry after a lost answer never refunds twice. Throws when the provider refuses or cannot be reached;
   * the caller keeps the refund pending and retries.
   */
  refund(input: RefundInput): Promise<{ refundId: string }>;
}

export interface RefundInput {
  /** The provider's payment (Stripe's PaymentIntent); null for the test checkout, or when it was not recorded. */
  paymentId: string | null;
  /** The checkout session that took the money: how the payment is found when `paymentId` is null. */
  sessionId: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface CreateCheckoutInput {
  kind: PaymentKind;
  amountCents: number;
  currency: 'usd';
  /** The line item's name, e.g. "Supporter Pass - Atlanta Summer Slam". */
  description: string;
  /** Absolute URL; Stripe's `{CHECKOUT_SESSION_ID}` placeholder is kept for the provider to fill in. */
  successUrl: string;
  cancelUrl: string;
  customerEmail: string | null;
  expiresAt: Date;
  /** Echoed back by Stripe on the session and its events. */
  metadata: Record<string, string>;
}

export interface ProviderCheckout {
  sessionId: string;
  /** True once the money is collected (Stripe: payment_status 'paid'). */
  paid: boolean;
  /** 'open' | 'complete' | 'expired' as Stripe reports it. */
  state: 'open' | 'complete' | 'expired';
  amountCents: number | null;
  currency: string | null;
  paymentId: string | null;
}
