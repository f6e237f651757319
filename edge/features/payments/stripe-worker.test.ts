// D3 on the Workers host (issue 35): a signed Stripe webhook through edge/worker.ts's fetch handler, with the
// Worker's own clients - libSQL over HTTP (@libsql/client/web, to the Hrana test server as to Turso) and the Stripe
// SDK's fetch client pointed at the local fake of Stripe's API by STRIPE_API_URL. Nothing reaches the network.
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHranaServer, type HranaServer } from '../../../scripts/hrana/server.ts';
import { paymentEvents } from '../../../db/schema/payments.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/app.ts';
import { callWorker, workerEnv } from '../../test/worker-host.ts';
import type { LogLine } from '../../lib/log.ts';
import type { WorkerEnv } from '../../worker.ts';
import type { CheckoutResponse, VerifyPaymentResponse } from './schema.ts';
import {
  addTournament,
  json,
  member,
  notificationsOf,
  paymentOfSession,
  registrationsOf,
  startMockStripe,
  type Member,
} from './test-helpers.ts';

const SECRET = 'whsec_edge';
const STORM = 20;
let stripe: Awaited<ReturnType<typeof startMockStripe>>;
let t: TestApp;
let hrana: HranaServer;
let env: WorkerEnv;

beforeAll(async () => {
  stripe = await startMockStripe();
});
afterAll(() => stripe.close());

beforeEach(async () => {
  // The test's own handle on the file (fixtures, assertions); the Worker reaches the same file over HTTP only.
  t = await createTestApp();
  hrana = await startHranaServer({ file: t.databaseUrl.slice('file:'.length) });
  // One object for the whole test: the Worker keeps one app per env binding object, as an isolate does.
  env = workerEnv({
    DATABASE_URL: hrana.url,
    PUBLIC_URL: TEST_ORIGIN,
    STRIPE_SECRET_KEY: 'sk_test_edge',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`,
  });
});
afterEach(async () => {
  await hrana.close();
  await t.cleanup();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

function worker(path: string, init: RequestInit = {}) {
  return callWorker(new Request(`${TEST_ORIGIN}${path}`, init), env);
}

/** A member's JSON POST from the league's own pages (Origin and session cookie). */
function post(who: Member, path: string, body: unknown) {
  return worker(path, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie: who.agent.cookieHeader(), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Stripe's delivery: no Origin, the raw body and its signature header. */
function deliver(payload: string, signature: string) {
  return worker('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

const sign = (payload: string, timestamp = nowSeconds(), secret = SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

/** A player holding a spot behind a Stripe Checkout Session the Worker opened, and the completed event for it. */
async function paidCheckout() {
  const tournamentId = await addTournament(t);
  const player = await member(t);
  const { sessionId } = await json<CheckoutResponse>(
    await post(player, '/api/stripe/checkout/tournament-registration', { tournamentId }),
  );
  const session = stripe.pay(sessionId!);
  const payload = JSON.stringify({
    id: `evt_edge_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: session },
  });
  return { tournamentId, player, sessionId: sessionId!, payload };
}

async function expectNothingChanged(tournamentId: number, sessionId: string) {
  expect((await paymentOfSession(t, sessionId)).status).toBe('pending');
  expect((await registrationsOf(t, tournamentId)).map((r) => r.status)).toEqual(['pending_payment']);
  expect(await t.db.select().from(paymentEvents)).toHaveLength(0);
}

