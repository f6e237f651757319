import { createFileRoute } from '@tanstack/react-router';
import { parseText } from '../features/checkout/checkout-result.ts';
import { TestCheckout } from '../features/checkout/components/test-checkout.tsx';
import type { ValidatedSearch } from '../lib/search-params.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

// D3: the built-in test checkout (no STRIPE_SECRET_KEY): the app's stand-in for Stripe's hosted page.
// (A route file, not a unit test: vitest only collects app/**/*.test.ts.)
export const Route = createFileRoute('/checkout/test')({
  validateSearch: (search: Record<string, unknown>): { session_id?: string } =>
    ({ session_id: parseText(search.session_id) }) satisfies ValidatedSearch<{ session_id?: string }>,
  component: TestCheckoutPage,
});

function TestCheckoutPage() {
  const { session_id: sessionId } = Route.useSearch();
  return (
    <>
      <DocumentTitle>Checkout (Test Mode) | WTA League</DocumentTitle>
      <TestCheckout key={sessionId ?? 'none'} sessionId={sessionId} />
    </>
  );
}
