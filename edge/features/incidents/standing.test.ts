import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema/auth.ts';
import { memberStandings } from '../../../db/schema/incidents.ts';
import { users } from '../../../db/schema/users.ts';
import { BANNED_MESSAGE } from '../../lib/standing.ts';
import { createTestApp, TEST_PASSWORD, uniqueEmail, type TestAgent, type TestApp } from '../../test/app.ts';
import type { GoogleProvider } from '../auth/google-provider.ts';

// D24: a suspended or banned member cannot sign in (password or Google) and their sessions end with the decision;
// a suspension ends by itself after its days; lifting it lets them back in.

const NOW = new Date('2026-11-24T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
afterEach(() => t.cleanup());

/** A fake Google: every code yields the claims of `googleAccount`. */
let googleAccount = { sub: 'g-1', email: '', email_verified: true };
const fakeGoogle: GoogleProvider = {
  authorizationUrl: (state) => new URL(`https://accounts.google.test/auth?state=${state}`),
  exchangeCode: async () => googleAccount,
};

async function setup() {
  t = await createTestApp({ now: NOW, deps: { google: fakeGoogle } });
}

async function admin(): Promise<TestAgent> {
  const a = t.agent();
  const email = uniqueEmail('admin').replace('example.test', 'wta.local');
  await a.register({ email });
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
  return a;
}

async function player() {
  const email = uniqueEmail('player');
  const agent = t.agent();
  const res = await agent.register({ email, firstName: 'Pat' });
  const { id } = (await res.json()) as { id: string };
  return { agent, id, email };
}

async function googleSignIn(agent: TestAgent) {
  const start = await agent.get('/api/auth/google');
  const state = new URL(start.headers.get('location')!).searchParams.get('state');
  return agent.get(`/api/auth/google/callback?code=c&state=${state}`, { headers: { accept: 'text/html' } });
}

describe('suspension', () => {
  it('ends the member sessions at once and refuses sign-in with the end date until the days have passed', async () => {
    await setup();
    const boss = await admin();
    const pat = await player();
    const phone = t.agent();
    expect((await phone.login(pat.email)).status).toBe(200);
    expect((await pat.agent.get('/api/auth/user')).status).toBe(200);

    const res = await boss.post(`/api/admin/members/${pat.id}/suspend`, { days: 3, reason: 'Abusive language.' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      incidentId: expect.any(Number),
      standing: { banned: false, suspendedUntil: new Date(NOW.getTime() + 3 * DAY).toISOString() },
    });
    // Both of their sessions are gone: the next request is signed out.
    expect((await pat.agent.get('/api/auth/user')).status).toBe(401);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, pat.id))).toEqual([]);

    const refused = await t.agent().login(pat.email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message:
        'Your account is suspended until Friday, November 27, 2026 at 12:00 UTC for violating the Code of Conduct.',
    });
    // A wrong password says nothing about the standing.
    expect((await t.agent().login(pat.email, 'wrong-password-1')).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, pat.id))).toEqual([]);

    t.advance(3 * DAY - 1);
    expect((await t.agent().login(pat.email)).status).toBe(403);
    t.advance(1);
    const back = t.agent();
    expect((await back.login(pat.email)).status).toBe(200);
    expect((await back.get('/api/auth/user')).status).toBe(200);
  });

  it('stops a session that slipped past the decision (the lookup reads the standing on every request)', async () => {
    await setup();
    const pat = await player();
    // As if a sign-in committed just after the decision deleted the sessions: the row exists, the standing blocks it.
    await t.db
      .insert(memberStandings)
      .values({ userId: pat.id, suspendedUntil: new Date(NOW.getTime() + DAY), bannedAt: null, updatedAt: NOW });
    expect((await pat.agent.get('/api/auth/user')).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, pat.id))).toEqual([]);
  });

  it('refuses Google sign-in with the same message, on the page Google returns to', async () => {
    await setup();
    const boss = await admin();
    const pat = await player();
    googleAccount = { sub: 'g-pat', email: pat.email, email_verified: true };
    await boss.post(`/api/admin/members/${pat.id}/suspend`, { days: 1, reason: 'Unsporting conduct.' });
    const page = await googleSignIn(t.agent());
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('Your account is suspended until Wednesday, November 25, 2026 at 12:00 UTC');
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, pat.id))).toEqual([]);
  });

  it('is lifted early by an admin: the member signs in again and is told', async () => {
    await setup();
    const boss = await admin();
    const pat = await player();
    await boss.post(`/api/admin/members/${pat.id}/suspend`, { days: 30, reason: 'Fighting.' });
    const lifted = await boss.post(`/api/admin/members/${pat.id}/lift`, { reason: 'Reviewed the video.' });
    expect(lifted.status).toBe(200);
    expect(await lifted.json()).toEqual({ standing: { banned: false, suspendedUntil: null } });
    expect((await t.agent().login(pat.email)).status).toBe(200);
    // Nothing left to lift.
    const again = await boss.post(`/api/admin/members/${pat.id}/lift`, { reason: 'Twice.' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'This member is not suspended or banned' });
  });

  it('keeps the longest of two suspensions', async () => {
    await setup();
    const boss = await admin();
    const pat = await player();
    await boss.post(`/api/admin/members/${pat.id}/suspend`, { days: 10, reason: 'First.' });
    const second = await boss.post(`/api/admin/members/${pat.id}/suspend`, { days: 2, reason: 'Second.' });
    expect(((await second.json()) as { standing: unknown }).standing).toEqual({
      banned: false,
      suspendedUntil: new Date(NOW.getTime() + 10 * DAY).toISOString(),
    });
  });
});

describe('ban', () => {
  it('ends the sessions and refuses password and Google sign-in with the ban message, however long after', async () => {
    await setup();
    const boss = await admin();
    const pat = await player();
    googleAccount = { sub: 'g-banned', email: pat.email, email_verified: true };
    const res = await boss.post(`/api/admin/members/${pat.id}/ban`, { reason: 'Threatened a referee.' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { standing: unknown }).standing).toEqual({ banned: true, suspendedUntil: null });
    expect((await pat.agent.get('/api/auth/user')).status).toBe(401);
    // A second ban is refused; suspending a banned member too.
    expect((await boss.post(`/api/admin/members/${pat.id}/ban`, { reason: 'Again.' })).status).toBe(409);
    expect((await boss.post(`/api/admin/members/${pat.id}/suspend`, { days: 1, reason: 'Again.' })).status).toBe(409);

    t.advance(400 * DAY);
    const refused = await t.agent().login(pat.email, TEST_PASSWORD);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: BANNED_MESSAGE });
    const page = await googleSignIn(t.agent());
    expect(page.status).toBe(403);
    expect(await page.text()).toContain(BANNED_MESSAGE);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, pat.id))).toEqual([]);
  });

  it('gives one outcome when a sign-in and the ban race: no session survives', async () => {
    await setup();
    const boss = await admin();
    const pat = await player();
    const [, ...logins] = await Promise.all([
      boss.post(`/api/admin/members/${pat.id}/ban`, { reason: 'Race.' }),
      ...Array.from({ length: 2 }, () => t.agent().login(pat.email)),
    ]);
    // Whatever order they ran in, no session is left (a sign-in that came first lost its session to the ban).
    for (const res of logins) expect([200, 403]).toContain(res.status);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, pat.id));
    expect(left).toEqual([]);
  });
});
