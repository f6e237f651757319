import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../lib/sessions.ts';
import { addTournament, member, type Member } from '../features/payments/test-helpers.ts';
import { createTestApp, type TestAgent, type TestApp } from '../test/app.ts';
import { callWorker, workerEnv } from '../test/worker-host.ts';
import { CACHE_CONTROL } from './cache-control.ts';

let t: TestApp;
let tournamentId: number;
let signedIn: Member;
let admin: Member;

beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  tournamentId = await addTournament(t);
  signedIn = await member(t);
  admin = await member(t, { role: 'admin', email: 'boss@wta.local' });
});
afterEach(() => t.cleanup());

const { private: PRIVATE, noStore: NO_STORE, public: PUBLIC } = CACHE_CONTROL;
type Caller = 'guest' | 'member' | 'admin';

/** Representative endpoints of each kind, as a guest, a member and an admin call them. */
const CASES: [caller: Caller, method: string, path: string, cacheControl: string][] = [
  // Public lists: short shared cache for a guest...
  ['guest', 'GET', '/api/tournaments', PUBLIC],
  ['guest', 'GET', '/api/tournaments?status=upcoming', PUBLIC],
  ['guest', 'GET', '/api/tournaments/next', PUBLIC],
  ['guest', 'GET', '/api/tournaments/:id', PUBLIC],
  ['guest', 'GET', '/api/tournaments/:id/registrations', PUBLIC],
  ['guest', 'GET', '/api/tournaments/:id/sponsors', PUBLIC],
  ['guest', 'GET', '/api/divisions/hoop', PUBLIC],
  ['guest', 'GET', '/api/divisions/no-such-division', PRIVATE],
  ['guest', 'GET', '/api/hero-video', PUBLIC],
  // ...never public for a request that carries a session cookie, nor for an error.
  ['member', 'GET', '/api/tournaments', PRIVATE],
  ['member', 'GET', '/api/tournaments/:id', PRIVATE],
  ['admin', 'GET', '/api/hero-video', PRIVATE],
  ['guest', 'GET', '/api/tournaments/987654', PRIVATE],
  ['guest', 'GET', '/api/tournaments?limit=0', PRIVATE],
  // A member's data.
  ['member', 'GET', '/api/auth/user', PRIVATE],
  ['guest', 'GET', '/api/auth/user', PRIVATE],
  ['member', 'GET', '/api/tickets/mine', PRIVATE],
  // Tickets and winnings stay on the device for the venue (D16): private, not no-store.
  ['member', 'GET', '/api/player/winnings', PRIVATE],
  ['member', 'GET', '/api/waivers/status', PRIVATE],
  ['member', 'GET', '/api/tournament-registrations/my-registrations', PRIVATE],
  ['member', 'GET', '/api/messages/unread-count', PRIVATE],
  ['member', 'GET', '/api/notifications', PRIVATE],
  ['member', 'GET', '/api/player/current-team', PRIVATE],
  ['member', 'PATCH', '/api/notifications/read', PRIVATE],
  ['admin', 'GET', '/api/admin/pending-tournaments', PRIVATE],
  ['admin', 'GET', '/api/waivers/admin/all', PRIVATE],
  ['guest', 'GET', '/api/tickets/NO-SUCH-CODE', PRIVATE],
  // Not classified: private by default, refusals too.
  ['guest', 'GET', '/api/no-such-endpoint', PRIVATE],
  ['guest', 'POST', '/api/no-such-endpoint', PRIVATE],
  // Payments and sessions: stored nowhere.
  ['guest', 'POST', '/api/login', NO_STORE],
  ['guest', 'POST', '/api/register', NO_STORE],
  ['guest', 'GET', '/api/login?returnTo=%2Ftickets', NO_STORE],
  ['member', 'POST', '/api/logout', NO_STORE],
  ['member', 'POST', '/api/logout-everywhere', NO_STORE],
  ['member', 'GET', '/api/sessions', NO_STORE],
  ['member', 'DELETE', '/api/sessions/0123456789abcdef', NO_STORE],
  ['guest', 'GET', '/api/auth/google', NO_STORE],
  ['member', 'POST', '/api/stripe/checkout/donation', NO_STORE],
  ['member', 'POST', '/api/stripe/checkout/tournament-registration', NO_STORE],
  ['guest', 'POST', '/api/stripe/verify-payment', NO_STORE],
  ['guest', 'POST', '/api/stripe/webhook', NO_STORE],
  ['member', 'GET', '/api/payments/test-checkout/cs_test_missing', NO_STORE],
  // Every member's payments: no offline screen needs them, so not even the admin's browser keeps them.
  ['admin', 'GET', '/api/admin/payments', NO_STORE],
  ['admin', 'GET', '/api/admin/payments?status=paid', NO_STORE],
  ['admin', 'POST', '/api/admin/payments/987654/refund', NO_STORE],
];

