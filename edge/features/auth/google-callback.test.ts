import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../../db/schema/auth.ts';
import { users } from '../../../db/schema/users.ts';
import { loadConfig } from '../../lib/config.ts';
import { SESSION_COOKIE } from '../../lib/sessions.ts';
import { createTestApp, TEST_ORIGIN, type TestAgent, type TestApp } from '../../test/app.ts';
import { deviceCookieName, verifiedDeviceNonce } from './device-cookie.ts';
import { LINKED_TO_ANOTHER_GOOGLE_ACCOUNT, NO_VERIFIED_EMAIL, type GoogleClaims } from './google.ts';
import { createGoogleProvider, GOOGLE_ENDPOINTS } from './google-provider.ts';

const CLIENT_ID = 'client-123.apps.googleusercontent.com';
const CLIENT_SECRET = 'secret-456';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An ID token shaped like Google's (RS256 JWT). arctic decodes it without checking the signature: it came over TLS. */
function idToken(claims: GoogleClaims): string {
  const header = b64url(JSON.stringify({ alg: 'RS256', kid: 'test', typ: 'JWT' }));
  const payload = b64url(
    JSON.stringify({ iss: 'https://accounts.google.com', aud: CLIENT_ID, iat: 1, exp: 4102444800, ...claims }),
  );
  return `${header}.${payload}.${b64url(randomBytes(64))}`;
}

/**
 * A local stand-in for Google's token endpoint (https://oauth2.googleapis.com/token), holding Google's side of the
 * rules: the client's credentials, the redirect URI, a code used once, and PKCE (the verifier must hash to the
 * challenge the authorization URL carried).
 */
class FakeGoogle {
  server: Server;
  url = '';
  /** Every token request received, for asserting that a refused callback never reached Google. */
  requests: URLSearchParams[] = [];
  private codes = new Map<string, { claims: GoogleClaims; challenge: string }>();

