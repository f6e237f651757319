import { useInfiniteQuery } from '@tanstack/react-query';
import { LayoutGrid, List } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { MAX_SEARCH_LENGTH } from '../../../../edge/features/archive/constants.ts';
import { divisionNames, type DivisionSlug } from '../../../../edge/features/tournaments/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { SelectField } from '../../../ui/select.tsx';
import { archiveQueryOptions } from '../queries.ts';
import type { ArchiveSearch } from '../search.ts';
import { ArchiveCard } from './archive-card.tsx';
import { ClientOnly } from '../../../ui/client-only.tsx';
import type { RenderBracket } from './details-dialog.tsx';
import { gridClass, listClass, mutedClass, pageClass } from './styles.ts';

// The details dialog (Ark's dialog and tabs, the standings, the highlights editor) loads when a card is opened or the
// address names one: nothing of it is in the archive's first load (issue 12).
const DetailsDialog = lazy(() => import('./details-dialog.tsx').then((m) => ({ default: m.DetailsDialog })));

const headerClass = css({
  alignItems: 'center',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  justifyContent: 'space-between',
});
const filtersClass = css({
  alignItems: 'end',
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1fr auto' },
});
const toggleClass = css({ display: 'flex', gap: '1' });
const emptyClass = css({
  alignItems: 'center',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  py: '12',
  textAlign: 'center',
});

/** /bracket-archive (001): completed tournaments with filters kept in the URL, and the details dialog. */
export function ArchivePage({
  search,
  onSearchChange,
  renderBracket,
}: {
  search: ArchiveSearch;
  /** Only what changed: the route merges it into the address as it is by then (a change may still be loading). */
  onSearchChange: (patch: Partial<ArchiveSearch>) => void;
  /** The details dialog's bracket, drawn by the competition's Bracket tab component (composed by the route). */
  renderBracket: RenderBracket;
}) {
  const filters = { search: search.search, division: search.division, from: search.from, to: search.to };
  const query = useInfiniteQuery(archiveQueryOptions(filters));
  const tournaments = query.data?.pages.flatMap((p) => p.tournaments) ?? [];
  const layout = search.view === 'list' ? 'list' : 'grid';
  const set = onSearchChange;

  // The name box updates the URL (and the list) once typing pauses.
  const [text, setText] = useState(search.search ?? '');
  // A search changed elsewhere (back button, a shared link) refills the box (React's "adjust state on a prop change").
  const [shown, setShown] = useState(search.search);
  if (shown !== search.search) {
    setShown(search.search);
    setText(search.search ?? '');
  }
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === (search.search ?? '') || trimmed.length > MAX_SEARCH_LENGTH) return;
    const timer = setTimeout(() => set({ search: trimmed || undefined }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a new search
  }, [text]);

  // 001: All plus the divisions found in the loaded tournaments (the chosen one stays listed while filtered).
  const found = new Set<DivisionSlug>(tournaments.flatMap((t) => (t.division ? [t.division] : [])));
  if (search.division) found.add(search.division);
  const divisionOptions = [
    { value: '', label: 'All' },
    ...[...found].sort().map((d) => ({ value: d, label: divisionNames[d] })),
  ];

  return (
    <div className={pageClass}>
      <div className={headerClass}>
        <h1 className={css({ fontSize: '3xl', fontWeight: 'black' })}>Tournament Archive</h1>
        <LinkButton href="/tournaments" variant="outline">
          Upcoming Tournaments
        </LinkButton>
      </div>
      <search className={filtersClass} aria-label="Filter the archive">
        <TextField
          label="Search by name"
          type="search"
          value={text}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(e) => setText(e.target.value)}
        />
        <SelectField
          label="Division"
          options={divisionOptions}
          value={search.division ?? ''}
          onChange={(e) => set({ division: (e.target.value || undefined) as DivisionSlug | undefined })}
        />
        <TextField
          label="From date"
          type="date"
          value={search.from ?? ''}
          max={search.to}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
        <TextField
          label="To date"
          type="date"
          value={search.to ?? ''}
          min={search.from}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
        <div className={toggleClass} role="group" aria-label="View">
          <Button
            variant={layout === 'grid' ? 'solid' : 'outline'}
            size="icon"
            aria-pressed={layout === 'grid'}
            aria-label="Grid view"
            onClick={() => set({ view: undefined })}
          >
            <LayoutGrid aria-hidden="true" />
          </Button>
          <Button
            variant={layout === 'list' ? 'solid' : 'outline'}
            size="icon"
            aria-pressed={layout === 'list'}
            aria-label="List view"
            onClick={() => set({ view: 'list' })}
          >
            <List aria-hidden="true" />
          </Button>
        </div>
      </search>

      {query.isPending ? (
        <p className={mutedClass} role="status">
          Loading tournaments...
        </p>
      ) : query.isError && tournaments.length === 0 ? (
        <Alert tone="danger" title="Could not load the archive">
          {getErrorMessage(query.error) ?? 'Please try again.'}
        </Alert>
      ) : tournaments.length === 0 ? (
        <div className={emptyClass}>
          <h2 className={css({ fontSize: 'xl', fontWeight: 'bold' })}>No Tournaments Found</h2>
          <p className={mutedClass}>Try adjusting your filters or search criteria</p>
        </div>
      ) : (
        <>
          <ul className={layout === 'grid' ? gridClass : listClass} aria-label="Completed tournaments">
            {tournaments.map((t) => (
              <li key={t.id}>
                <ArchiveCard tournament={t} layout={layout} onDetails={() => set({ details: t.id })} />
              </li>
            ))}
          </ul>
          {query.hasNextPage ? (
            <div className={css({ display: 'flex', justifyContent: 'center' })}>
              <Button variant="outline" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? 'Loading tournaments...' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
      {/* A portal into <body>: opened from the URL only once the server-rendered page has hydrated (ADR 027). */}
      {search.details ? (
        <ClientOnly>
          <Suspense fallback={null}>
            <DetailsDialog id={search.details} onClose={() => set({ details: undefined })} renderBracket={renderBracket} />
          </Suspense>
        </ClientOnly>
      ) : null}
    </div>
  );
}
