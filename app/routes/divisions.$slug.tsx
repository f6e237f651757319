import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { divisionSlugs } from '../../edge/features/tournaments/schema.ts';
import { DivisionError, DivisionPage } from '../features/divisions/components/division-page.tsx';
import { DivisionPageSkeleton } from '../features/divisions/components/division-skeleton.tsx';
import { ErrorScreen } from '../features/shell/components/error-screen.tsx';
import { divisionQueryOptions } from '../features/tournaments/queries.ts';
import { getErrorStatus } from '../lib/api-client.ts';
import { pageMeta } from '../lib/page-head.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

/** 000 s2: paths match case-insensitively, so /divisions/HOOP is the hoop division. */
const slugOf = (param: string) => param.toLowerCase();

export const Route = createFileRoute('/divisions/$slug')({
  loader: async ({ context, params }) => {
    const slug = slugOf(params.slug);
    // Only the eight divisions exist (D17); anything else is the not-found page without asking the API.
    if (!(divisionSlugs as readonly string[]).includes(slug)) throw notFound();
    try {
      return await context.queryClient.ensureQueryData(divisionQueryOptions(slug));
    } catch (error) {
      if (getErrorStatus(error) === 404) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({
    meta: loaderData
      ? pageMeta({
          title: `${loaderData.name} | WTA League`,
          description: `${loaderData.name}: one-day cash tournaments and the division's best players by WTA points.`,
        })
      : [],
  }),
  pendingComponent: DivisionPageSkeleton,
  errorComponent: DivisionRouteError,
  component: DivisionRoute,
});

function DivisionRoute() {
  const { slug } = Route.useParams();
  const { data: division } = useSuspenseQuery(divisionQueryOptions(slugOf(slug)));
  return (
    <>
      <DocumentTitle>{`${division.name} | WTA League`}</DocumentTitle>
      <DivisionPage division={division} />
    </>
  );
}

function DivisionRouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  // Not a failed call (a bug in the page): the error screen of 000 s2.
  if (getErrorStatus(error) === undefined) return <ErrorScreen error={error} />;
  return (
    <>
      <DocumentTitle>Division | WTA League</DocumentTitle>
      <DivisionError
        error={error}
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </>
  );
}
