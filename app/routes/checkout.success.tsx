import { createFileRoute } from '@tanstack/react-router';
import type { PaymentKind } from '../../edge/features/payments/schema.ts';
import { parsePaymentKind, parsePositiveId, parseText } from '../features/checkout/checkout-result.ts';
import { CheckoutSuccess } from '../features/checkout/components/checkout-success.tsx';
import { TicketQr } from '../features/tickets/components/ticket-qr.tsx';
import type { ValidatedSearch } from '../lib/search-params.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

interface SuccessSearch {
  session_id?: string;
  type?: PaymentKind;
  /**
   * A number, not a string: the router JSON-encodes search values, so a numeric-looking string would rewrite the
   * return URL's `id=4` as `id=%224%22`.
   */
  id?: number;
}

// 001 s2: where Stripe (or the test checkout, D3) returns after a payment.
export const Route = createFileRoute('/checkout/success')({
  validateSearch: (search: Record<string, unknown>): SuccessSearch =>
    ({
      session_id: parseText(search.session_id),
      type: parsePaymentKind(search.type),
      id: parsePositiveId(search.id),
    }) satisfies ValidatedSearch<SuccessSearch>,
  component: CheckoutSuccessPage,
});

function CheckoutSuccessPage() {
  const { session_id: sessionId, type, id } = Route.useSearch();
  return (
    <>
      <DocumentTitle>Payment | WTA League</DocumentTitle>
      <CheckoutSuccess
        // A new session id is a new verification from the start.
        key={sessionId ?? 'none'}
        sessionId={sessionId}
        type={type}
        id={id}
        renderTicket={(code) => <TicketQr code={code} label={`your ticket ${code}`} />}
      />
    </>
  );
}
