import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../features/search/components/search-page.tsx';
import { isSearchable, parseSearchParams, type SearchRouteSearch } from '../features/search/search-params.ts';
import { pageMeta } from '../lib/page-head.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

const titleOf = (q: string | undefined) => (q ? `${q} - Search | WTA League` : 'Search | WTA League');

// Global search (001 Search, D30): the query and the tab in the URL, so a search can be shared and Back goes back.
export const Route = createFileRoute('/search')({
  validateSearch: (search: Record<string, unknown>): SearchRouteSearch => parseSearchParams(search),
  loaderDeps: ({ search }) => ({ q: search.q, tab: search.tab ?? 'all' }),
  // The results are in the server-rendered HTML (ADR 027). A failed search is shown by the page with Try Again, not
  // as the route's error screen, so the loader swallows it.
  // The query code loads with the route's, not with every page's first load (issue 12's size budget).
  loader: async ({ context, deps }) => {
    if (!isSearchable(deps.q)) return;
    const { searchQueryOptions } = await import('../features/search/queries.ts');
    await context.queryClient.ensureInfiniteQueryData(searchQueryOptions(deps.q, deps.tab)).catch(() => undefined);
  },
  head: ({ match }) => ({
    meta: pageMeta({
      title: titleOf(match.search.q),
      description: 'Search the WTA League: players, teams and tournaments.',
    }),
  }),
  component: SearchRoute,
});

function SearchRoute() {
  const { q, tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <DocumentTitle>{titleOf(q)}</DocumentTitle>
      <SearchPage
        q={q}
        tab={tab ?? 'all'}
        // Each from the latest address, not the rendered one: a tab chosen while a search still loads keeps it.
        onSearch={(next) => void navigate({ search: (latest) => ({ q: next, tab: latest.tab }) })}
        onTabChange={(next) =>
          void navigate({
            search: (latest) => ({ q: latest.q, tab: next === 'all' ? undefined : next }),
            replace: true,
            resetScroll: false,
          })
        }
      />
    </>
  );
}
