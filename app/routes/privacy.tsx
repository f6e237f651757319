import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/components/legal-page.tsx';
import { privacyPolicy } from '../features/legal/privacy.ts';
import { pageMeta } from '../lib/page-head.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

// 001 s2: a public legal page, rendered on the server (ADR 027). Its text is imported by the component only, so it
// ships in this route's own chunk, never in the first load of other pages.
export const Route = createFileRoute('/privacy')({
  head: () => ({
    meta: pageMeta({
      title: 'Privacy Policy | WTA League',
      description:
        'What WTA League collects and why, and your rights: requests answered within 30 days. For ages 13 and up.',
    }),
  }),
  component: () => (
    <>
      <DocumentTitle>Privacy Policy | WTA League</DocumentTitle>
      <LegalPage document={privacyPolicy} />
    </>
  ),
});
