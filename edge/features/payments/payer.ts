import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isSecure } from '../../lib/session-cookie.ts';
import type { PaymentRow } from './service.ts';

/**
 * Who paid, as the return page's verify-payment asks. A member's payment belongs to their account. A guest's
 * checkout (sponsorship, donation) has no account, so the browser that opened it gets an HttpOnly cookie naming its
 * session: a link to /checkout/success copied elsewhere carries the session id, never the cookie. (ADR 019)
 */
const GUEST_CHECKOUT_COOKIE = 'wta_guest_checkout';

/** Long enough to come back from a slow checkout (30 min) and see the receipt again later that day. */
const GUEST_CHECKOUT_MAX_AGE_S = 24 * 60 * 60;

/** Marks this browser as the payer of a guest checkout (the latest one it opened). */
export function rememberGuestCheckout(c: Context, sessionId: string, publicUrl: string): void {
  setCookie(c, GUEST_CHECKOUT_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c, publicUrl),
    // Only verify-payment reads it.
    path: '/api/stripe',
    maxAge: GUEST_CHECKOUT_MAX_AGE_S,
  });
}

/** True when the caller paid: the member who bought it, or for a guest payment the browser that opened it. */
export function isPayer(c: Context, payment: PaymentRow, viewerId: string | null): boolean {
  if (payment.userId) return payment.userId === viewerId;
  return getCookie(c, GUEST_CHECKOUT_COOKIE) === payment.providerSessionId;
}
