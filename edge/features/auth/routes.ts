import { Hono } from 'hono';
import { jsonBody } from '../../lib/validate.ts';
import type { AppEnv } from '../../lib/context.ts';
import { safeReturnPath } from './schema.ts';
import { clearSessionCookie } from '../../lib/session-cookie.ts';
import { invalidateSession } from '../../lib/sessions.ts';
import { startSession } from './start-session.ts';
import { loginSchema, registerSchema } from './schema.ts';
import { toCurrentUser } from '../../lib/current-user.ts';
import { registerUser, signIn } from './service.ts';
import { TOO_MANY_ATTEMPTS } from './rate-limit.ts';

export const authRoutes = new Hono<AppEnv>()
  .post('/register', jsonBody(registerSchema), async (c) => {
    const { db, now, config } = c.var.deps;
    const result = await registerUser(db, c.req.valid('json'), now());
    if (!result.ok) return c.json({ message: 'An account with this email already exists' }, 409);
    await startSession(c, result.user);
    return c.json(toCurrentUser(result.user, config.leagueEmailDomain), 201);
  })
  .post('/login', jsonBody(loginSchema), async (c) => {
    const { db, now, config, clientIp } = c.var.deps;
    const ip = clientIp?.(c);
    const result = await signIn(db, c.req.valid('json'), ip, now());
    if (!result.ok) {
      return result.reason === 'limited'
        ? c.json({ message: TOO_MANY_ATTEMPTS }, 429)
        : c.json({ message: 'Invalid email or password' }, 401);
    }
    await startSession(c, result.user);
    return c.json(toCurrentUser(result.user, config.leagueEmailDomain), 200);
  })
  .post('/logout', async (c) => {
    const { db, config } = c.var.deps;
    if (c.var.session) await invalidateSession(db, c.var.session.id);
    clearSessionCookie(c, config.publicUrl);
    return c.json({ success: true }, 200);
  })
  .get('/auth/user', (c) => {
    const user = c.var.user;
    if (!user) return c.json({ message: 'Unauthorized' }, 401);
    return c.json(toCurrentUser(user, c.var.deps.config.leagueEmailDomain), 200);
  })
  // The "please sign in" browser target (D5): on to /auth, keeping a safe same-site return path.
  .get('/login', (c) => {
    const returnTo = safeReturnPath(c.req.query('returnTo'));
    return c.redirect(returnTo ? `/auth?returnTo=${encodeURIComponent(returnTo)}` : '/auth', 302);
  });
