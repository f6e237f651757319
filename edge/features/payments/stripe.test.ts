// The Stripe path of D3 with the real SDK: checkout creation and session retrieval go to a local mock of the two
// Stripe endpoints; webhooks are signed with the SDK's own test header helper.
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { paymentEvents, tickets } from '../../../db/schema/payments.ts';
import { sponsors } from '../../../db/schema/sponsors.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { CheckoutResponse, VerifyPaymentResponse } from './schema.ts';
import {
  addTournament,
  countWhere,
  json,
  member,
  MINUTE,
  notificationsOf,
  paymentOfSession,
  registrationsOf,
  startMockStripe,
} from './test-helpers.ts';

const SECRET = 'whsec_x';
let stripe: Awaited<ReturnType<typeof startMockStripe>>;
let t: TestApp;

beforeAll(async () => {
  stripe = await startMockStripe();
});
afterAll(() => stripe.close());
afterEach(() => t?.cleanup());

/** The app as a host builds it from its settings: STRIPE_API_URL points the SDK at the local fake (ADR 060). */
async function stripeApp(env: Record<string, string> = { STRIPE_WEBHOOK_SECRET: SECRET }) {
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`, ...env },
  });
  return t;
}

let eventCounter = 0;
function event(type: string, session: object, id = `evt_${++eventCounter}_${Date.now()}`) {
  return JSON.stringify({ id, object: 'event', type, data: { object: session } });
}

function sendWebhook(payload: string, signature?: string) {
  const header =
    signature ??
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(t.now().getTime() / 1000),
    });
  // Stripe sends no Origin header: the webhook is exempt from the Origin check.
  return t.agent({ origin: null }).post('/api/stripe/webhook', payload, {
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

describe('checkout through the Stripe SDK', () => {
  it('creates a Checkout Session with the server price, return URLs, expiry, e-mail and metadata', async () => {
    await stripeApp();
    const id = await addTournament(t, { buyIn: 40, title: 'Atlanta Summer Slam' });
    const player = await member(t);
    const body = await json<CheckoutResponse>(
      await player.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id, amount: 1 }),
    );
    const session = stripe.sessions.get(body.sessionId!)!;
    expect(body).toEqual({ checkoutUrl: session.url, sessionId: session.id, message: 'Checkout session created' });
    const payment = await paymentOfSession(t, session.id);
    expect(session.sent).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '4000',
      'line_items[0][price_data][product_data][name]': 'Tournament registration - Atlanta Summer Slam',
      'line_items[0][quantity]': '1',
      success_url: `http://localhost:3000/checkout/success?session_id={CHECKOUT_SESSION_ID}&type=registration&id=${id}`,
      cancel_url: `http://localhost:3000/checkout/cancel?type=registration&id=${id}`,
      customer_email: player.email,
      client_reference_id: String(payment.id),
      'metadata[paymentId]': String(payment.id),
      'metadata[kind]': 'registration',
      'metadata[tournamentId]': String(id),
    });
    // Stripe requires at least 30 minutes; the server keeps a margin.
    expect(session.expires_at - Math.floor(t.now().getTime() / 1000)).toBeGreaterThanOrEqual(30 * 60 + 60);
    expect(payment).toMatchObject({
      provider: 'stripe',
      amountCents: 4000,
      checkoutUrl: session.url,
      status: 'pending',
    });
    expect(stripe.requests.at(-1)?.auth).toBe('Bearer sk_test_x');
  });

  it('answers 502 and releases the hold when Stripe refuses', async () => {
    await stripeApp();
    const id = await addTournament(t, { maxPlayers: 1 });
    const player = await member(t);
    stripe.failNextCreate();
    expect(
      await json(await player.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id }), 502),
    ).toEqual({
      message: 'Failed to create checkout session',
    });
    expect((await registrationsOf(t, id)).map((r) => r.status)).toEqual(['cancelled']);
    // The spot is free again: another player gets it.
    const other = await member(t);
    expect((await other.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id })).status).toBe(
      200,
    );
  });

  it('hides the test checkout when Stripe is configured', async () => {
    await stripeApp();
    const id = await addTournament(t);
    const fan = await member(t, { role: 'fan' });
    const { sessionId } = await json<CheckoutResponse>(
      await fan.agent.post('/api/stripe/checkout/ticket', { tournamentId: id, tier: 'general' }),
    );
    expect((await t.request(`/api/payments/test-checkout/${sessionId}`)).status).toBe(404);
    expect((await fan.agent.post(`/api/payments/test-checkout/${sessionId}/pay`)).status).toBe(404);
    expect((await paymentOfSession(t, sessionId!)).status).toBe('pending');
  });
});

