import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { LeaderboardPage } from '../features/leaderboards/components/leaderboard-page.tsx';
import { parseLeaderboardSearch, type LeaderboardSearch } from '../features/leaderboards/leaderboard-search.ts';
import { pageMeta } from '../lib/page-head.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

// Leaderboards (001): public; `?type=players|wins|teams` is the tab, `q`, `sport` and `division` the filters.
export const Route = createFileRoute('/leaderboards')({
  validateSearch: (search: Record<string, unknown>): LeaderboardSearch => parseLeaderboardSearch(search),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    import('../features/leaderboards/prefetch.ts').then((m) => m.prefetchBoard(context.queryClient, deps)),
  head: () => ({
    meta: pageMeta({
      title: 'Leaderboards | WTA League',
      description: 'The WTA League’s best players by points and wins, and its teams by wins.',
    }),
  }),
  component: LeaderboardsRoute,
});

function LeaderboardsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    // Merged into the latest address, not the rendered one, so a filter chosen while another still loads keeps both.
    (patch: Partial<LeaderboardSearch>) =>
      void navigate({ search: (latest) => ({ ...latest, ...patch }), replace: true, resetScroll: false }),
    [navigate],
  );
  return (
    <>
      <DocumentTitle>Leaderboards | WTA League</DocumentTitle>
      <LeaderboardPage search={search} onSearchChange={onSearchChange} />
    </>
  );
}
