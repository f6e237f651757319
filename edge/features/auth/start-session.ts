import type { Context } from 'hono';
import type { User } from '../../../db/schema/users.ts';
import type { AppEnv } from '../../lib/context.ts';
import { setSessionCookie } from '../../lib/session-cookie.ts';
import { createSession, generateSessionToken, invalidateSession } from '../../lib/sessions.ts';

/** Every sign-in gets a fresh session; the browser's previous one (if any) is ended, so ids never carry over. */
export async function startSession(c: Context<AppEnv>, user: User) {
  const { db, now, config } = c.var.deps;
  const previous = c.var.session;
  if (previous) await invalidateSession(db, previous.id);
  const token = generateSessionToken();
  const session = await createSession(db, token, user.id, now());
  setSessionCookie(c, token, session.expiresAt, config.publicUrl);
}
