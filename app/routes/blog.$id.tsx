import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { BlogError } from '../features/blog/components/blog-list.tsx';
import { BlogPostNotFound, BlogPostPage } from '../features/blog/components/blog-post.tsx';
import { loadBlogPost } from '../features/blog/loaders.ts';
import { ErrorScreen } from '../features/shell/components/error-screen.tsx';
import { getErrorStatus } from '../lib/api-client.ts';
import { isNetworkError } from '../lib/query-client.ts';
import { pageMeta } from '../lib/page-head.ts';

// A blog post (001 s2), rendered on the server with its link preview: title and excerpt (issue 16, ADR 027).
export const Route = createFileRoute('/blog/$id')({
  loader: ({ context, params }) => loadBlogPost(context.queryClient, params.id),
  head: ({ loaderData }) => ({
    meta: loaderData
      ? pageMeta({
          title: `${loaderData.title} | WTA League`,
          description: loaderData.excerpt || 'A post on the WTA League blog.',
          type: 'article',
        })
      : [],
  }),
  notFoundComponent: BlogPostNotFound,
  errorComponent: BlogPostRouteError,
  component: BlogPostRoute,
});

function BlogPostRoute() {
  const { id } = Route.useParams();
  return <BlogPostPage id={id} />;
}

function BlogPostRouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const status = getErrorStatus(error);
  if (status === 404) return <BlogPostNotFound />;
  if (status === undefined && !isNetworkError(error)) return <ErrorScreen error={error} />;
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
