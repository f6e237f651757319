import { createFileRoute } from '@tanstack/react-router';
import { ArchivePage } from '../features/archive/components/archive-page.tsx';
import { ArchivedBracket } from '../features/competition/components/lazy-tabs.tsx';
import { validateArchiveSearch, type ArchiveSearch } from '../features/archive/search.ts';
import { pageMeta } from '../lib/page-head.ts';
import { DocumentTitle } from '../ui/document-title.tsx';

const TITLE = 'Tournament Archive | WTA League';

export const Route = createFileRoute('/bracket-archive')({
  validateSearch: (search: Record<string, unknown>): ArchiveSearch => validateArchiveSearch(search),
  loaderDeps: ({ search }) => ({ search: search.search, division: search.division, from: search.from, to: search.to }),
  // The first page of the filtered archive, through the query client, so the server renders it (ADR 027). The
  // query's code comes with the page's own chunk, not in every page's first load (the landing page's budget).
  loader: async ({ context, deps }) => {
    const { archiveQueryOptions } = await import('../features/archive/queries.ts');
    await context.queryClient.ensureInfiniteQueryData(archiveQueryOptions(deps));
  },
  head: () => ({
    meta: pageMeta({
      title: TITLE,
      description:
        'Completed WTA League tournaments: champions, final standings, brackets, replays and championship photos.',
    }),
  }),
  component: BracketArchiveRoute,
});

function BracketArchiveRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <DocumentTitle>{TITLE}</DocumentTitle>
      <ArchivePage
        search={search}
        // Merged into the latest address, not the rendered one: two dates typed while the first still loads
        // both count (from the rendered one the second dropped the first, and a from after the to lost both).
        onSearchChange={(patch) =>
          void navigate({ search: (latest) => ({ ...latest, ...patch }), replace: true, resetScroll: false })
        }
        // The competition's own bracket (its round names and cards): features are composed here, not in each other.
        renderBracket={(matches) => <ArchivedBracket matches={matches} />}
      />
    </>
  );
}
