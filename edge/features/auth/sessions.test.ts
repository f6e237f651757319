import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema/auth.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestAgent, type TestApp } from '../../test/app.ts';
import {
  createSession,
  generateSessionToken,
  LAST_USED_RESOLUTION_MS,
  MAX_SESSIONS_PER_USER,
  SESSION_COOKIE,
  sessionIdFromToken,
} from '../../lib/sessions.ts';
import { describeDevice } from '../../lib/device-name.ts';
import type { SessionSummary } from './member-sessions.ts';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const MINUTE = 60 * 1000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
});
afterEach(() => t.cleanup());

/** One member signed in on a phone (registered there) and on a laptop. */
async function memberOnTwoDevices() {
  const email = uniqueEmail();
  const phone = t.agent();
  await phone.post(
    '/api/register',
    { email, password: TEST_PASSWORD, firstName: 'Pat', lastName: 'Ng' },
    { headers: { 'user-agent': PHONE_UA } },
  );
  t.advance(MINUTE);
  const laptop = t.agent();
  await laptop.post('/api/login', { email, password: TEST_PASSWORD }, { headers: { 'user-agent': LAPTOP_UA } });
  return { email, phone, laptop };
}

async function list(agent: TestAgent): Promise<SessionSummary[]> {
  const res = await agent.get('/api/sessions');
  expect(res.status).toBe(200);
  return (await res.json()) as SessionSummary[];
}

const signedIn = async (agent: TestAgent) => (await agent.get('/api/auth/user')).status === 200;

describe('signed out', () => {
  it.each([
    ['GET', '/api/sessions'],
    ['POST', '/api/logout-everywhere'],
    ['DELETE', '/api/sessions/0123456789abcdef'],
  ])('%s %s answers 401', async (method, path) => {
    const res = await t.agent().request(path, { method });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });
});

describe('GET /api/sessions', () => {
  it('lists the member\'s sessions by an opaque handle, with the device, times and which one is current', async () => {
    const { laptop, phone } = await memberOnTwoDevices();
    t.advance(MINUTE);
    const seen = await list(laptop);
    expect(seen).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        device: 'Safari on macOS',
        userAgent: LAPTOP_UA,
        createdAt: '2026-11-21T12:01:00.000Z',
        lastUsedAt: '2026-11-21T12:01:00.000Z',
        current: true,
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{16}$/),
        device: 'Chrome on Android',
        userAgent: PHONE_UA,
        createdAt: '2026-11-21T12:00:00.000Z',
        lastUsedAt: '2026-11-21T12:00:00.000Z',
        current: false,
      },
    ]);
    // The handle is neither the cookie's token, the stored id, nor a piece of either.
    const rows = await t.db.select().from(sessions);
    for (const agent of [laptop, phone]) {
      const token = agent.cookies.get(SESSION_COOKIE)!;
      for (const s of seen) {
        expect(token).not.toContain(s.id);
        expect(sessionIdFromToken(token)).not.toContain(s.id);
      }
    }
    for (const row of rows) for (const s of seen) expect(row.id).not.toContain(s.id);
    // The phone sees the same two sessions, itself current.
    const fromPhone = await list(phone);
    expect(fromPhone.map((s) => [s.id, s.current])).toEqual([
      [seen[1]!.id, true],
      [seen[0]!.id, false],
    ]);
  });

  it('shows only the member\'s own sessions', async () => {
    const { laptop } = await memberOnTwoDevices();
    const other = t.agent();
    await other.register();
    expect(await list(other)).toHaveLength(1);
    expect(await list(laptop)).toHaveLength(2);
  });

  it('records use at most every few minutes, not on every request', async () => {
    // The phone signed in at 12:00, the laptop at 12:01 (now).
    const { laptop, phone } = await memberOnTwoDevices();
    const phoneLastUsed = async () => (await list(laptop)).find((s) => !s.current)!.lastUsedAt;
    t.setNow(new Date(Date.parse('2026-11-21T12:00:00Z') + LAST_USED_RESOLUTION_MS - MINUTE));
    await phone.get('/api/auth/user');
    expect(await phoneLastUsed()).toBe('2026-11-21T12:00:00.000Z');
    t.advance(MINUTE);
    await phone.get('/api/auth/user');
    expect(await phoneLastUsed()).toBe('2026-11-21T12:05:00.000Z');
    t.advance(MINUTE);
    await phone.get('/api/auth/user');
    expect(await phoneLastUsed()).toBe('2026-11-21T12:05:00.000Z');
  });
});

describe('POST /api/logout-everywhere', () => {
  it('ends every other session of the member and keeps this one', async () => {
    const { email, phone, laptop } = await memberOnTwoDevices();
    const tablet = t.agent();
    await tablet.login(email);
    const other = t.agent();
    await other.register();

    const res = await laptop.post('/api/logout-everywhere');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2 });
    expect(await signedIn(laptop)).toBe(true);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(tablet)).toBe(false);
    expect(await signedIn(other)).toBe(true);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
  });
});

