import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { TournamentStatus } from '../../edge/features/tournaments/schema.ts';
import { userQueryOptions } from '../features/auth/queries.ts';
import { TournamentList } from '../features/tournaments/components/tournament-list.tsx';
import { tournamentListQueryOptions } from '../features/tournaments/queries.ts';
import { parseStatusFilter } from '../features/tournaments/status-filter.ts';
import { pageMeta } from '../lib/page-head.ts';
import type { ValidatedSearch } from '../lib/search-params.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

interface TournamentsSearch {
  /** The filter (000 s2); absent means All. */
  status?: TournamentStatus;
}

export const Route = createFileRoute('/tournaments/')({
  validateSearch: (search: Record<string, unknown>): TournamentsSearch =>
    ({ status: parseStatusFilter(search.status) }) satisfies ValidatedSearch<TournamentsSearch>,
  loaderDeps: ({ search }) => ({ status: search.status }),
  // Starts the fetch of the filter's first page with the route's code (ADR 025: a page, never the whole list); the
  // page shows skeletons (not a blank wait) until it answers.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(tournamentListQueryOptions(deps.status ?? 'all'));
  },
  head: () => ({
    meta: pageMeta({
      title: 'Tournaments | WTA League',
      description:
        'Upcoming, live and completed WTA League tournaments: one-day events with cash prize pools. Register, buy tickets and follow the brackets.',
    }),
  }),
  component: TournamentsPage,
});

function TournamentsPage() {
  const { status } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: user } = useSuspenseQuery(userQueryOptions);
  return (
    <>
      <DocumentTitle>Tournaments | WTA League</DocumentTitle>
      <TournamentList
        filter={status ?? 'all'}
        onFilterChange={(filter) =>
          void navigate({ search: filter === 'all' ? {} : { status: filter }, replace: true, resetScroll: false })
        }
        viewer={user ? { isVerified: user.isVerified } : null}
      />
    </>
  );
}
