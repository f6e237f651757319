import { describe, expect, it } from 'vitest';
import { stripeEndpoint } from '../features/payments/stripe-provider.ts';
import { loadConfig } from './config.ts';

describe('STRIPE_API_URL (ADR 060)', () => {
  it('points the Stripe SDK at another origin, and is unset for Stripe itself', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(config.stripe).toMatchObject({ apiUrl: 'http://127.0.0.1:12111' });
    expect(stripeEndpoint(config.stripe!.apiUrl!)).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeEndpoint('https://stripe.internal')).toEqual({ host: 'stripe.internal', port: 443, protocol: 'https' });
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).stripe).toMatchObject({ apiUrl: undefined });
  });

  it('refuses a value the SDK could not use, naming the setting', () => {
    for (const value of ['127.0.0.1:12111', 'ftp://127.0.0.1', 'http://127.0.0.1:12111/v1', 'http://127.0.0.1/?x=1']) {
      expect(() => loadConfig({ STRIPE_API_URL: value }), value).toThrow(/STRIPE_API_URL: must be an/);
    }
  });
});