describe('DELETE /api/sessions/{id}', () => {
  it('ends one other session of the member', async () => {
    const { phone, laptop } = await memberOnTwoDevices();
    const phoneSession = (await list(laptop)).find((s) => !s.current)!;
    const res = await laptop.delete(`/api/sessions/${phoneSession.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, current: false });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
    expect((await laptop.delete(`/api/sessions/${phoneSession.id}`)).status).toBe(404);
  });

  it('ending the current session signs this browser out and clears its cookie', async () => {
    const { phone, laptop } = await memberOnTwoDevices();
    const current = (await list(laptop)).find((s) => s.current)!;
    const res = await laptop.delete(`/api/sessions/${current.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, current: true });
    expect(laptop.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await signedIn(phone)).toBe(true);
  });

  it('answers 404 for another member\'s session or an unknown handle, and ends nothing', async () => {
    const { laptop } = await memberOnTwoDevices();
    const [laptopSession] = await list(laptop);
    const stranger = t.agent();
    await stranger.register();
    for (const handle of [laptopSession!.id, 'ffffffffffffffff', 'not-a-handle']) {
      const res = await stranger.delete(`/api/sessions/${handle}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Session not found' });
    }
    // The stored id itself is not a handle either.
    const id = sessionIdFromToken(laptop.cookies.get(SESSION_COOKIE)!);
    expect((await laptop.delete(`/api/sessions/${id}`)).status).toBe(404);
    expect(await signedIn(laptop)).toBe(true);
    expect(await t.db.select().from(sessions)).toHaveLength(3);
  });
});

describe('at most 20 sessions per member', () => {
  it('signing in a 21st time ends the oldest session', async () => {
    const email = uniqueEmail();
    const first = t.agent();
    await first.register({ email });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const tokens: string[] = [];
    for (let i = 1; i < MAX_SESSIONS_PER_USER; i++) {
      t.advance(MINUTE);
      const token = generateSessionToken();
      await createSession(t.db, token, user!.id, t.now());
      tokens.push(token);
    }
    expect(await t.db.select().from(sessions)).toHaveLength(20);

    t.advance(MINUTE);
    const newest = t.agent();
    expect((await newest.login(email)).status).toBe(200);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows).toHaveLength(20);
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(newest)).toBe(true);
    const ids = new Set(rows.map((r) => r.id));
    for (const token of tokens) expect(ids.has(sessionIdFromToken(token))).toBe(true);
  });

  it('keeps the newest 20 when many sessions start in the same millisecond, at once', async () => {
    const email = uniqueEmail();
    await t.agent().register({ email });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const tokens = Array.from({ length: 30 }, () => generateSessionToken());
    // Started in order, all at the same instant: the last 20 are the newest.
    for (const token of tokens) await createSession(t.db, token, user!.id, t.now());
    await Promise.all(Array.from({ length: 5 }, () => createSession(t.db, generateSessionToken(), user!.id, t.now())));
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(rows).toHaveLength(20);
    const ids = new Set(rows.map((r) => r.id));
    for (const token of tokens.slice(-15)) expect(ids.has(sessionIdFromToken(token))).toBe(true);
  });

  it('drops the member\'s expired sessions when a new one starts', async () => {
    const email = uniqueEmail();
    await t.agent().register({ email });
    t.advance(31 * 24 * 60 * MINUTE);
    await t.agent().login(email);
    expect(await t.db.select().from(sessions)).toHaveLength(1);
  });
});

describe('the device a session was started on', () => {
  it('stores the User-Agent at sign-in, trimmed to 512 characters', async () => {
    const email = uniqueEmail();
    const a = t.agent();
    await a.post(
      '/api/register',
      { email, password: TEST_PASSWORD, firstName: 'A', lastName: 'B' },
      { headers: { 'user-agent': `  ${'x'.repeat(600)}  ` } },
    );
    const [row] = await t.db.select().from(sessions);
    expect(row!.userAgent).toBe('x'.repeat(512));
    await t.agent().post('/api/login', { email, password: TEST_PASSWORD }, { headers: { 'user-agent': '' } });
    const stored = (await t.db.select().from(sessions)).map((s) => s.userAgent);
    expect(stored).toHaveLength(2);
    expect(stored).toEqual(expect.arrayContaining(['x'.repeat(512), null]));
  });

  it.each([
    [PHONE_UA, 'Chrome on Android'],
    [LAPTOP_UA, 'Safari on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome on iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1', 'Safari on iPadOS'],
    ['curl/8.5.0', 'curl/8.5.0'],
    [`SomeApp/${'1.'.repeat(60)}`, `${`SomeApp/${'1.'.repeat(60)}`.slice(0, 79)}…`],
    [null, 'Unknown device'],
    ['   ', 'Unknown device'],
  ])('%s reads as %s', (ua, name) => {
    expect(describeDevice(ua)).toBe(name);
  });
});
