import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { PaymentProvider } from './provider.ts';

/**
 * D3: the built-in test checkout stands in for Stripe's hosted page when no STRIPE_SECRET_KEY is set.
 * The session lives only in the payments table; the page at /checkout/test shows it with Pay and Cancel.
 */
export function createTestProvider(publicUrl: string): PaymentProvider {
  const refunds = new Map<string, string>();
  return {
    name: 'test',
    async createCheckout() {
      const bytes = crypto.getRandomValues(new Uint8Array(20));
      const sessionId = `test_cs_${encodeBase32LowerCaseNoPadding(bytes)}`;
      return { sessionId, url: `${publicUrl}/checkout/test?session_id=${sessionId}` };
    },
    // Nothing outside our own table knows a test session; the payments module reads its status there.
    async retrieveCheckout() {
      return null;
    },
    // No card was charged, so a refund moves no money: it is only recorded. One id per idempotency key, as Stripe
    // answers a repeated key with the refund it already made.
    async refund(input) {
      let refundId = refunds.get(input.idempotencyKey);
      if (!refundId) {
        refundId = `test_re_${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)))}`;
        refunds.set(input.idempotencyKey, refundId);
      }
      return { refundId };
    },
  };
}