function agentOf(caller: Caller): TestAgent {
  if (caller === 'member') return signedIn.agent;
  if (caller === 'admin') return admin.agent;
  return t.agent();
}

describe('Cache-Control on every API answer (ADR 020)', () => {
  it.each(CASES)('%s %s %s -> %s', async (caller, method, path, expected) => {
    const url = path.replace(':id', String(tournamentId));
    const body = method === 'GET' ? undefined : JSON.stringify({ tournamentId });
    const res = await agentOf(caller).request(url, { method, body, headers: { 'content-type': 'application/json' } });
    expect(res.headers.get('cache-control')).toBe(expected);
    if (expected === PUBLIC) {
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBeTruthy();
      expect(res.headers.get('vary')).toMatch(/\bCookie\b/);
    }
  });

  it('a public route answered to a request with any session cookie, even a dead one, is private', async () => {
    const res = await t.agent().get('/api/tournaments', { headers: { cookie: `${SESSION_COOKIE}=not-a-session` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(PRIVATE);
  });

  it('covers refusals too: a cross-site request and an oversized body', async () => {
    const foreign = await t.agent({ origin: 'https://evil.example' }).post('/api/login', {});
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('cache-control')).toBe(NO_STORE);
    const big = await signedIn.agent.post('/api/notifications/read', 'x'.repeat(2 * 1024 * 1024));
    expect(big.status).toBe(413);
    expect(big.headers.get('cache-control')).toBe(PRIVATE);
  });
});

describe('revalidation with an ETag', () => {
  it('answers the polled unread count with 304 while it has not changed, and 200 once it has', async () => {
    const a = signedIn.agent;
    const first = await a.get('/api/messages/unread-count');
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();

    const again = await a.get('/api/messages/unread-count', { headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('cache-control')).toBe(PRIVATE);
    expect(again.headers.get('etag')).toBe(tag);

    // A new message for this member changes the count, so the old tag no longer matches.
    const sender = await member(t);
    const sent = await sender.agent.post('/api/messages/send', { recipientId: signedIn.id, content: 'See you at the courts' });
    expect(sent.status).toBeLessThan(300);
    const changed = await a.get('/api/messages/unread-count', { headers: { 'if-none-match': tag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });

  it('answers a public list with 304 for a matching If-None-Match, still public', async () => {
    const guest = t.agent();
    const first = await guest.get('/api/tournaments');
    const again = await guest.get('/api/tournaments', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe(PUBLIC);
  });

  it('keeps a renewed session cookie on a 304', async () => {
    const a = signedIn.agent;
    const first = await a.get('/api/auth/user');
    const before = a.cookies.get(SESSION_COOKIE);
    t.advance(20 * 24 * 60 * 60 * 1000);
    const again = await a.get('/api/auth/user', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=${before}`))).toBe(true);
  });
});

describe('the Worker host (issue 34)', () => {
  it('answers the admin Payments tab no-store too, a refusal included', async () => {
    const res = await callWorker(
      new Request('https://league.example/api/admin/payments'),
      workerEnv({ PUBLIC_URL: 'https://league.example' }),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe(NO_STORE);
  });
});
