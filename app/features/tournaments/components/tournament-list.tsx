import { useInfiniteQuery } from '@tanstack/react-query';
import { Archive } from 'lucide-react';
import { useRef, type Ref } from 'react';
import { css } from '../../../../styled-system/css';
import { LinkButton } from '../../../ui/link-button.tsx';
import { HydrateLater } from '../../../ui/hydrate-later.tsx';
import { LoadMore } from '../../../ui/load-more.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { tournamentListQueryOptions, type Tournament } from '../queries.ts';
import { earlyRegistrationBadge, tournamentFilters, type TournamentFilter } from '../tournament-display.ts';
import { FetchError } from './fetch-error.tsx';
import { TournamentCard, TournamentCardSkeleton } from './tournament-card.tsx';
import { useFocusNewItems } from '../../../lib/focus-new-items.ts';
import { useRenderNow } from '../../../lib/render-env.ts';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '7xl',
  mx: 'auto',
  px: '4',
  py: { base: '8', md: '12' },
  width: 'full',
});
const headClass = css({
  alignItems: { base: 'stretch', md: 'flex-end' },
  display: 'flex',
  flexDirection: { base: 'column', md: 'row' },
  gap: '4',
  justifyContent: 'space-between',
});
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '4xl', md: '6xl' },
  fontWeight: 'black',
  lineHeight: 'none',
  textTransform: 'uppercase',
});
const leadClass = css({ color: 'fg.muted', mt: '2', textStyle: 'lg' });
const listClass = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
  maxWidth: { sm: '2xl' },
});
const triggerClass = css({ px: '2', textStyle: { base: 'sm', sm: 'md' } });
const gridClass = css({
  display: 'grid',
  gap: '5',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
});
const emptyClass = css({
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderStyle: 'dashed',
  borderWidth: '2px',
  color: 'fg.muted',
  fontWeight: 'semibold',
  px: '4',
  py: '16',
  textAlign: 'center',
  textStyle: 'lg',
});

export interface TournamentListProps {
  filter: TournamentFilter;
  onFilterChange: (filter: TournamentFilter) => void;
  viewer: { isVerified: boolean } | null;
}

/** The tournament list (000 s2): filter, cards, empty text and the way to the bracket archive. */
export function TournamentList({ filter, onFilterChange, viewer }: TournamentListProps) {
  // Refreshed every 30 s so time-based badges (the early window) appear on their own.
  const now = useRenderNow(30_000);

  return (
    <div className={pageClass}>
      <div className={headClass}>
        <div>
          <h1 className={titleClass}>Tournaments</h1>
          <p className={leadClass}>One day, one winner, real cash. Find your next tournament.</p>
        </div>
        <LinkButton href="/bracket-archive" variant="outline">
          <Archive aria-hidden="true" />
          View Bracket Archive
        </LinkButton>
      </div>

      {/* The filter and the cards hydrate after the page's frame, the cards one by one (issue 12, TBT). */}
      <HydrateLater>
        <TabsRoot
          value={filter}
          onValueChange={(details) => onFilterChange(details.value as TournamentFilter)}
          lazyMount
          unmountOnExit
        >
          <TabsList className={listClass} aria-label="Filter tournaments">
            {tournamentFilters.map((f) => (
              <TabsTrigger key={f.value} value={f.value} className={triggerClass}>
                {f.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tournamentFilters.map((f) => (
            <TabsContent key={f.value} value={f.value}>
              <TournamentPages filter={f.value} viewer={viewer} now={now} />
            </TabsContent>
          ))}
        </TabsRoot>
      </HydrateLater>
    </div>
  );
}

/**
 * One filter's list, a page at a time from the server (ADR 025). 'Load More' appends the next page below the cards
 * (the scroll position stays) and then moves focus to the first new card, so a keyboard user carries on where the
 * new ones start; a status line says how many are shown. Offline it shows what was saved and the button says it
 * needs a connection.
 */
function TournamentPages({
  filter,
  viewer,
  now,
}: {
  filter: TournamentFilter;
  viewer: TournamentListProps['viewer'];
  now: Date;
}) {
  const query = useInfiniteQuery(tournamentListQueryOptions(filter));
  const listRef = useRef<HTMLUListElement>(null);
  const list = query.data?.pages.flatMap((page) => page.tournaments) ?? [];

  const focus = useFocusNewItems(listRef, list.length);

  if (query.isPending) {
    return (
      <div aria-busy="true">
        <VisuallyHidden role="status">Loading tournaments</VisuallyHidden>
        <div className={gridClass}>
          {Array.from({ length: 6 }, (_, i) => (
            <TournamentCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }
  if (query.isError && !query.isFetchNextPageError) {
    return <FetchError title="Failed to fetch tournaments" error={query.error} onRetry={() => void query.refetch()} />;
  }

  const loadMore = () => {
    if (query.isFetchingNextPage) return;
    focus.expectFrom(list.length);
    void query.fetchNextPage().then((result) => {
      if (result.isError) focus.cancel();
    });
  };
  return (
    <>
      <Cards list={list} viewer={viewer} now={now} listRef={listRef} />
      <VisuallyHidden role="status">
        {query.isFetchingNextPage
          ? 'Loading more tournaments'
          : list.length > 0
            ? `Showing ${list.length} tournaments`
            : ''}
      </VisuallyHidden>
      <LoadMore
        query={query}
        onLoadMore={loadMore}
        action="Loading more tournaments"
        error={<FetchError title="Failed to fetch tournaments" error={query.error} onRetry={loadMore} />}
      />
    </>
  );
}

/** Cards that hydrate with the page: the one a phone shows first (the rest follow within moments). */
const EAGER_CARDS = 1;

function Cards({
  list,
  viewer,
  now,
  listRef,
}: {
  list: Tournament[];
  viewer: TournamentListProps['viewer'];
  now: Date;
  listRef: Ref<HTMLUListElement>;
}) {
  if (list.length === 0) return <p className={emptyClass}>No tournaments found</p>;
  return (
    <ul ref={listRef} className={gridClass} aria-label="Tournaments">
      {list.map((t, index) => (
        <li key={t.id}>
          {/* The first cards hydrate with the page; the rest each in a task of its own (issue 12, TBT), in the shell's
              first render too (an offline launch): cards only grow the list downwards. */}
          <HydrateLater defer={index >= EAGER_CARDS} inShell>
            <TournamentCard tournament={t} early={earlyRegistrationBadge(t, viewer, now)} priority={index === 0} />
          </HydrateLater>
        </li>
      ))}
    </ul>
  );
}
