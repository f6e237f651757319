import { createFileRoute } from '@tanstack/react-router';
import { DonatePage } from '../features/checkout/components/donate-page.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

// D17: the $1 donation checkout.
export const Route = createFileRoute('/donate')({
  component: () => (
    <>
      <DocumentTitle>Donate | WTA League</DocumentTitle>
      <DonatePage />
    </>
  ),
});
