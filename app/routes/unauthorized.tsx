import { createFileRoute } from '@tanstack/react-router';
import { AccessDeniedPage } from '../features/status-pages/components/access-denied-page.tsx';
import { pageMeta } from '../lib/page-head.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

// 001 s2, s8: the 403 page, rendered on the server (ADR 027) with status 403; never indexed, not in the sitemap.
export const Route = createFileRoute('/unauthorized')({
  staticData: { httpStatus: 403 },
  head: () => ({
    meta: [
      ...pageMeta({
        title: 'Access Denied | WTA League',
        description: 'You do not have permission to view this page.',
      }),
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: () => (
    <>
      <DocumentTitle>Access Denied | WTA League</DocumentTitle>
      <AccessDeniedPage />
    </>
  ),
});
