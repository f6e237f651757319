import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { jsonBody } from '../../lib/validate.ts';
import type { AppEnv } from '../../lib/context.ts';
import { safeReturnPath } from './schema.ts';
import { clearSessionCookie } from '../../lib/session-cookie.ts';
import { invalidateSession } from '../../lib/sessions.ts';
import { startSession } from './start-session.ts';
import { loginSchema } from './schema.ts';
import { toCurrentUser } from '../../lib/current-user.ts';
import { taggedJson } from '../../lib/etag.ts';
import { rememberMemberZone, TIME_ZONE_COOKIE } from '../../lib/time-zone.ts';
import { requireSecrets } from '../../lib/config.ts';
import { registerUser, signIn } from './service.ts';
import { releaseAttemptQuery, TOO_MANY_FROM_ADDRESS, TOO_MANY_ON_ACCOUNT, TOO_MANY_REGISTRATIONS } from './rate-limit.ts';
import { registerRequestSchema } from './common-passwords.ts';
import { readDeviceNonce, setDeviceCookie } from './device-cookie.ts';
import { HashingBusyError, sharedHashingSlots } from './hashing-slots.ts';

const SERVER_BUSY = 'The server is busy. Please try again in a few seconds.';

/** The hashing slots of this app (a test's own) or of the process. */
const hashingOf = (c: Context<AppEnv>) => c.var.deps.passwordHashing ?? sharedHashingSlots();

/** D35: a request that waited too long for a hashing slot is told to come back, never left hanging. */
async function unlessBusy<T>(c: Context<AppEnv>, work: () => Promise<T>) {
  try {
    return { done: true as const, value: await work() };
  } catch (error) {
    if (!(error instanceof HashingBusyError)) throw error;
    c.header('Retry-After', String(error.retryAfterSeconds));
    return { done: false as const, response: c.json({ message: SERVER_BUSY }, 503) };
  }
}

export const authRoutes = new Hono<AppEnv>()
  .post('/register', jsonBody(registerRequestSchema), async (c) => {
    const { db, now, config, clientIp } = c.var.deps;
    const attempt = { ip: clientIp?.(c), now: now(), hashing: hashingOf(c) };
    const outcome = await unlessBusy(c, () => registerUser(db, c.req.valid('json'), attempt));
    if (!outcome.done) return outcome.response;
    const result = outcome.value;
    if (!result.ok) {
      return result.reason === 'limited'
        ? c.json({ message: TOO_MANY_REGISTRATIONS }, 429)
        : c.json({ message: 'An account with this email already exists' }, 409);
    }
    await startSession(c, result.user);
    // The device that created the account is one it has signed in from (D35).
    setDeviceCookie(c, requireSecrets(config).deviceCookieSecret, result.user.email, now(), config.publicUrl);
    return c.json(toCurrentUser(result.user, config.leagueEmailDomain), 201);
  })
  .post('/login', jsonBody(loginSchema), async (c) => {
    const { db, now, config, clientIp } = c.var.deps;
    const input = c.req.valid('json');
    const secret = requireSecrets(config).deviceCookieSecret;
    const attempt = {
      ip: clientIp?.(c),
      now: now(),
      hashing: hashingOf(c),
      deviceNonce: readDeviceNonce(c, secret, input.email),
    };
    const outcome = await unlessBusy(c, () => signIn(db, input, attempt));
    if (!outcome.done) return outcome.response;
    const result = outcome.value;
    if (!result.ok) {
      if (result.reason === 'invalid') return c.json({ message: 'Invalid email or password' }, 401);
      return c.json({ message: result.by === 'ip' ? TOO_MANY_FROM_ADDRESS : TOO_MANY_ON_ACCOUNT }, 429);
    }
    // The attempt's reservation is released in the new session's batch: a successful sign-in is not a failure.
    await startSession(c, result.user, [releaseAttemptQuery(db, result.reserved)]);
    // A fresh nonce on every sign-in: the device's allowance starts again, as OWASP's scheme does.
    setDeviceCookie(c, secret, result.user.email, now(), config.publicUrl);
    return c.json(toCurrentUser(result.user, config.leagueEmailDomain), 200);
  })
  .post('/logout', async (c) => {
    const { db, config } = c.var.deps;
    if (c.var.session) await invalidateSession(db, c.var.session.id);
    clearSessionCookie(c, config.publicUrl);
    return c.json({ success: true }, 200);
  })
  .get('/auth/user', async (c) => {
    const user = c.var.user;
    if (!user) return c.json({ message: 'Unauthorized' }, 401);
    // The zone of the times the server writes for this member (D39's 'check in by {time}'): kept after the answer,
    // never before it (this call starts every page of the app; a write could wait for the database's write lock).
    const remembered = rememberMemberZone(c.var.deps.db, user, getCookie(c, TIME_ZONE_COOKIE)).catch((error: unknown) =>
      console.error('[time-zone]', error),
    );
    try {
      c.executionCtx.waitUntil(remembered);
    } catch {
      // No execution context: the Node host, where it simply runs on.
    }
    // Tagged as it is written: the app polls this (the ETag middleware then leaves the answer as it is, ADR 026).
    return taggedJson(c, toCurrentUser(user, c.var.deps.config.leagueEmailDomain));
  })
  // The "please sign in" browser target (D5): on to /auth, keeping a safe same-site return path.
  .get('/login', (c) => {
    const returnTo = safeReturnPath(c.req.query('returnTo'));
    return c.redirect(returnTo ? `/auth?returnTo=${encodeURIComponent(returnTo)}` : '/auth', 302);
  });
