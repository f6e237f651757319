import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/context.ts';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../lib/session-cookie.ts';
import { validateSessionToken } from '../lib/sessions.ts';

/** Resolves the session cookie to `user`/`session` on the context; a stale cookie is cleared. */
export function loadSession() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { db, now, config } = c.var.deps;
    const token = readSessionToken(c);
    c.set('user', null);
    c.set('session', null);
    if (token) {
      const result = await validateSessionToken(db, token, now());
      if (result) {
        c.set('user', result.user);
        c.set('session', result.session);
        if (result.renewed) setSessionCookie(c, token, result.session.expiresAt, config.publicUrl);
      } else {
        clearSessionCookie(c, config.publicUrl);
      }
    }
    await next();
  });
}
