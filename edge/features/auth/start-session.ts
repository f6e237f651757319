import type { Context } from 'hono';
import type { User } from '../../../db/schema/users.ts';
import type { AppEnv } from '../../lib/context.ts';
import { setSessionCookie } from '../../lib/session-cookie.ts';
import { fail } from '../../lib/errors.ts';
import { createSession, generateSessionToken, type NewSessionOptions } from '../../lib/sessions.ts';
import { MemberBlockedError } from '../../lib/standing.ts';
import { setAppealPass } from '../../lib/appeal-pass.ts';
import { requireSecrets } from '../../lib/config.ts';

/**
 * Every sign-in (password, registration, Google) gets a fresh session (with `alongside`, statements that commit in
 * its batch whether or not the member may sign in); the browser's previous one (if any) is ended
 * in the same transaction, so ids never carry over. The User-Agent names the device in the member's sessions list.
 * A suspended or banned member (D24) is refused with 403 and the message that says until when, or that it is a ban;
 * having proved who they are, they get the appeal pass that lets them read the decision and appeal it (D24).
 */
export async function startSession(c: Context<AppEnv>, user: User, alongside: NewSessionOptions['alongside'] = []) {
  const { db, now, config } = c.var.deps;
  const token = generateSessionToken();
  const session = await createSession(db, token, user.id, now(), {
    userAgent: c.req.header('user-agent'),
    replaces: c.var.session?.id,
    alongside,
  }).catch((error: unknown) => {
    if (!(error instanceof MemberBlockedError)) return Promise.reject(error);
    setAppealPass(c, requireSecrets(config).deviceCookieSecret, user.id, now(), config.publicUrl);
    return fail(403, error.message);
  });
  setSessionCookie(c, token, session.expiresAt, config.publicUrl);
}
