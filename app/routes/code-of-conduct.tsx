import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/components/legal-page.tsx';
import { codeOfConduct } from '../features/legal/code-of-conduct.ts';
import { pageMeta } from '../lib/page-head.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

// 001 s2: a public legal page, rendered on the server (ADR 027). Its text is imported by the component only, so it
// ships in this route's own chunk, never in the first load of other pages.
export const Route = createFileRoute('/code-of-conduct')({
  head: () => ({
    meta: pageMeta({
      title: 'Code of Conduct | WTA League',
      description:
        'Respect, fair play, arrive 30 minutes early; consequences from a warning to a permanent ban; appeals within 7 days.',
    }),
  }),
  component: () => (
    <>
      <DocumentTitle>Code of Conduct | WTA League</DocumentTitle>
      <LegalPage document={codeOfConduct} />
    </>
  ),
});
