// Stripe as the hosts project plays it: the buyer pays on the local fake of Stripe's API (the global setup's), and
// Stripe's signed delivery of the event reaches the host's webhook.
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { CheckoutResponse } from '../features/payments/schema.ts';
import { json, type Member, type MockSession } from '../features/payments/test-helpers.ts';
import { STRIPE_WEBHOOK_SECRET } from './context.ts';
import { hostsContext, type Host } from './host.ts';

/** The buyer pays on Stripe's page (the fake's `/test/pay`): the session as Stripe then holds it. */
export async function pay(sessionId: string): Promise<MockSession> {
  const res = await fetch(`${hostsContext().stripeUrl}/test/pay/${sessionId}`, { method: 'POST' });
  return (await res.json()) as MockSession;
}

/** A Stripe-Signature header for `payload`, signed now with the hosts' webhook secret (or another). */
export const sign = (payload: string, secret = STRIPE_WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) });

/** Stripe's delivery: no Origin, no cookie, the raw body and its signature. */
export const deliver = (host: Host, payload: string, signature: string) =>
  host.request('/api/stripe/webhook', {
    method: 'POST',
    origin: null,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });

/** A checkout the member opened and paid on Stripe, and the completed event Stripe sends for it. */
export async function paidCheckout(who: Member, path: string, body: unknown) {
  const opened = await json<CheckoutResponse>(await who.agent.post(path, body));
  expect(opened.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
  const session = await pay(opened.sessionId!);
  const payload = JSON.stringify({ id: `evt_${session.id}`, object: 'event', type: 'checkout.session.completed', data: { object: session } });
  return { sessionId: opened.sessionId!, payload };
}
