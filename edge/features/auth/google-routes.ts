import { generateCodeVerifier, generateState } from 'arctic';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { HTTPException } from 'hono/http-exception';
import { requireSecrets } from '../../lib/config.ts';
import type { AppEnv } from '../../lib/context.ts';
import { setDeviceCookie } from './device-cookie.ts';
import { safeReturnPath } from './schema.ts';
import { startSession } from './start-session.ts';
import { findOrCreateGoogleUser, type GoogleClaims } from './google.ts';

const STATE_COOKIE = 'google_oauth_state';
const VERIFIER_COOKIE = 'google_code_verifier';
const RETURN_COOKIE = 'google_return_to';
const NOT_CONFIGURED = 'Google sign-in is not configured on this server';

/** Browser navigations get a readable page; API callers get the one JSON error shape. */
function refuse(c: Context<AppEnv>, status: 400 | 403 | 409 | 503, message: string, appeal = false) {
  if (c.req.header('accept')?.includes('text/html')) {
    const safe = message.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
    // D24: a suspended or banned member holds the appeal pass now (start-session.ts).
    const appealLink = appeal ? `<p><a href="/conduct">Read the decision and appeal</a></p>` : '';
    return c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Google sign-in</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><main><h1>Google sign-in</h1><p>${safe}</p>${appealLink}<p><a href="/auth">Back to sign in</a></p></main></body></html>`,
      status,
    );
  }
  return c.json({ message }, status);
}

function tempCookie(c: Context<AppEnv>, name: string, value: string) {
  setCookie(c, name, value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.deps.config.publicUrl.startsWith('https:'),
    path: '/',
    maxAge: 10 * 60,
  });
}

/** D4: Google sign-in (arctic) with PKCE and a state cookie; 503 with a clear message when not configured. */
export const googleRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const google = c.var.deps.google;
    if (!google) return refuse(c, 503, NOT_CONFIGURED);
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const url = google.authorizationUrl(state, codeVerifier);
    tempCookie(c, STATE_COOKIE, state);
    tempCookie(c, VERIFIER_COOKIE, codeVerifier);
    const returnTo = safeReturnPath(c.req.query('returnTo'));
    if (returnTo) tempCookie(c, RETURN_COOKIE, returnTo);
    return c.redirect(url.toString(), 302);
  })
  .get('/callback', async (c) => {
    const google = c.var.deps.google;
    if (!google) return refuse(c, 503, NOT_CONFIGURED);
    const code = c.req.query('code');
    const state = c.req.query('state');
    const storedState = getCookie(c, STATE_COOKIE);
    const codeVerifier = getCookie(c, VERIFIER_COOKIE);
    const returnTo = safeReturnPath(getCookie(c, RETURN_COOKIE));
    for (const name of [STATE_COOKIE, VERIFIER_COOKIE, RETURN_COOKIE]) deleteCookie(c, name, { path: '/' });
    if (!code || !state || !storedState || !codeVerifier || state !== storedState) {
      return refuse(c, 400, 'Google sign-in expired or was not started here. Please try again.');
    }
    let claims: GoogleClaims;
    try {
      claims = await google.exchangeCode(code, codeVerifier);
    } catch {
      return refuse(c, 400, 'Google sign-in failed. Please try again.');
    }
    const { db, now } = c.var.deps;
    const result = await findOrCreateGoogleUser(db, claims, now());
    if (!result.ok) return refuse(c, result.status, result.message);
    try {
      await startSession(c, result.user);
    } catch (error) {
      // D24: a suspended or banned member reads why on the page Google sent them back to.
      if (error instanceof HTTPException && error.status === 403) return refuse(c, 403, error.message, true);
      throw error;
    }
    // D35: a device that signed in with Google is trusted for this account like one that used the password, so a
    // lock-out attack from elsewhere does not hold it back when the member later signs in with the password.
    const { config } = c.var.deps;
    setDeviceCookie(c, requireSecrets(config).deviceCookieSecret, result.user.email, now(), config.publicUrl);
    // New members choose their path (player or owner) before anything else.
    const target = result.user.profileCompletedAt ? returnTo ?? '/' : '/register';
    return c.redirect(target, 302);
  });
