import { createFileRoute } from '@tanstack/react-router';
import type { PaymentKind } from '../../edge/features/payments/schema.ts';
import { parsePaymentKind, parsePositiveId } from '../features/checkout/checkout-result.ts';
import { CheckoutCancel } from '../features/checkout/components/checkout-cancel.tsx';
import type { ValidatedSearch } from '../lib/search-params.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

interface CancelSearch {
  type?: PaymentKind;
  /**
   * Kept although the page does not use it, so the router does not rewrite the return URL. A number, not a string:
   * the router JSON-encodes search values, and a numeric-looking string would come back as `id=%224%22`.
   */
  id?: number;
}

// 001 s2: where a cancelled checkout returns.
export const Route = createFileRoute('/checkout/cancel')({
  validateSearch: (search: Record<string, unknown>): CancelSearch =>
    ({ type: parsePaymentKind(search.type), id: parsePositiveId(search.id) }) satisfies ValidatedSearch<CancelSearch>,
  component: CheckoutCancelPage,
});

function CheckoutCancelPage() {
  const { type } = Route.useSearch();
  return (
    <>
      <DocumentTitle>Payment Cancelled | WTA League</DocumentTitle>
      <CheckoutCancel type={type} />
    </>
  );
}
