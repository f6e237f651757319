import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE } from './sessions.ts';

/** Secure only over https, so the embedded http://localhost run still keeps its session (and device cookies). */
export function isSecure(c: Context, publicUrl: string) {
  return publicUrl.startsWith('https:') || new URL(c.req.url).protocol === 'https:';
}

export function readSessionToken(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

export function setSessionCookie(c: Context, token: string, expiresAt: Date, publicUrl: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c, publicUrl),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(c: Context, publicUrl: string) {
  deleteCookie(c, SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c, publicUrl),
    path: '/',
  });
}
