import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isSecure } from '../../lib/session-cookie.ts';

/**
 * Device cookies (D35, after OWASP's "Slow down online guessing attacks with device cookies"): a successful
 * sign-in leaves the browser a cookie that says "this device has signed in to this account before". It is
 * `<nonce>.<signature>`, where the signature is an HMAC-SHA256 (DEVICE_COOKIE_SECRET) over the login identity (the
 * account's e-mail) and the random nonce. A browser keeps one per account: the cookie's name is itself a keyed
 * hash of the e-mail, so the sign-in looks up exactly the cookie of the account being signed in to, and a shared
 * venue computer's cookies do not spell out who signed in on it. Node's HMAC runs on Workers (nodejs_compat).
 */

const NAME_PREFIX = 'wta_device_';
const NONCE_BYTES = 16;
const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** One year, as D35 says (browsers cap cookies at 400 days). */
export const DEVICE_COOKIE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

function mac(secret: string, message: string): Buffer {
  return createHmac('sha256', secret).update(message).digest();
}

/** The cookie name for one account: 'wta_device_' and 128 bits of a keyed hash of the e-mail. */
export function deviceCookieName(secret: string, email: string): string {
  return NAME_PREFIX + mac(secret, `device-cookie-name\n${email}`).subarray(0, 16).toString('base64url');
}

function sign(secret: string, email: string, nonce: string): Buffer {
  return mac(secret, `device-cookie\n${email}\n${nonce}`);
}

/** A new cookie value for the account: a fresh random nonce and its signature. */
export function newDeviceCookieValue(secret: string, email: string): { value: string; nonce: string } {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return { value: `${nonce}.${sign(secret, email, nonce).toString('base64url')}`, nonce };
}

/** The nonce of a cookie value that is well formed and signed for this e-mail; null for anything else. */
export function verifiedDeviceNonce(secret: string, email: string, value: string | undefined): string | null {
  if (!value) return null;
  const [nonce, signature, ...rest] = value.split('.');
  if (!nonce || !signature || rest.length > 0 || !NONCE_PATTERN.test(nonce)) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = sign(secret, email, nonce);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

/** The nonce of the request's valid device cookie for this account, or null (no cookie, forged, another's). */
export function readDeviceNonce(c: Context, secret: string, email: string): string | null {
  return verifiedDeviceNonce(secret, email, getCookie(c, deviceCookieName(secret, email)));
}

/** Sets (or renews with a fresh nonce) this browser's device cookie for the account. */
export function setDeviceCookie(c: Context, secret: string, email: string, now: Date, publicUrl: string) {
  const { value } = newDeviceCookieValue(secret, email);
  setCookie(c, deviceCookieName(secret, email), value, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c, publicUrl),
    path: '/',
    expires: new Date(now.getTime() + DEVICE_COOKIE_LIFETIME_MS),
  });
}
