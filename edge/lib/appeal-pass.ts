import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isSecure } from './session-cookie.ts';

/**
 * The appeal pass (D24): a suspended or banned member may not sign in, yet may appeal the decision once within 7
 * days. When such a member proves who they are (the right password, or Google), sign-in is still refused, but the
 * browser gets this pass: a short-lived, signed, httpOnly cookie that opens only their own decisions and the appeal
 * (`/api/incidents/mine` and `/api/incidents/{id}/appeal`), nothing else. It is `<userId>.<expiry ms>.<HMAC-SHA256>`
 * keyed with the host's DEVICE_COOKIE_SECRET, so no table is needed and it dies by itself.
 */

export const APPEAL_PASS_COOKIE = 'wta_appeal';
/** Long enough to read the decision and write an appeal; a new sign-in attempt issues a new one. */
export const APPEAL_PASS_LIFETIME_MS = 30 * 60 * 1000;
const PATH = '/api/incidents';

function signature(secret: string, userId: string, expires: number): Buffer {
  return createHmac('sha256', secret).update(`appeal-pass\n${userId}\n${expires}`).digest();
}

/** Gives this browser the member's appeal pass. */
export function setAppealPass(c: Context, secret: string, userId: string, now: Date, publicUrl: string) {
  const expires = now.getTime() + APPEAL_PASS_LIFETIME_MS;
  const value = `${userId}.${expires}.${signature(secret, userId, expires).toString('base64url')}`;
  setCookie(c, APPEAL_PASS_COOKIE, value, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: isSecure(c, publicUrl),
    path: PATH,
    expires: new Date(expires),
  });
}

/** The member id of the request's valid, unexpired appeal pass, or null (none, forged, expired). */
export function readAppealPass(c: Context, secret: string, now: Date): string | null {
  const value = getCookie(c, APPEAL_PASS_COOKIE);
  const match = value ? /^([A-Za-z0-9_-]{1,64})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return null;
  const [, userId, expiresText, given] = match as unknown as [string, string, string, string];
  const expires = Number(expiresText);
  if (expires <= now.getTime()) return null;
  const expected = signature(secret, userId, expires);
  const actual = Buffer.from(given, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId : null;
}
