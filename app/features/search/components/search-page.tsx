import { useInfiniteQuery } from '@tanstack/react-query';
import { AlertTriangle, RotateCw, Search as SearchIcon } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { SEARCH_TEXTS, type SearchFilter, type SearchResult } from '../../../../edge/features/search/constants.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useFocusNewItems } from '../../../lib/focus-new-items.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../../ui/tabs.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { searchQueryOptions } from '../queries.ts';
import { countLabel, QUICK_SEARCHES, TABS } from '../search-display.ts';
import { isSearchable } from '../search-params.ts';
import { PlayerCard, TeamCard, TournamentRow } from './result-cards.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '5xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
});
const titleClass = css({
  fontFamily: 'display',
  fontSize: { base: '3xl', md: '5xl' },
  fontWeight: 'black',
  lineHeight: 'none',
  textTransform: 'uppercase',
});
const formClass = css({ display: 'flex', gap: '2', width: 'full' });
const inputClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l2',
  borderWidth: '1px',
  color: 'fg.default',
  flex: '1',
  minHeight: 'touch',
  minWidth: '0',
  px: '3',
  textStyle: 'md',
  _placeholder: { color: 'fg.subtle' },
  _focusVisible: { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0' },
});
const listClass = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
});
const tournamentListClass = css({ display: 'grid', gap: '3', gridTemplateColumns: 'minmax(0, 1fr)' });
const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const sectionHeadClass = css({ alignItems: 'center', display: 'flex', justifyContent: 'space-between', gap: '2' });
const sectionTitleClass = css({ fontSize: 'xl', fontWeight: 'black', textTransform: 'uppercase' });
const panelClass = css({
  alignItems: 'center',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderStyle: 'dashed',
  borderWidth: '2px',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  px: '4',
  py: '12',
  textAlign: 'center',
});
const panelTitleClass = css({ fontSize: '2xl', fontWeight: 'black' });
const mutedClass = css({ color: 'fg.muted' });
const quickClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'center' });
const tabsListClass = css({ overflowX: 'auto' });
const moreClass = css({ display: 'flex', justifyContent: 'center', mt: '4' });
const skeletonClass = css({ background: 'bg.subtle', borderRadius: 'l3', height: '20' });

export interface SearchPageProps {
  /** The query in the URL (trimmed); undefined before searching. */
  q: string | undefined;
  tab: SearchFilter;
  onSearch: (q: string) => void;
  onTabChange: (tab: SearchFilter) => void;
}