describe('the Stripe webhook on the Worker host', () => {
  it(`fulfils once: the same signed event ${STORM} times at once plus the return page`, async () => {
    const { tournamentId, player, sessionId, payload } = await paidCheckout();
    // The Worker opened the session through the SDK's fetch client, at the fake's host.
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.auth === 'Bearer sk_test_edge')).not.toEqual([]);

    const signature = sign(payload);
    const responses = await Promise.all([
      ...Array.from({ length: STORM }, () => deliver(payload, signature)),
      post(player, '/api/stripe/verify-payment', { sessionId }),
    ]);
    expect(responses.map((r) => r.status)).toEqual(Array(STORM + 1).fill(200));
    const returned = (await responses[STORM]!.json()) as VerifyPaymentResponse;
    expect(returned).toMatchObject({ success: true, message: 'Payment successful' });

    expect((await registrationsOf(t, tournamentId)).map((r) => r.status)).toEqual(['registered']);
    expect(await notificationsOf(t, player.id, ['registration_confirmed'])).toHaveLength(1);
    const payment = await paymentOfSession(t, sessionId);
    expect(payment).toMatchObject({ status: 'paid', providerPaymentId: `pi_${sessionId}` });
    expect(['webhook', 'verify-payment']).toContain(payment.fulfilledBy);
    expect(await t.db.select().from(paymentEvents)).toHaveLength(1);

    // Stripe redelivers days later: acknowledged, nothing new.
    expect(await json(await deliver(payload, sign(payload)))).toEqual({ received: true });
    expect(await notificationsOf(t, player.id, ['registration_confirmed'])).toHaveLength(1);
  });

  it('answers a delivery 503 while the database is out of reach, logs it, and fulfils its redelivery', async () => {
    const { tournamentId, player, payload } = await paidCheckout();
    const log: LogLine[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => log.push(JSON.parse(line) as LogLine));
    const { port } = new URL(hrana.url);
    await hrana.close();
    const res = await deliver(payload, sign(payload));
    expect([res.status, res.headers.get('retry-after')]).toEqual([503, '30']);
    expect(log).toEqual([
      expect.objectContaining({ level: 'error', event: 'request', route: '/api/stripe/webhook', status: 503, message: expect.stringMatching(/could not be reached/) }),
    ]);

    // Stripe sends it again later (for up to three days): once the database answers, the payment is fulfilled.
    hrana = await startHranaServer({ file: t.databaseUrl.slice('file:'.length), port: Number(port) });
    expect(await json(await deliver(payload, sign(payload)))).toEqual({ received: true });
    expect((await registrationsOf(t, tournamentId)).map((r) => r.status)).toEqual(['registered']);
    expect(await notificationsOf(t, player.id, ['registration_confirmed'])).toHaveLength(1);
  });

  it('refuses a bad signature with 400, changes nothing, and logs each refusal for `wrangler tail`', async () => {
    const { tournamentId, sessionId, payload } = await paidCheckout();
    const log: LogLine[] = [];
    vi.spyOn(console, 'warn').mockImplementation((line: string) => log.push(JSON.parse(line) as LogLine));
    const forged = sign(payload, nowSeconds(), 'whsec_not_ours');
    const tampered = payload.replace('"paid"', '"unpaid"');
    for (const [body, signature] of [
      [payload, forged],
      [payload, 'nonsense'],
      [payload, ''],
      [tampered, sign(payload)],
    ] as const) {
      expect(await json(await deliver(body, signature), 400)).toEqual({ message: 'Invalid signature' });
    }
    await expectNothingChanged(tournamentId, sessionId);
    expect(log).toHaveLength(4);
    for (const line of log) {
      expect(line).toMatchObject({ level: 'warn', event: 'webhook', method: 'POST', route: '/api/stripe/webhook', status: 400 });
      expect(line.message).toMatch(/^Invalid signature: ./);
    }
    expect(log[0]!.message).toMatch(/No signatures found matching the expected signature/);
    expect(JSON.stringify(log)).not.toContain(SECRET);
  });

  it('refuses an event signed more than 5 minutes ago (a replay) or ahead, and takes one signed just now', async () => {
    const { tournamentId, sessionId, payload } = await paidCheckout();
    const log: LogLine[] = [];
    vi.spyOn(console, 'warn').mockImplementation((line: string) => log.push(JSON.parse(line) as LogLine));
    for (const at of [nowSeconds() - 5 * 60 - 30, nowSeconds() - 24 * 60 * 60, nowSeconds() + 5 * 60 + 30]) {
      expect(await json(await deliver(payload, sign(payload, at)), 400)).toEqual({ message: 'Invalid signature' });
    }
    expect(log.map((line) => line.message)).toEqual([
      'Invalid signature: Timestamp outside the tolerance zone',
      'Invalid signature: Timestamp outside the tolerance zone',
      'Invalid signature: Timestamp ahead of the tolerance zone',
    ]);
    await expectNothingChanged(tournamentId, sessionId);

    expect(await json(await deliver(payload, sign(payload)))).toEqual({ received: true });
    expect((await registrationsOf(t, tournamentId)).map((r) => r.status)).toEqual(['registered']);
  });
});
