import { createFileRoute } from '@tanstack/react-router';
import { MaintenancePage } from '../features/status-pages/components/maintenance-page.tsx';
import { pageMeta } from '../lib/page-head.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

// 001 s2: the maintenance notice, rendered on the server (ADR 027). A passing notice, not content: search engines
// are asked not to index it and it is not in the sitemap.
export const Route = createFileRoute('/maintenance')({
  head: () => ({
    meta: [
      ...pageMeta({
        title: 'Under Construction | WTA League',
        description: 'WTA League is down for scheduled maintenance and will be back shortly.',
      }),
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: () => (
    <>
      <DocumentTitle>Under Construction | WTA League</DocumentTitle>
      <MaintenancePage />
    </>
  ),
});
