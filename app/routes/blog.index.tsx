import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { BlogError, BlogList } from '../features/blog/components/blog-list.tsx';
import { loadBlogList } from '../features/blog/loaders.ts';
import { ErrorScreen } from '../features/shell/components/error-screen.tsx';
import { getErrorStatus } from '../lib/api-client.ts';
import { isNetworkError } from '../lib/query-client.ts';
import { pageMeta } from '../lib/page-head.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

// The blog (001 s2), rendered on the server with its first page (issue 16, ADR 027).
export const Route = createFileRoute('/blog/')({
  loader: ({ context }) => loadBlogList(context.queryClient),
  head: () => ({
    meta: pageMeta({
      title: 'Blog | WTA League',
      description: 'News, results and stories from the WTA League: one-day cash-prize tournaments.',
    }),
  }),
  errorComponent: BlogRouteError,
  component: BlogRoute,
});

function BlogRoute() {
  return (
    <>
      <DocumentTitle>Blog | WTA League</DocumentTitle>
      <BlogList />
    </>
  );
}

function BlogRouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (getErrorStatus(error) === undefined && !isNetworkError(error)) return <ErrorScreen error={error} />;
  return (
    <BlogError
      error={error}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