describe('verify-payment with Stripe', () => {
  it('reads the session back from Stripe and fulfils only once it is paid', async () => {
    await stripeApp();
    const id = await addTournament(t, { title: 'Cup' });
    const fan = await member(t, { role: 'fan' });
    const { sessionId } = await json<CheckoutResponse>(
      await fan.agent.post('/api/stripe/checkout/ticket', { tournamentId: id, tier: 'supporter' }),
    );
    expect(await json(await fan.agent.post('/api/stripe/verify-payment', { sessionId }))).toMatchObject({
      success: false,
      message: 'Payment not completed',
    });
    stripe.pay(sessionId!);
    const paid = await json<VerifyPaymentResponse>(await fan.agent.post('/api/stripe/verify-payment', { sessionId }));
    const [ticket] = await t.db.select().from(tickets);
    expect(paid).toEqual({
      success: true,
      message: 'Payment successful',
      metadata: {
        type: 'ticket',
        tournamentId: id,
        tournamentTitle: 'Cup',
        tier: 'supporter',
        amount: 25,
        ticketCode: ticket!.code,
      },
    });
    expect(await paymentOfSession(t, sessionId!)).toMatchObject({
      status: 'paid',
      fulfilledBy: 'verify-payment',
      providerPaymentId: `pi_${sessionId}`,
    });
  });

  it('refuses to fulfil when Stripe reports another amount', async () => {
    await stripeApp();
    const id = await addTournament(t);
    const fan = await member(t, { role: 'fan' });
    const { sessionId } = await json<CheckoutResponse>(
      await fan.agent.post('/api/stripe/checkout/ticket', { tournamentId: id, tier: 'general' }),
    );
    stripe.pay(sessionId!).amount_total = 1;
    expect(await json(await fan.agent.post('/api/stripe/verify-payment', { sessionId }))).toMatchObject({
      success: false,
      message: 'Payment verification failed',
    });
    expect((await paymentOfSession(t, sessionId!)).status).toBe('pending');
    expect(await t.db.select().from(tickets)).toHaveLength(0);
  });
});

