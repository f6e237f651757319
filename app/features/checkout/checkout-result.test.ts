import { describe, expect, it } from 'vitest';
import { isPendingVerification, parsePaymentKind, parsePositiveId, parseText, tryAgainPath } from './checkout-result.ts';

describe('tryAgainPath (001 s2)', () => {
  it('sends registrations and tickets to /tournaments, whatever tournament the return URL names', () => {
    expect(tryAgainPath('registration')).toBe('/tournaments');
    expect(tryAgainPath('ticket')).toBe('/tournaments');
  });
  it('sends sponsorships to /sponsorship', () => {
    expect(tryAgainPath('sponsorship')).toBe('/sponsorship');
  });
  it('sends donations and unknown kinds to /dashboard', () => {
    expect(tryAgainPath('donation')).toBe('/dashboard');
    expect(tryAgainPath(undefined)).toBe('/dashboard');
  });
});

describe('query parameter readers', () => {
  it('knows the four purchase kinds only', () => {
    expect(parsePaymentKind('ticket')).toBe('ticket');
    expect(parsePaymentKind('sponsorship')).toBe('sponsorship');
    expect(parsePaymentKind('refund')).toBeUndefined();
    expect(parsePaymentKind(undefined)).toBeUndefined();
  });
  it('reads ids as positive whole numbers', () => {
    expect(parsePositiveId('12')).toBe(12);
    expect(parsePositiveId(12)).toBe(12);
    expect(parsePositiveId('0')).toBeUndefined();
    expect(parsePositiveId('1e3')).toBeUndefined();
    expect(parsePositiveId('-4')).toBeUndefined();
    expect(parsePositiveId(undefined)).toBeUndefined();
  });
  it('treats a blank session id as missing', () => {
    expect(parseText('  ')).toBeUndefined();
    expect(parseText(' cs_1 ')).toBe('cs_1');
    expect(parseText(undefined)).toBeUndefined();
  });
});

describe('isPendingVerification', () => {
  it('asks again while the server says the payment is not complete', () => {
    expect(isPendingVerification({ response: { success: false, message: 'Payment not completed', metadata: null } })).toBe(true);
    expect(isPendingVerification({ status: 409 })).toBe(true);
  });
  it('stops on success and on final refusals', () => {
    expect(isPendingVerification({ response: { success: true, message: 'ok', metadata: null } })).toBe(false);
    expect(isPendingVerification({ status: 404 })).toBe(false);
    expect(isPendingVerification({ status: 400 })).toBe(false);
    expect(isPendingVerification({ status: undefined })).toBe(false);
  });
  it('does not wait on a session that was cancelled or ran out', () => {
    expect(isPendingVerification({ response: { success: false, message: 'This payment was cancelled', metadata: null } })).toBe(false);
    expect(isPendingVerification({ response: { success: false, message: 'This checkout session has expired', metadata: null } })).toBe(false);
  });
});
