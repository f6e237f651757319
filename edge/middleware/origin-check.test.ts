import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createTestApp, TEST_ORIGIN, uniqueEmail, type TestApp } from '../test/app.ts';
import { MISSING_PUBLIC_URL } from '../worker-constants.ts';
import { callWorker as call, workerEnv as env } from '../test/worker-host.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

/** Every kind of state-changing endpoint: sign-in, account, member data, payments, admin, sessions. */
const STATE_CHANGING: [method: string, path: string][] = [
  ['POST', '/api/register'],
  ['POST', '/api/login'],
  ['POST', '/api/logout'],
  ['POST', '/api/logout-everywhere'],
  ['DELETE', '/api/sessions/0123456789abcdef'],
  ['PATCH', '/api/users/profile'],
  ['POST', '/api/waivers'],
  ['POST', '/api/messages/send'],
  ['PATCH', '/api/notifications/read'],
  ['POST', '/api/stripe/checkout/donation'],
  ['POST', '/api/payments/test-checkout/cs_test_1/pay'],
  ['POST', '/api/stripe/verify-payment'],
  ['POST', '/api/support'],
  ['POST', '/api/tickets/ABC/use'],
];

describe('Origin check against DNS rebinding (D5)', () => {
  it.each(STATE_CHANGING)(
    '%s %s from a rebinding page (Origin and Host both evil.example) is refused with 403',
    async (method, path) => {
      const a = t.agent();
      await a.register();
      // The rebinding page's request reaches this server under the attacker's name: its URL and Host say evil.example.
      const res = await a.request(`http://evil.example${path}`, {
        method,
        headers: { origin: 'http://evil.example', host: 'evil.example', 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail(), password: 'long-enough', firstName: 'A', lastName: 'B' }),
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toBe(
        'Cross-site request refused: the Origin header is missing or foreign',
      );
    },
  );

  it('changes nothing: the rebinding registration creates no account and its sign-out ends no session', async () => {
    const a = t.agent();
    await a.register();
    const evil = { origin: 'http://evil.example', host: 'evil.example', 'content-type': 'application/json' };
    const input = { email: uniqueEmail(), password: 'long-enough', firstName: 'A', lastName: 'B' };
    await t.request('http://evil.example/api/register', { method: 'POST', headers: evil, body: JSON.stringify(input) });
    await a.request('http://evil.example/api/logout', { method: 'POST', headers: evil });
    expect(await t.db.select().from(users)).toHaveLength(1);
    expect((await a.get('/api/auth/user')).status).toBe(200);
  });

  it('accepts the league origin (PUBLIC_URL) whatever the Host header says', async () => {
    const res = await t.request('/api/register', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, host: 'internal-name:3000', 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'long-enough', firstName: 'A', lastName: 'B' }),
    });
    expect(res.status).toBe(201);
  });

  it('refuses an origin that differs from PUBLIC_URL only by scheme, port or a trailing slash', async () => {
    for (const origin of ['https://localhost:3000', 'http://localhost:3001', 'http://localhost', `${TEST_ORIGIN}/`, 'null']) {
      const res = await t.agent({ origin }).post('/api/logout');
      expect(res.status, origin).toBe(403);
    }
  });
});

describe('the Worker host', () => {
  it('refuses to start without PUBLIC_URL instead of trusting the request Host', () => {
    const request = new Request('http://evil.example/api/logout', {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
    });
    expect(() => call(request, env({}))).toThrow(MISSING_PUBLIC_URL);
    expect(() => call(request, env({ PUBLIC_URL: '  ' }))).toThrow(MISSING_PUBLIC_URL);
  });

  it('refuses a rebinding-shaped request when PUBLIC_URL is set', async () => {
    const res = await call(
      new Request('http://evil.example/api/logout', { method: 'POST', headers: { origin: 'http://evil.example' } }),
      env({ PUBLIC_URL: 'https://league.example' }),
    );
    expect(res.status).toBe(403);
  });
});
