import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema/auth.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../test/app.ts';
import { SESSION_COOKIE, sessionIdFromToken } from '../../lib/sessions.ts';
import { hashPassword, verifyPassword } from './password.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
});
afterEach(() => t.cleanup());

async function body(res: Response) {
  return (await res.json()) as Record<string, unknown>;
}

describe('POST /api/register', () => {
  const valid = { email: 'new@example.test', password: 'long-enough', firstName: 'Ada', lastName: 'Lane', role: 'owner' };

  it.each([
    [{ ...valid, email: 'not-an-email' }, 'email', 'Invalid email address'],
    [{ ...valid, email: undefined }, 'email', 'Invalid email address'],
    [{ ...valid, password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ ...valid, password: undefined }, 'password', 'Password must be at least 8 characters'],
    [{ ...valid, firstName: '' }, 'firstName', 'First name is required'],
    [{ ...valid, firstName: '   ' }, 'firstName', 'First name is required'],
    [{ ...valid, lastName: undefined }, 'lastName', 'Last name is required'],
    [{ ...valid, role: 'admin' }, 'role', 'Role must be player, owner or fan'],
  ])('refuses %j with 400 and the field message', async (input, field, message) => {
    const res = await t.agent().post('/api/register', input);
    expect(res.status).toBe(400);
    const json = await body(res);
    expect(json.message).toBe(message);
    expect((json.errors as Record<string, string[]>)[field]).toContain(message);
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('creates the account, signs it in and defaults the role to player', async () => {
    const a = t.agent();
    const res = await a.post('/api/register', { ...valid, role: undefined, email: 'Mixed@Example.TEST' });
    expect(res.status).toBe(201);
    const user = await body(res);
    expect(user).toMatchObject({ email: 'mixed@example.test', role: 'player', firstName: 'Ada', isVerified: false });
    expect(user).not.toHaveProperty('passwordHash');
    const me = await a.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(await body(me)).toMatchObject({ email: 'mixed@example.test', isAdmin: false, profileComplete: false });
  });

  it('refuses a second account with the same e-mail (any case) with 409', async () => {
    expect((await t.agent().post('/api/register', valid)).status).toBe(201);
    const res = await t.agent().post('/api/register', { ...valid, email: 'NEW@example.test' });
    expect(res.status).toBe(409);
    expect((await body(res)).message).toBe('An account with this email already exists');
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('stores only a scrypt hash of the password', async () => {
    await t.agent().post('/api/register', valid);
    const [row] = await t.db.select().from(users);
    expect(row?.passwordHash).toMatch(/^scrypt\$65536\$8\$2\$/);
    expect(row?.passwordHash).not.toContain(valid.password);
  });
});

describe('POST /api/login', () => {
  it.each([
    [{ email: 'nope', password: 'x' }, 'Invalid email address'],
    [{ email: 'a@b.test', password: '' }, 'Password is required'],
    [{ email: 'a@b.test' }, 'Password is required'],
  ])('refuses %j with 400', async (input, message) => {
    const res = await t.agent().post('/api/login', input);
    expect(res.status).toBe(400);
    expect((await body(res)).message).toBe(message);
  });

  it('signs in with the right password and refuses a wrong one', async () => {
    const email = uniqueEmail();
    await t.agent().register({ email });
    const bad = await t.agent().login(email, 'wrong-password');
    expect(bad.status).toBe(401);
    expect((await body(bad)).message).toBe('Invalid email or password');
    const unknown = await t.agent().login('nobody@example.test', TEST_PASSWORD);
    expect(unknown.status).toBe(401);
    const a = t.agent();
    const ok = await a.login(email.toUpperCase());
    expect(ok.status).toBe(200);
    expect((await body(ok)).email).toBe(email);
    expect((await a.get('/api/auth/user')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('keeps only the SHA-256 of the token; the cookie is HttpOnly, SameSite=Lax, 30 days', async () => {
    const a = t.agent();
    const res = await a.register();
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // http://localhost
    const token = a.cookies.get(SESSION_COOKIE)!;
    expect(token.length).toBeGreaterThanOrEqual(32); // 20 random bytes, base32
    const rows = await t.db.select().from(sessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(sessionIdFromToken(token));
    expect(rows[0]!.id).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - t.now().getTime()).toBe(30 * DAY);
  });

  it('sets Secure on the cookie and HSTS when the league is served over https', async () => {
    const s = await createTestApp({ env: { PUBLIC_URL: 'https://league.example' } });
    try {
      const res = await s.agent({ origin: 'https://league.example' }).register();
      expect(res.status).toBe(201);
      expect(res.headers.getSetCookie().join(';')).toMatch(/Secure/);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await s.cleanup();
    }
  });

  it('issues a new session on every sign-in and ends the previous one of that browser', async () => {
    const a = t.agent();
    const email = uniqueEmail();
    await a.register({ email });
    const first = a.cookies.get(SESSION_COOKIE)!;
    await a.login(email);
    const second = a.cookies.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    const ids = (await t.db.select().from(sessions)).map((s) => s.id);
    expect(ids).toEqual([sessionIdFromToken(second)]);
    const stale = await t.request('/api/auth/user', { headers: { cookie: `${SESSION_COOKIE}=${first}` } });
    expect(stale.status).toBe(401);
    // A late answer to a request sent with the old cookie must not delete the new session's cookie.
    expect(stale.headers.get('set-cookie')).toBeNull();
  });

  it('expires after 30 days without use and is extended when used in its second half', async () => {
    const a = t.agent();
    await a.register();
    const token = a.cookies.get(SESSION_COOKIE)!;
    const id = sessionIdFromToken(token);
    t.advance(20 * DAY);
    const renewed = await a.get('/api/auth/user');
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().join(';')).toContain(`${SESSION_COOKIE}=${token}`);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row!.expiresAt.getTime()).toBe(t.now().getTime() + 30 * DAY);
    t.advance(30 * DAY);
    const expired = await t.request('/api/auth/user', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(expired.status).toBe(401);
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('logout ends the session on the server, so the old cookie is refused afterwards', async () => {
    const a = t.agent();
    await a.register();
    const token = a.cookies.get(SESSION_COOKIE)!;
    const out = await a.logout();
    expect(out.status).toBe(200);
    expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
    const replay = await t.request('/api/auth/user', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(replay.status).toBe(401);
    expect(await body(replay)).toEqual({ message: 'Unauthorized' });
    expect(await t.db.select().from(sessions)).toHaveLength(0);
  });

  it('answers 401 for a forged token', async () => {
    const res = await t.request('/api/auth/user', { headers: { cookie: `${SESSION_COOKIE}=forged` } });
    expect(res.status).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  it('refuses the 11th failure from one IP within 10 minutes with 429, and lets it in again later', async () => {
    const email = uniqueEmail();
    await t.agent().register({ email });
    const attacker = t.agent({ ip: '203.0.113.9' });
    for (let i = 0; i < 10; i += 1) {
      expect((await attacker.login(uniqueEmail('probe'), 'wrong-password')).status).toBe(401);
    }
    const limited = await attacker.login(email);
    expect(limited.status).toBe(429);
    expect((await body(limited)).message).toMatch(/Too many failed sign-in attempts/);
    // Another IP still signs in to the same account.
    expect((await t.agent({ ip: '198.51.100.7' }).login(email)).status).toBe(200);
    t.advance(10 * 60 * 1000 + 1);
    expect((await attacker.login(email)).status).toBe(200);
    // 14 password hashes (unknown e-mails are hashed too, so timing tells nothing): ~4 s on a quiet machine, past
    // 30 s on a CI machine running another suite beside it.
  }, 120_000);

  it('refuses an account after 100 failures within an hour, whatever the IP', async () => {
    const email = uniqueEmail();
    await t.agent().register({ email });
    // Seed the failures directly: 100 scrypt verifications would only slow the test.
    const { signInFailures } = await import('../../../db/schema/auth.ts');
    await t.db.insert(signInFailures).values(
      Array.from({ length: 100 }, (_, i) => ({ kind: 'account' as const, key: email, createdAt: new Date(t.now().getTime() - i * 1000) })),
    );
    const res = await t.agent({ ip: '192.0.2.44' }).login(email);
    expect(res.status).toBe(429);
    t.advance(60 * 60 * 1000);
    expect((await t.agent({ ip: '192.0.2.45' }).login(email)).status).toBe(200);
  });
});

describe('Origin check', () => {
  it('refuses a state-changing request with a foreign or missing Origin with 403 and changes nothing', async () => {
    const input = { email: uniqueEmail(), password: 'long-enough', firstName: 'A', lastName: 'B' };
    const foreign = await t.agent({ origin: 'https://evil.example' }).post('/api/register', input);
    expect(foreign.status).toBe(403);
    expect((await body(foreign)).message).toMatch(/Origin/);
    const missing = await t.agent({ origin: null }).post('/api/register', input);
    expect(missing.status).toBe(403);
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  it('lets safe methods through without an Origin', async () => {
    expect((await t.agent({ origin: null }).get('/api/auth/user')).status).toBe(401);
  });

  it('exempts the Stripe webhook (Stripe sends no Origin)', async () => {
    const res = await t.agent({ origin: null }).post('/api/stripe/webhook', {});
    expect(res.status).not.toBe(403);
  });
});

describe('bad input never makes a 500', () => {
  it('answers malformed JSON with 400', async () => {
    const res = await t.agent().post('/api/login', '{"email":', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(typeof (await body(res)).message).toBe('string');
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.agent().post('/api/register', { email: 'x@y.test', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect((await body(res)).message).toMatch(/too large/);
  });

  it('answers a non-object JSON body with 400', async () => {
    const res = await t.agent().post('/api/login', '[1,2]', { headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await body(res)).toEqual({ message: 'Not found' });
  });
});

describe('security headers', () => {
  it('sends CSP, nosniff, frame and referrer policies on every response', async () => {
    for (const res of [await t.request('/api/auth/user'), await t.request('/api/nope')]) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull(); // plain http
    }
  });
});

describe('GET /api/login', () => {
  it('redirects to /auth keeping a safe return path', async () => {
    const res = await t.request('/api/login?returnTo=%2Fdashboard%3Ftab%3D2');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth?returnTo=%2Fdashboard%3Ftab%3D2');
  });

  it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'drops an unsafe return path %s',
    async (target) => {
      const res = await t.request(`/api/login?returnTo=${encodeURIComponent(target)}`);
      expect(res.headers.get('location')).toBe('/auth');
    },
  );
});

describe('password hashing', () => {
  it('verifies the right password only, including non-ASCII ones', async () => {
    const hash = await hashPassword('pässwörd-ü-🎾');
    expect(await verifyPassword('pässwörd-ü-🎾', hash)).toBe(true);
    expect(await verifyPassword('pässwörd-ü-🎾x', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
