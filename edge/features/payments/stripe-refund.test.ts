// The refund of D33 through the real Stripe SDK: POST /v1/refunds with the PaymentIntent and our Idempotency-Key,
// against a local stand-in for the two Stripe endpoints it uses (the SDK's form encoding and errors run for real).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';

interface Received {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

let server: Server;
let port: number;
const received: Received[] = [];
/** Refunds made, by idempotency key, as Stripe keeps them: the same key answers the same refund. */
const byKey = new Map<string, string>();
let refuseNext = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      received.push({ method: req.method ?? '', path, idempotencyKey, form: Object.fromEntries(new URLSearchParams(body)) });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${received.length}` });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'POST' && path === '/v1/refunds') {
        if (refuseNext) {
          refuseNext = false;
          return send(400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } });
        }
        const key = idempotencyKey ?? `none-${received.length}`;
        if (!byKey.has(key)) byKey.set(key, `re_mock${byKey.size + 1}`);
        return send(200, { id: byKey.get(key), object: 'refund', status: 'succeeded', amount: Number(new URLSearchParams(body).get('amount')) });
      }
      if (req.method === 'GET' && path === '/v1/checkout/sessions/cs_test_paid') {
        return send(200, { id: 'cs_test_paid', object: 'checkout.session', status: 'complete', payment_status: 'paid', payment_intent: 'pi_from_session' });
      }
      if (req.method === 'GET' && path === '/v1/checkout/sessions/cs_test_unpaid') {
        return send(200, { id: 'cs_test_unpaid', object: 'checkout.session', status: 'open', payment_status: 'unpaid', payment_intent: null });
      }
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
});

const stripe = () => createStripeProvider({ secretKey: 'sk_test_x', host: '127.0.0.1', port, protocol: 'http' });

describe('StripeProvider.refund', () => {
  it('refunds the PaymentIntent for the amount, with our idempotency key', async () => {
    const result = await stripe().refund({ paymentId: 'pi_123', sessionId: 'cs_test_x', amountCents: 4000, idempotencyKey: 'refund-7' });
    expect(result).toEqual({ refundId: 're_mock1' });
    expect(received).toEqual([{ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund-7', form: { payment_intent: 'pi_123', amount: '4000' } }]);
    // Asked again with the same key (an answer lost on the way): the same refund.
    expect(await stripe().refund({ paymentId: 'pi_123', sessionId: 'cs_test_x', amountCents: 4000, idempotencyKey: 'refund-7' })).toEqual(result);
  });

  it("finds the PaymentIntent through the checkout session when the payment's id was not recorded", async () => {
    await stripe().refund({ paymentId: null, sessionId: 'cs_test_paid', amountCents: 2500, idempotencyKey: 'refund-8' });
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/checkout/sessions/cs_test_paid', 'POST /v1/refunds']);
    expect(received[1]!.form).toEqual({ payment_intent: 'pi_from_session', amount: '2500' });
  });

  it('throws when there is nothing to refund or Stripe refuses, so the caller keeps the refund pending', async () => {
    await expect(stripe().refund({ paymentId: null, sessionId: 'cs_test_unpaid', amountCents: 100, idempotencyKey: 'refund-9' })).rejects.toThrow(
      'Stripe checkout session cs_test_unpaid has no payment to refund',
    );
    refuseNext = true;
    await expect(stripe().refund({ paymentId: 'pi_1', sessionId: 'cs', amountCents: 100, idempotencyKey: 'refund-10' })).rejects.toThrow(
      'Charge has already been refunded.',
    );
  });
});

describe('TestProvider.refund', () => {
  it('records a refund id per idempotency key without calling anyone', async () => {
    const provider = createTestProvider('http://localhost:3000');
    const first = await provider.refund({ paymentId: null, sessionId: 'test_cs_a', amountCents: 4000, idempotencyKey: 'refund-1' });
    expect(first.refundId).toMatch(/^test_re_[a-z2-7]{32}$/);
    expect(await provider.refund({ paymentId: null, sessionId: 'test_cs_a', amountCents: 4000, idempotencyKey: 'refund-1' })).toEqual(first);
    expect((await provider.refund({ paymentId: null, sessionId: 'test_cs_b', amountCents: 4000, idempotencyKey: 'refund-2' })).refundId).not.toBe(first.refundId);
  });
});
