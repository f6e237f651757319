import { createFileRoute } from '@tanstack/react-router';
import { DonatePage } from '../features/checkout/components/donate-page.tsx';

// D17: the $1 donation checkout.
export const Route = createFileRoute('/donate')({
  component: () => (
    <>
      <title>Donate | WTA League</title>
      <DonatePage />
    </>
  ),
});
