import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { findOrCreateGoogleUser } from './google.ts';

let t: TestApp;
afterEach(() => t.cleanup());

describe('Google sign-in without credentials (D4)', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('answers 503 with a clear JSON message or page', async () => {
    const json = await t.request('/api/auth/google');
    expect(json.status).toBe(503);
    expect(await json.json()).toEqual({ message: 'Google sign-in is not configured on this server' });
    const page = await t.request('/api/auth/google', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('Google sign-in is not configured on this server');
  });
});

describe('Google sign-in with credentials', () => {
  beforeEach(async () => {
    t = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'client-123', GOOGLE_CLIENT_SECRET: 'secret' } });
  });

  it('redirects to Google with PKCE (S256) and a state kept in an HttpOnly cookie', async () => {
    const a = t.agent();
    const res = await a.get('/api/auth/google?returnTo=%2Fdashboard');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('client_id')).toBe('client-123');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('scope')).toContain('openid');
    expect(a.cookies.get('google_oauth_state')).toBe(url.searchParams.get('state'));
    expect(res.headers.getSetCookie().find((c) => c.startsWith('google_code_verifier='))).toMatch(/HttpOnly/);
  });

  it('refuses a callback whose state does not match', async () => {
    const a = t.agent();
    await a.get('/api/auth/google');
    const res = await a.get('/api/auth/google/callback?code=abc&state=forged');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/expired or was not started here/);
    expect(a.cookies.has('wta_session')).toBe(false);
  });
});

describe('findOrCreateGoogleUser', () => {
  beforeEach(async () => {
    t = await createTestApp();
  });

  it('creates a player whose profile still needs completing, then finds the same member again', async () => {
    const claims = { sub: 'g-1', email: 'Pat@Example.test', email_verified: true, given_name: 'Pat', family_name: 'Ng' };
    const first = await findOrCreateGoogleUser(t.db, claims, t.now());
    expect(first).toMatchObject({ ok: true, created: true, user: { email: 'pat@example.test', role: 'player', profileCompletedAt: null } });
    const again = await findOrCreateGoogleUser(t.db, claims, t.now());
    expect(again).toMatchObject({ ok: true, created: false });
    expect(await t.db.select().from(users)).toHaveLength(1);
  });

  it('holds Google names to the rules of a typed name: cleaned, and replaced when nothing visible is left', async () => {
    const claims = {
      sub: 'g-4',
      email: 'zw@example.test',
      email_verified: true,
      given_name: '\u200b',
      family_name: 'N\u0007g\u202e',
      name: 'Pat\u0000 Ng',
    };
    const created = await findOrCreateGoogleUser(t.db, claims, t.now());
    expect(created).toMatchObject({ ok: true, user: { firstName: 'Pat', lastName: 'Ng' } });
  });

  it('links an existing password account by verified e-mail and refuses unverified e-mails', async () => {
    await t.agent().register({ email: 'sam@example.test' });
    const linked = await findOrCreateGoogleUser(t.db, { sub: 'g-2', email: 'sam@example.test', email_verified: true }, t.now());
    expect(linked).toMatchObject({ ok: true, created: false, user: { googleId: 'g-2' } });
    const unverified = await findOrCreateGoogleUser(t.db, { sub: 'g-3', email: 'new@example.test', email_verified: false }, t.now());
    expect(unverified.ok).toBe(false);
  });
});
