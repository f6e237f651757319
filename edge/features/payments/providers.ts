import type { Config } from '../../lib/config.ts';
import type { PaymentProvider } from './provider.ts';
import { createTestProvider } from './test-provider.ts';

/** D3: Stripe Checkout when STRIPE_SECRET_KEY is set, otherwise the built-in test checkout. */
export function createPaymentProvider(config: Config): PaymentProvider {
  // TODO(payments helper): return the Stripe provider when config.stripe is set.
  return createTestProvider(config.publicUrl);
}
