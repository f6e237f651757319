import type { Context } from 'hono';
import type { User } from '../../../db/schema/users.ts';
import type { AppEnv } from '../../lib/context.ts';
import { setSessionCookie } from '../../lib/session-cookie.ts';
import { fail } from '../../lib/errors.ts';
import { createSession, generateSessionToken } from '../../lib/sessions.ts';
import { MemberBlockedError } from '../../lib/standing.ts';

/**
 * Every sign-in (password, registration, Google) gets a fresh session; the browser's previous one (if any) is ended
 * in the same transaction, so ids never carry over. The User-Agent names the device in the member's sessions list.
 * A suspended or banned member (D24) is refused with 403 and the message that says until when, or that it is a ban.
 */
export async function startSession(c: Context<AppEnv>, user: User) {
  const { db, now, config } = c.var.deps;
  const token = generateSessionToken();
  const session = await createSession(db, token, user.id, now(), {
    userAgent: c.req.header('user-agent'),
    replaces: c.var.session?.id,
  }).catch((error: unknown) =>
    error instanceof MemberBlockedError ? fail(403, error.message) : Promise.reject(error),
  );
  setSessionCookie(c, token, session.expiresAt, config.publicUrl);
}
