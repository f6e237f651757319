import { createFileRoute } from '@tanstack/react-router';
import type { PaymentKind } from '../../edge/features/payments/schema.ts';
import { parsePaymentKind, parsePositiveId } from '../features/checkout/checkout-result.ts';
import { CheckoutCancel } from '../features/checkout/components/checkout-cancel.tsx';

interface CancelSearch {
  type?: PaymentKind;
  id?: number;
}

// 001 s2: where a cancelled checkout returns.
export const Route = createFileRoute('/checkout/cancel')({
  validateSearch: (search: Record<string, unknown>): CancelSearch => {
    const type = parsePaymentKind(search.type);
    const id = parsePositiveId(search.id);
    return { ...(type ? { type } : {}), ...(id ? { id } : {}) };
  },
  component: CheckoutCancelPage,
});

function CheckoutCancelPage() {
  const { type, id } = Route.useSearch();
  return (
    <>
      <title>Payment Cancelled | WTA League</title>
      <CheckoutCancel type={type} id={id} />
    </>
  );
}
