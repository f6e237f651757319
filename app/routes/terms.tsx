import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/components/legal-page.tsx';
import { termsOfService } from '../features/legal/terms.ts';
import { pageMeta } from '../lib/page-head.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

// 001 s2: a public legal page, rendered on the server (ADR 027). Its text is imported by the component only, so it
// ships in this route's own chunk, never in the first load of other pages.
export const Route = createFileRoute('/terms')({
  head: () => ({
    meta: pageMeta({
      title: 'Terms of Service | WTA League',
      description:
        'Eligibility (13 and up, parental consent under 18), payments, refunds, prizes and binding arbitration at WTA League.',
    }),
  }),
  component: () => (
    <>
      <DocumentTitle>Terms of Service | WTA League</DocumentTitle>
      <LegalPage document={termsOfService} />
    </>
  ),
});