  constructor() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        this.requests.push(form);
        const answer = (status: number, json: object) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(json));
        };
        const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
        if (req.method !== 'POST' || req.headers.authorization !== basic) return answer(401, { error: 'invalid_client' });
        const issued = this.codes.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (
          form.get('grant_type') !== 'authorization_code' ||
          form.get('redirect_uri') !== `${TEST_ORIGIN}/api/auth/google/callback` ||
          !issued ||
          createHash('sha256').update(verifier).digest('base64url') !== issued.challenge
        ) {
          return answer(400, { error: 'invalid_grant', error_description: 'Bad Request' });
        }
        this.codes.delete(form.get('code')!);
        answer(200, {
          access_token: 'ya29.test',
          token_type: 'Bearer',
          expires_in: 3599,
          scope: 'openid email profile',
          id_token: idToken(issued.claims),
        });
      });
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/token`;
  }

  /** What Google does when the member agrees: a one-time code bound to the authorization URL's PKCE challenge. */
  issueCode(claims: GoogleClaims, authorizationUrl: URL): string {
    const code = `4/${randomBytes(12).toString('base64url')}`;
    this.codes.set(code, { claims, challenge: authorizationUrl.searchParams.get('code_challenge')! });
    return code;
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const fake = new FakeGoogle();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

let t: TestApp;
beforeEach(async () => {
  fake.requests = [];
  const env = { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET };
  const config = loadConfig({ PUBLIC_URL: TEST_ORIGIN, ...env });
  t = await createTestApp({
    now: '2026-11-21T12:00:00Z',
    env,
    deps: { google: createGoogleProvider(config, { ...GOOGLE_ENDPOINTS, token: fake.url }) },
  });
});
afterEach(() => t.cleanup());

/** Starts Google sign-in in the agent's browser and returns Google's consent URL. */
async function start(agent: TestAgent, returnTo?: string): Promise<URL> {
  const res = await agent.get(`/api/auth/google${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The browser's return from Google with `code` and the state Google echoes. */
function callback(agent: TestAgent, code: string, state: string) {
  const query = new URLSearchParams({ code, state, scope: 'openid email profile' });
  return agent.get(`/api/auth/google/callback?${query}`, { headers: { 'user-agent': PHONE_UA, accept: 'text/html' } });
}

/** The whole round trip: start, the member agrees at Google, the browser comes back. */
async function signInWithGoogle(agent: TestAgent, claims: GoogleClaims, returnTo?: string) {
  const consent = await start(agent, returnTo);
  return callback(agent, fake.issueCode(claims, consent), consent.searchParams.get('state')!);
}

const signedInEmail = async (agent: TestAgent) => {
  const res = await agent.get('/api/auth/user');
  return res.status === 200 ? ((await res.json()) as { email: string }).email : null;
};

const pat: GoogleClaims = {
  sub: '108000000000000000001',
  email: 'Pat.Ng@Example.test',
  email_verified: true,
  given_name: 'Pat',
  family_name: 'Ng',
  name: 'Pat Ng',
};

describe('Google callback against a fake token endpoint', () => {
  it('signs a new member in and sends them to /register (Choose Your Path)', async () => {
    const a = t.agent();
    const res = await signInWithGoogle(a, pat, '/tickets');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/register');
    expect(await signedInEmail(a)).toBe('pat.ng@example.test');
    // The token request carried the code, the verifier and the client's credentials (the fake checked them).
    expect(fake.requests).toHaveLength(1);
    const [user] = await t.db.select().from(users);
    expect(user).toMatchObject({ googleId: pat.sub, firstName: 'Pat', lastName: 'Ng', role: 'player', profileCompletedAt: null });
    const [session] = await t.db.select().from(sessions);
    expect(session).toMatchObject({ userId: user!.id, userAgent: PHONE_UA });
    // The one-time cookies are gone.
    for (const name of ['google_oauth_state', 'google_code_verifier', 'google_return_to']) expect(a.cookies.has(name)).toBe(false);
    // D35: this browser is now a trusted device of the account, as after a password sign-in.
    const secret = t.config.secrets.deviceCookieSecret!;
    const device = a.cookies.get(deviceCookieName(secret, 'pat.ng@example.test'));
    expect(verifiedDeviceNonce(secret, 'pat.ng@example.test', device)).not.toBeNull();
  });

  it('signs a returning member into the same account and back to where they were', async () => {
    await signInWithGoogle(t.agent(), pat);
    await t.db.update(users).set({ profileCompletedAt: t.now() });
    t.advance(60_000);
    const again = t.agent();
    const res = await signInWithGoogle(again, { ...pat, email: 'pat.ng@example.test' }, '/tickets');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/tickets');
    expect(await signedInEmail(again)).toBe('pat.ng@example.test');
    expect(await t.db.select().from(users)).toHaveLength(1);
    expect(await t.db.select().from(sessions)).toHaveLength(2);
  });

  it('links an existing password account when Google says the e-mail is verified', async () => {
    const owner = t.agent();
    await owner.register({ email: 'pat.ng@example.test' });
    await owner.logout();
    const res = await signInWithGoogle(t.agent(), pat);
    expect(res.status).toBe(302);
    const [user] = await t.db.select().from(users);
    expect(user!.googleId).toBe(pat.sub);
  });

  describe('refused, with no session', () => {
    async function expectRefused(a: TestAgent, res: Response, status: number, text: string) {
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(await res.text()).toContain(text);
      expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(await signedInEmail(a)).toBeNull();
      expect(await t.db.select().from(sessions)).toHaveLength(0);
    }
    const EXPIRED = 'Google sign-in expired or was not started here. Please try again.';

    it('without the verifier cookie', async () => {
      const a = t.agent();
      const consent = await start(a);
      a.cookies.delete('google_code_verifier');
      const res = await callback(a, fake.issueCode(pat, consent), consent.searchParams.get('state')!);
      await expectRefused(a, res, 400, EXPIRED);
      expect(fake.requests).toHaveLength(0);
    });

    it('without the state cookie (a callback this browser did not start)', async () => {
      const a = t.agent();
      const consent = await start(a);
      const stranger = t.agent();
      const res = await callback(stranger, fake.issueCode(pat, consent), consent.searchParams.get('state')!);
      await expectRefused(stranger, res, 400, EXPIRED);
      expect(fake.requests).toHaveLength(0);
    });

    it('with a state that does not match the cookie', async () => {
      const a = t.agent();
      const consent = await start(a);
      const res = await callback(a, fake.issueCode(pat, consent), 'forged-state');
      await expectRefused(a, res, 400, EXPIRED);
      expect(fake.requests).toHaveLength(0);
    });

    it('with a verifier from another start (PKCE fails at Google)', async () => {
      const a = t.agent();
      const first = await start(a);
      const code = fake.issueCode(pat, first);
      // Starting again replaces the verifier cookie; Google holds the first challenge.
      const second = await start(a);
      const res = await callback(a, code, second.searchParams.get('state')!);
      await expectRefused(a, res, 400, 'Google sign-in failed. Please try again.');
      expect(fake.requests).toHaveLength(1);
    });

    it('when Google does not say the e-mail is verified: the existing account is not linked', async () => {
      const owner = t.agent();
      await owner.register({ email: 'pat.ng@example.test' });
      await owner.logout();
      for (const email_verified of [false, undefined]) {
        const a = t.agent();
        const res = await signInWithGoogle(a, { ...pat, email_verified });
        await expectRefused(a, res, 400, NO_VERIFIED_EMAIL);
      }
      const [user] = await t.db.select().from(users);
      expect(user!.googleId).toBeNull();
    });

    it('when the e-mail belongs to an account linked to a different Google id: never overwritten (409)', async () => {
      await signInWithGoogle(t.agent(), pat);
      await t.db.delete(sessions);
      const a = t.agent();
      const res = await signInWithGoogle(a, { ...pat, sub: '108000000000000000999' });
      await expectRefused(a, res, 409, LINKED_TO_ANOTHER_GOOGLE_ACCOUNT);
      const [user] = await t.db.select().from(users).where(eq(users.email, 'pat.ng@example.test'));
      expect(user!.googleId).toBe(pat.sub);
      // An API caller gets the one JSON error shape.
      const json = await t.agent().request('/api/auth/google/callback?code=x&state=y');
      expect(json.status).toBe(400);
      expect(await json.json()).toEqual({ message: EXPIRED });
    });
  });
});
