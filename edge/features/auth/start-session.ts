import type { Context } from 'hono';
import type { User } from '../../../db/schema/users.ts';
import type { AppEnv } from '../../lib/context.ts';
import { setSessionCookie } from '../../lib/session-cookie.ts';
import { createSession, generateSessionToken } from '../../lib/sessions.ts';

/**
 * Every sign-in (password, registration, Google) gets a fresh session; the browser's previous one (if any) is ended
 * in the same transaction, so ids never carry over. The User-Agent names the device in the member's sessions list.
 */
export async function startSession(c: Context<AppEnv>, user: User) {
  const { db, now, config } = c.var.deps;
  const token = generateSessionToken();
  const session = await createSession(db, token, user.id, now(), {
    userAgent: c.req.header('user-agent'),
    replaces: c.var.session?.id,
  });
  setSessionCookie(c, token, session.expiresAt, config.publicUrl);
}
