import type { Config } from '../../lib/config.ts';
import type { PaymentProvider } from './provider.ts';
import { createStripeProvider, stripeEndpoint } from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';

/** D3: Stripe Checkout when STRIPE_SECRET_KEY is set, otherwise the built-in test checkout. */
export function createPaymentProvider(config: Config): PaymentProvider {
  if (config.stripe) {
    const { secretKey, apiUrl } = config.stripe;
    return createStripeProvider({ secretKey, ...(apiUrl ? stripeEndpoint(apiUrl) : {}) });
  }
  return createTestProvider(config.publicUrl);
}