describe('the Stripe webhook', () => {
  it('fulfils exactly once: the same signed event 10 times at once plus the return page', async () => {
    await stripeApp();
    const id = await addTournament(t);
    const player = await member(t);
    const { sessionId } = await json<CheckoutResponse>(
      await player.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id }),
    );
    const session = stripe.pay(sessionId!);
    const payload = event('checkout.session.completed', session);
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => sendWebhook(payload)),
      player.agent.post('/api/stripe/verify-payment', { sessionId }),
    ]);
    expect(responses.map((r) => r.status)).toEqual(Array(11).fill(200));
    expect((await responses[10]!.json()).success).toBe(true);
    const rows = await registrationsOf(t, id);
    expect(rows.map((r) => r.status)).toEqual(['registered']);
    expect(await notificationsOf(t, player.id, ['registration_confirmed'])).toHaveLength(1);
    const payment = await paymentOfSession(t, sessionId!);
    expect(payment.status).toBe('paid');
    expect(['webhook', 'verify-payment']).toContain(payment.fulfilledBy);
    expect(await t.db.select().from(paymentEvents)).toHaveLength(1);
  });

  it('fulfils a ticket and a sponsorship once for distinct events of the same session', async () => {
    await stripeApp();
    const id = await addTournament(t);
    const fan = await member(t, { role: 'fan' });
    const ticket = await json<CheckoutResponse>(
      await fan.agent.post('/api/stripe/checkout/ticket', { tournamentId: id, tier: 'general' }),
    );
    const sponsor = await json<CheckoutResponse>(
      await t.agent().post('/api/stripe/checkout/sponsorship', {
        tier: 'silver',
        companyName: 'Acme',
        contactEmail: 'a@acme.example',
        contactPhone: '5555550100',
        description: 'We make everything for everyone, since 1949.',
        tournamentId: id,
      }),
    );
    for (const sessionId of [ticket.sessionId!, sponsor.sessionId!]) {
      const session = stripe.pay(sessionId);
      const sends = await Promise.all([
        ...Array.from({ length: 5 }, () => sendWebhook(event('checkout.session.completed', session))),
        ...Array.from({ length: 5 }, () => sendWebhook(event('checkout.session.async_payment_succeeded', session))),
      ]);
      expect(sends.every((r) => r.status === 200)).toBe(true);
    }
    expect(await countWhere(t, 'tickets', (await paymentOfSession(t, ticket.sessionId!)).id)).toBe(1);
    expect(await countWhere(t, 'sponsors', (await paymentOfSession(t, sponsor.sessionId!)).id)).toBe(1);
    expect(await notificationsOf(t, fan.id, ['ticket_purchased'])).toHaveLength(1);
    // D24: the paid listing waits for an admin's approval before the tournament shows it.
    expect(await json(await t.request(`/api/tournaments/${id}/sponsors`))).toEqual([]);
    expect(await t.db.select().from(sponsors)).toMatchObject([
      { companyName: 'Acme', tier: 'silver', status: 'pending' },
    ]);
  });

  it('refuses a bad signature and a timestamp older than 5 minutes, changing nothing', async () => {
    await stripeApp();
    const id = await addTournament(t);
    const player = await member(t);
    const { sessionId } = await json<CheckoutResponse>(
      await player.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id }),
    );
    const payload = event('checkout.session.completed', stripe.pay(sessionId!));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(t.now().getTime() / 1000) - 5 * 60 - 1,
    });
    for (const signature of [forged, stale, 'nonsense']) {
      expect(await json(await sendWebhook(payload, signature), 400)).toEqual({ message: 'Invalid signature' });
    }
    const tampered = payload.replace('"paid"', '"unpaid"');
    const signedOriginal = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(t.now().getTime() / 1000),
    });
    expect((await sendWebhook(tampered, signedOriginal)).status).toBe(400);
    expect((await paymentOfSession(t, sessionId!)).status).toBe('pending');
    expect((await registrationsOf(t, id)).map((r) => r.status)).toEqual(['pending_payment']);
    expect(await t.db.select().from(paymentEvents)).toHaveLength(0);
  });

  it('refuses a timestamp more than 5 minutes in the future like a stale one, and takes small clock skew', async () => {
    await stripeApp();
    const id = await addTournament(t);
    const player = await member(t);
    const { sessionId } = await json<CheckoutResponse>(
      await player.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id }),
    );
    const payload = event('checkout.session.completed', stripe.pay(sessionId!));
    const nowSeconds = Math.floor(t.now().getTime() / 1000);
    const signedAt = (timestamp: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp });

    expect(await json(await sendWebhook(payload, signedAt(nowSeconds + 5 * 60 + 1)), 400)).toEqual({
      message: 'Invalid signature',
    });
    expect(await json(await sendWebhook(payload, signedAt(nowSeconds + 24 * 60 * 60)), 400)).toEqual({
      message: 'Invalid signature',
    });
    expect((await paymentOfSession(t, sessionId!)).status).toBe('pending');
    expect((await registrationsOf(t, id)).map((r) => r.status)).toEqual(['pending_payment']);
    expect(await t.db.select().from(paymentEvents)).toHaveLength(0);

    // A sender's clock a little ahead of ours is skew, not an attack: exactly 5 minutes ahead is still taken.
    expect((await sendWebhook(payload, signedAt(nowSeconds + 5 * 60))).status).toBe(200);
    expect((await registrationsOf(t, id)).map((r) => r.status)).toEqual(['registered']);
  });

  it('never fulfils a signed event reporting another amount: the buyer is not registered, the mismatch is audited once', async () => {
    await stripeApp();
    const id = await addTournament(t, { buyIn: 40 });
    const player = await member(t);
    const { sessionId } = await json<CheckoutResponse>(
      await player.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id }),
    );
    const underpaid = { ...stripe.pay(sessionId!), amount_total: 100 };
    // 2xx, as for any event handled: a 4xx would only make Stripe resend the same signed body for days.
    expect(await json(await sendWebhook(event('checkout.session.completed', underpaid)))).toEqual({ received: true });
    expect(await json(await sendWebhook(event('checkout.session.async_payment_succeeded', underpaid)))).toEqual({
      received: true,
    });

    const payment = await paymentOfSession(t, sessionId!);
    expect(payment).toMatchObject({ status: 'pending', paidAt: null, fulfilledBy: null });
    expect((await registrationsOf(t, id)).map((r) => r.status)).toEqual(['pending_payment']);
    expect(await notificationsOf(t, player.id, ['registration_confirmed'])).toHaveLength(0);
    expect(await t.db.select().from(auditLog)).toEqual([
      {
        id: expect.any(Number),
        actorId: null,
        action: 'payment.mismatch',
        targetType: 'payment',
        targetId: String(payment.id),
        before: JSON.stringify({ amountCents: 4000, currency: 'usd' }),
        after: JSON.stringify({ amountCents: 100, currency: 'usd', sessionId, reportedBy: 'webhook' }),
        createdAt: t.now(),
      },
    ]);
  });

  it('never fulfils a signed event reporting another currency: no ticket is issued', async () => {
    await stripeApp();
    const id = await addTournament(t);
    const fan = await member(t, { role: 'fan' });
    const { sessionId } = await json<CheckoutResponse>(
      await fan.agent.post('/api/stripe/checkout/ticket', { tournamentId: id, tier: 'general' }),
    );
    const inEuros = { ...stripe.pay(sessionId!), currency: 'eur' };
    expect((await sendWebhook(event('checkout.session.completed', inEuros))).status).toBe(200);
    expect((await paymentOfSession(t, sessionId!)).status).toBe('pending');
    expect(await t.db.select().from(tickets)).toHaveLength(0);
    expect(await notificationsOf(t, fan.id, ['ticket_purchased'])).toHaveLength(0);
    expect((await t.db.select().from(auditLog)).map((e) => [e.action, e.after])).toEqual([
      ['payment.mismatch', JSON.stringify({ amountCents: 1000, currency: 'eur', sessionId, reportedBy: 'webhook' })],
    ]);
  });

  it('expires an unpaid session and frees the hold; an expiry after payment changes nothing', async () => {
    await stripeApp();
    const id = await addTournament(t);
    const a = await member(t);
    const b = await member(t);
    const first = await json<CheckoutResponse>(
      await a.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id }),
    );
    const second = await json<CheckoutResponse>(
      await b.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id }),
    );

    expect((await sendWebhook(event('checkout.session.expired', stripe.expire(first.sessionId!)))).status).toBe(200);
    expect((await paymentOfSession(t, first.sessionId!)).status).toBe('expired');
    expect((await registrationsOf(t, id)).find((r) => r.userId === a.id)?.status).toBe('cancelled');

    const paid = stripe.pay(second.sessionId!);
    expect((await sendWebhook(event('checkout.session.completed', paid))).status).toBe(200);
    expect(
      (await sendWebhook(event('checkout.session.expired', { ...paid, status: 'expired', payment_status: 'unpaid' })))
        .status,
    ).toBe(200);
    expect(
      (await sendWebhook(event('checkout.session.async_payment_failed', { ...paid, payment_status: 'unpaid' }))).status,
    ).toBe(200);
    expect((await paymentOfSession(t, second.sessionId!)).status).toBe('paid');
    expect((await registrationsOf(t, id)).find((r) => r.userId === b.id)?.status).toBe('registered');
    expect(await notificationsOf(t, b.id, ['registration_confirmed'])).toHaveLength(1);
  });

  it('acknowledges other events and unpaid completions without acting', async () => {
    await stripeApp();
    const id = await addTournament(t);
    const fan = await member(t, { role: 'fan' });
    const { sessionId } = await json<CheckoutResponse>(
      await fan.agent.post('/api/stripe/checkout/ticket', { tournamentId: id, tier: 'general' }),
    );
    expect(await json(await sendWebhook(event('payment_intent.created', { id: 'pi_1' })))).toEqual({ received: true });
    expect((await sendWebhook(event('checkout.session.completed', stripe.sessions.get(sessionId!)!))).status).toBe(200);
    expect(
      (await sendWebhook(event('checkout.session.completed', { id: 'cs_unknown', payment_status: 'paid' }))).status,
    ).toBe(200);
    expect((await paymentOfSession(t, sessionId!)).status).toBe('pending');
    expect(await t.db.select().from(tickets)).toHaveLength(0);
  });

  it('without a webhook secret, trusts nothing in the body and reads the session from Stripe', async () => {
    await stripeApp({});
    const id = await addTournament(t);
    const fan = await member(t, { role: 'fan' });
    const { sessionId } = await json<CheckoutResponse>(
      await fan.agent.post('/api/stripe/checkout/ticket', { tournamentId: id, tier: 'general' }),
    );
    const session = stripe.sessions.get(sessionId!)!;
    // A forged "paid" body for an unpaid session does nothing.
    const forged = event('checkout.session.completed', { ...session, status: 'complete', payment_status: 'paid' });
    expect((await sendWebhook(forged, 'unsigned')).status).toBe(200);
    expect((await paymentOfSession(t, sessionId!)).status).toBe('pending');
    // A forged expiry for an open session does nothing either.
    expect(
      (await sendWebhook(event('checkout.session.expired', { ...session, status: 'expired' }), 'unsigned')).status,
    ).toBe(200);
    expect((await paymentOfSession(t, sessionId!)).status).toBe('pending');
    // Once Stripe says it is paid, the event fulfils.
    stripe.pay(sessionId!);
    expect((await sendWebhook(event('checkout.session.completed', { id: sessionId }), 'unsigned')).status).toBe(200);
    expect(await paymentOfSession(t, sessionId!)).toMatchObject({ status: 'paid', fulfilledBy: 'webhook' });
    expect(await t.db.select().from(tickets)).toHaveLength(1);
  });

  it('answers 503 when Stripe is not configured', async () => {
    t = await createTestApp();
    const payload = event('checkout.session.completed', { id: 'cs_1' });
    expect(await json(await t.agent({ origin: null }).post('/api/stripe/webhook', payload), 503)).toEqual({
      message: 'Stripe payments are not configured on this server',
    });
  });

  it('fulfils a registration paid just after its hold lapsed only while a spot is free', async () => {
    await stripeApp();
    const id = await addTournament(t, { maxPlayers: 1 });
    const a = await member(t);
    const b = await member(t);
    const first = await json<CheckoutResponse>(
      await a.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id }),
    );
    t.advance(31 * MINUTE);
    const second = await json<CheckoutResponse>(
      await b.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id }),
    );
    // A pays the old session inside Stripe's extra minute: the spot is B's hold now, so A is told, not registered.
    expect((await sendWebhook(event('checkout.session.completed', stripe.pay(first.sessionId!)))).status).toBe(200);
    const rows = await registrationsOf(t, id);
    expect(rows.find((r) => r.userId === a.id)?.status).not.toBe('registered');
    expect(rows.find((r) => r.userId === b.id)?.status).toBe('pending_payment');
    expect((await json<{ registeredCount: number }>(await t.request(`/api/tournaments/${id}`))).registeredCount).toBe(
      1,
    );
    expect(await notificationsOf(t, a.id, ['registration_unavailable'])).toHaveLength(1);
    expect(second.sessionId).toBeTruthy();
  });
});
