import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/context.ts';
import { isPublicRead } from './cache-control.ts';
import { readSessionToken, setSessionCookie } from '../lib/session-cookie.ts';
import { validateSessionToken } from '../lib/sessions.ts';

/**
 * Resolves the session cookie to `user`/`session` on the context. An unknown or expired token is simply no session:
 * its cookie is NOT cleared here. On one bar of signal a request sent with the old cookie can arrive after the
 * browser signed in again, and its clearing Set-Cookie would then delete the NEW session's cookie. A dead cookie
 * costs one indexed lookup per request, expires with its Max-Age and is overwritten by the next sign-in; logout
 * clears it explicitly.
 */
export function loadSession() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const { db, now, config } = c.var.deps;
    const token = readSessionToken(c);
    c.set('user', null);
    c.set('session', null);
    // A public read answers the same for everyone (cache-control.ts), so its session is not looked up: that lookup
    // was a database round trip on every poll of a signed-in member (the bracket every 10 s), a second one over HTTP
    // (ADR 059). The session's renewal and its `lastUsedAt` follow the member's own calls (the app asks
    // /api/auth/user on every start), and an expired or blocked session is deleted by the next of those.
    // The public API (/api/v1/) ignores cookies altogether (D43): a caller is a key or nobody.
    if (token && !isPublicRead(c.req.method, c.req.path) && !c.req.path.startsWith('/api/v1/')) {
      const result = await validateSessionToken(db, token, now());
      if (result) {
        c.set('user', result.user);
        c.set('session', result.session);
        if (result.renewed) setSessionCookie(c, token, result.session.expiresAt, config.publicUrl);
      }
    }
    await next();
  });
}