/** /search (001 Search, D30): the box, then 'Start Your Search' or the results in tabs. */
export function SearchPage({ q, tab, onSearch, onTabChange }: SearchPageProps) {
  return (
    <div className={pageClass}>
      <header className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <h1 className={titleClass}>Search</h1>
        {/* A new query in the URL (a quick search, Back) refills the box. */}
        <SearchBox key={q ?? ''} initial={q ?? ''} onSearch={onSearch} />
      </header>
      {q === undefined ? (
        <StartYourSearch onSearch={onSearch} />
      ) : isSearchable(q) ? (
        <Results q={q} tab={tab} onTabChange={onTabChange} />
      ) : (
        <Alert tone="danger" icon={<AlertTriangle />} title="Search query too long">
          <p>{SEARCH_TEXTS.queryTooLong}</p>
        </Alert>
      )}
    </div>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') onSearch(text.trim());
  };
  return (
    <form role="search" className={formClass} onSubmit={submit}>
      <label htmlFor={id}>
        <VisuallyHidden>Search players, teams and tournaments</VisuallyHidden>
      </label>
      <input
        id={id}
        type="search"
        name="q"
        className={inputClass}
        placeholder="Search players, teams, tournaments..."
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <Button type="submit">
        <SearchIcon aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}

function StartYourSearch({ onSearch }: { onSearch: (q: string) => void }) {
  return (
    <section className={panelClass} aria-labelledby="start-search">
      <SearchIcon aria-hidden="true" className={css({ color: 'fg.muted', height: '10', width: '10' })} />
      <h2 id="start-search" className={panelTitleClass}>
        Start Your Search
      </h2>
      <p className={mutedClass}>Find players, teams and tournaments across the league.</p>
      <div className={quickClass} role="group" aria-label="Quick searches">
        {QUICK_SEARCHES.map((quick) => (
          <Button key={quick} variant="outline" size="sm" onClick={() => onSearch(quick)}>
            {quick}
          </Button>
        ))}
      </div>
    </section>
  );
}

function NoResults() {
  return (
    <div className={panelClass}>
      <h2 className={panelTitleClass}>No Results Found</h2>
      <p className={mutedClass}>Try adjusting your search query or filters</p>
    </div>
  );
}

/** The tabs with their counts; the counts of the last answer for this query stay while another tab loads. */
function Results({ q, tab, onTabChange }: { q: string; tab: SearchFilter; onTabChange: (tab: SearchFilter) => void }) {
  const query = useInfiniteQuery(searchQueryOptions(q, tab));
  const first = query.data?.pages[0]?.result;
  // React's "state from earlier renders": the last counts of this query, adjusted during render (no effect).
  const [lastCounts, setLastCounts] = useState<{ q: string; result: SearchResult } | null>(null);
  if (first && lastCounts?.result !== first) setLastCounts({ q, result: first });
  const counted = first ?? (lastCounts?.q === q ? lastCounts.result : undefined);
  return (
    <TabsRoot
      value={tab}
      onValueChange={(details) => onTabChange(details.value as SearchFilter)}
      lazyMount
      unmountOnExit
    >
      <TabsList aria-label="Result types" className={tabsListClass}>
        {TABS.map((t) => (
          <TabsTrigger key={t.value} value={t.value}>
            {t.label}
            {counted ? ` (${countLabel(counted, t.count)})` : ''}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map((t) => (
        <TabsContent key={t.value} value={t.value}>
          {t.value === tab ? <TabResults query={query} tab={tab} onTabChange={onTabChange} /> : null}
        </TabsContent>
      ))}
    </TabsRoot>
  );
}

type SearchQuery = ReturnType<typeof useInfiniteQuery<unknown, Error, { pages: { result: SearchResult }[] }>>;

function TabResults({
  query,
  tab,
  onTabChange,
}: {
  query: SearchQuery;
  tab: SearchFilter;
  onTabChange: (tab: SearchFilter) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const pages = query.data?.pages ?? [];
  const users = pages.flatMap((p) => p.result.users);
  const teams = pages.flatMap((p) => p.result.teams);
  const tournaments = pages.flatMap((p) => p.result.tournaments);
  const shown = tab === 'players' ? users.length : tab === 'teams' ? teams.length : tournaments.length;
  const focus = useFocusNewItems(listRef, shown);

  if (query.isPending) {
    return (
      <div aria-busy="true" className={css({ display: 'grid', gap: '3', mt: '4' })}>
        <VisuallyHidden role="status">Searching</VisuallyHidden>
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className={skeletonClass} />
        ))}
      </div>
    );
  }
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <Alert tone="danger" icon={<AlertTriangle />} title="Search failed" className={css({ mt: '4' })}>
        <p>{getErrorMessage(query.error) ?? 'Something went wrong.'}</p>
        <Button variant="outline" size="sm" className={css({ mt: '2' })} onClick={() => void query.refetch()}>
          <RotateCw aria-hidden="true" />
          Try Again
        </Button>
      </Alert>
    );
  }

  const result = pages[0]!.result;
  if (tab === 'all') {
    if (users.length + teams.length + tournaments.length === 0) return <NoResults />;
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '8', mt: '4' })}>
        {users.length > 0 ? (
          <Section title="Players" more={result.counts.users > users.length ? () => onTabChange('players') : undefined}>
            <ul className={listClass}>
              {users.map((player) => (
                <li key={player.id}>
                  <PlayerCard player={player} />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        {teams.length > 0 ? (
          <Section title="Teams" more={result.counts.teams > teams.length ? () => onTabChange('teams') : undefined}>
            <ul className={listClass}>
              {teams.map((team) => (
                <li key={team.id}>
                  <TeamCard team={team} />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
        {tournaments.length > 0 ? (
          <Section
            title="Tournaments"
            more={result.counts.tournaments > tournaments.length ? () => onTabChange('tournaments') : undefined}
          >
            <ul className={tournamentListClass}>
              {tournaments.map((tournament) => (
                <li key={tournament.id}>
                  <TournamentRow tournament={tournament} />
                </li>
              ))}
            </ul>
          </Section>
        ) : null}
      </div>
    );
  }

  if (shown === 0) return <NoResults />;
  const loadMore = () => {
    if (query.isFetchingNextPage) return;
    focus.expectFrom(shown);
    void query.fetchNextPage().then((next) => {
      if (next.isError) focus.cancel();
    });
  };
  const label = TABS.find((t) => t.value === tab)!.label;
  return (
    <div className={css({ mt: '4' })}>
      <ul ref={listRef} className={tab === 'tournaments' ? tournamentListClass : listClass} aria-label={label}>
        {tab === 'players'
          ? users.map((player) => (
              <li key={player.id}>
                <PlayerCard player={player} />
              </li>
            ))
          : tab === 'teams'
            ? teams.map((team) => (
                <li key={team.id}>
                  <TeamCard team={team} />
                </li>
              ))
            : tournaments.map((tournament) => (
                <li key={tournament.id}>
                  <TournamentRow tournament={tournament} />
                </li>
              ))}
      </ul>
      <VisuallyHidden role="status">
        {query.isFetchingNextPage ? `Loading more ${label.toLowerCase()}` : `${shown} ${label.toLowerCase()} shown`}
      </VisuallyHidden>
      {query.isFetchNextPageError ? (
        <Alert tone="danger" icon={<AlertTriangle />} title="Could not load more" className={css({ mt: '4' })}>
          <p>{getErrorMessage(query.error) ?? 'Something went wrong.'}</p>
        </Alert>
      ) : null}
      {query.hasNextPage ? (
        <div className={moreClass}>
          <Button variant="outline" onClick={loadMore} aria-busy={query.isFetchingNextPage || undefined}>
            {query.isFetchingNextPage ? 'Loading...' : query.isFetchNextPageError ? 'Try Again' : 'Load More'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Section({ title, more, children }: { title: string; more: (() => void) | undefined; children: ReactNode }) {
  const id = useId();
  return (
    <section className={sectionClass} aria-labelledby={id}>
      <div className={sectionHeadClass}>
        <h2 id={id} className={sectionTitleClass}>
          {title}
        </h2>
        {more ? (
          <Button variant="ghost" size="sm" onClick={more}>
            View all<VisuallyHidden> {title.toLowerCase()}</VisuallyHidden>
          </Button>
        ) : null}
      </div>
      {children}
    </section>
  );
}
