import { createFileRoute } from '@tanstack/react-router';
import { ConductPage } from '../features/incidents/components/conduct-page.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';

// D24: the conduct decisions about the visitor's account and the appeal; open to a suspended or banned member through
// the appeal pass of a refused sign-in, so rendered in the browser (it depends on a cookie, never cached or indexed).
export const Route = createFileRoute('/conduct')({
  head: () => ({ meta: [{ title: 'Conduct Decisions | WTA League' }, { name: 'robots', content: 'noindex' }] }),
  component: () => (
    <>
      <DocumentTitle>Conduct Decisions | WTA League</DocumentTitle>
      <ConductPage />
    </>
  ),
});
