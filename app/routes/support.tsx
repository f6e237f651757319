import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { supportTopics, type SupportTopic } from '../../edge/features/support/constants.ts';
import { userQueryOptions } from '../features/auth/queries.ts';
import { SupportPage } from '../features/support/components/support-page.tsx';
import type { ValidatedSearch } from '../lib/search-params.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

interface SupportSearch {
  topic?: SupportTopic;
  reference?: string;
}

// D17: the contact page the payment error card's Contact Support opens.
export const Route = createFileRoute('/support')({
  validateSearch: (search: Record<string, unknown>): SupportSearch => {
    const topic = (supportTopics as readonly unknown[]).includes(search.topic) ? (search.topic as SupportTopic) : undefined;
    const reference = typeof search.reference === 'string' ? search.reference.trim().slice(0, 200) : '';
    return { topic, reference: reference || undefined } satisfies ValidatedSearch<SupportSearch>;
  },
  component: SupportRoute,
});

function SupportRoute() {
  const { topic, reference } = Route.useSearch();
  const { data: user } = useSuspenseQuery(userQueryOptions);
  return (
    <>
      <DocumentTitle>Contact Support | WTA League</DocumentTitle>
      <SupportPage signedIn={user !== null} initialTopic={topic} reference={reference} />
    </>
  );
}
