import type { PaymentKind, VerifyPaymentResponse } from '../../../edge/features/payments/schema.ts';

/** The purchase kinds the return pages know (`?type=`). */
export const paymentKinds: readonly PaymentKind[] = ['registration', 'ticket', 'sponsorship', 'donation'];

/** Reads `?type=`: anything but a known kind is no kind. */
export function parsePaymentKind(value: unknown): PaymentKind | undefined {
  return typeof value === 'string' && (paymentKinds as readonly string[]).includes(value) ? (value as PaymentKind) : undefined;
}

/** Reads `?id=` as a positive whole number (a tournament id on the return URLs), else undefined. */
export function parsePositiveId(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9][0-9]{0,14}$/.test(text)) return undefined;
  return Number(text);
}

/** Reads a query parameter as a trimmed, non-empty string. */
export function parseText(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
}

/** What "payment" the cancel page names: "Your registration payment was cancelled." */
export const kindNouns: Record<PaymentKind, string> = {
  registration: 'tournament registration',
  ticket: 'ticket purchase',
  sponsorship: 'sponsorship',
  donation: 'donation',
};

/**
 * 001 s2, word for word: Try Again on /checkout/cancel goes to /tournaments for a registration or ticket,
 * /sponsorship for a sponsorship, else (a donation, or no known kind) /dashboard.
 */
export function tryAgainPath(type: PaymentKind | undefined): string {
  if (type === 'registration' || type === 'ticket') return '/tournaments';
  if (type === 'sponsorship') return '/sponsorship';
  return '/dashboard';
}

/** 001 s2: a payment still settling is asked about again this often, at most this many times in all. */
export const VERIFY_RETRY_DELAY_MS = 2000;
export const VERIFY_MAX_ATTEMPTS = 5;

/**
 * Whether a verify-payment answer means "not finished yet" (worth asking again) rather than a final failure:
 * a 200 with success false, unless it says the session was cancelled or has expired (asking again changes
 * nothing), or a 409/425 (the session exists but is not settled yet). Other errors are final.
 */
export function isPendingVerification(outcome: { response: VerifyPaymentResponse } | { status: number | undefined }): boolean {
  if ('response' in outcome) {
    return !outcome.response.success && !/cancel|expired/i.test(outcome.response.message);
  }
  return outcome.status === 409 || outcome.status === 425;
}
