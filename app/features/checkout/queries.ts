import { queryOptions } from '@tanstack/react-query';
import type {
  CheckoutResponse,
  TestCheckoutSession,
  VerifyPaymentResponse,
} from '../../../edge/features/payments/schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export type { CheckoutResponse, TestCheckoutSession, VerifyPaymentResponse };

/** GET /api/payments/test-checkout/{sessionId}: the built-in test checkout's session (D3). */
export const testCheckoutQueryOptions = (sessionId: string) =>
  queryOptions<TestCheckoutSession>({ queryKey: ['/api/payments/test-checkout', encodeURIComponent(sessionId)] });

/** POST /api/payments/test-checkout/{sessionId}/pay or /cancel: answers where the browser goes next. */
export async function settleTestCheckout(sessionId: string, action: 'pay' | 'cancel'): Promise<string> {
  const res = await apiRequest('POST', `/api/payments/test-checkout/${encodeURIComponent(sessionId)}/${action}`);
  const body = (await res.json()) as { redirectUrl: string };
  return body.redirectUrl;
}

/** POST /api/stripe/verify-payment (001 s7). */
export async function verifyPayment(input: { sessionId: string; type?: string; id?: number }): Promise<VerifyPaymentResponse> {
  const res = await apiRequest('POST', '/api/stripe/verify-payment', input);
  return (await res.json()) as VerifyPaymentResponse;
}

/** POST /api/stripe/checkout/donation: the $1 donation (D17). */
export async function startDonationCheckout(): Promise<CheckoutResponse> {
  const res = await apiRequest('POST', '/api/stripe/checkout/donation', {});
  return (await res.json()) as CheckoutResponse;
}

/** Leaves the app for the checkout page (Stripe's, or the built-in test checkout): a full page load, never the router. */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
