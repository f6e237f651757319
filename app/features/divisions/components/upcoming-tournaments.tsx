import { useInfiniteQuery } from '@tanstack/react-query';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import type { Division } from '../../../../edge/features/tournaments/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useFocusNewItems } from '../../../lib/focus-new-items.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { divisionUpcomingQueryOptions } from '../queries.ts';
import { DivisionTournamentCard } from './division-tournament-card.tsx';
import { gridClass } from './styles.ts';

const moreClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2' });

/**
 * A division's live and upcoming tournaments, a page at a time (ADR 025): the first page comes with the division;
 * 'Load More' appends the next one below (the scroll position stays) and moves focus to its first card, as the
 * tournament list does. Nothing is fetched until asked, and the button needs a connection.
 */
export function UpcomingTournaments({ division }: { division: Division }) {
  const after = division.upcomingNextCursor;
  const [asked, setAsked] = useState(false);
  const more = useInfiniteQuery({
    ...divisionUpcomingQueryOptions(division.slug, after ?? ''),
    enabled: asked && after !== null,
  });
  const gate = useConnectionGate();
  const listRef = useRef<HTMLUListElement>(null);
  const list = [...division.upcoming, ...(more.data?.pages.flatMap((page) => page.tournaments) ?? [])];
  const loading = asked && (more.isPending || more.isFetchingNextPage) && !more.isError;
  const failed = more.isError;
  const hasMore = after !== null && (!more.data || more.hasNextPage);

  const focus = useFocusNewItems(listRef, list.length);

  const loadMore = () => {
    if (loading) return;
    focus.expectFrom(list.length);
    if (!asked) setAsked(true);
    else if (more.isError && !more.data) void more.refetch();
    else void more.fetchNextPage();
  };

  return (
    <>
      <ul className={gridClass} ref={listRef}>
        {list.map((tournament) => (
          <li key={tournament.id}>
            <DivisionTournamentCard tournament={tournament} />
          </li>
        ))}
      </ul>
      <VisuallyHidden role="status">
        {loading ? 'Loading more tournaments' : asked ? `Showing ${list.length} tournaments` : ''}
      </VisuallyHidden>
      {failed ? (
        <Alert role="alert" tone="danger" title="Failed to fetch tournaments" icon={<AlertTriangle />}>
          {getErrorMessage(more.error) ? <p>{getErrorMessage(more.error)}</p> : null}
          <Button className={css({ mt: '2' })} variant="outline" tone="danger" size="sm" onClick={loadMore}>
            <RotateCw aria-hidden="true" />
            Try Again
          </Button>
        </Alert>
      ) : hasMore ? (
        <div className={moreClass}>
          <Button
            variant="outline"
            onClick={loadMore}
            // Not disabled while loading: a disabled button would drop the keyboard focus.
            aria-disabled={loading || undefined}
            {...gate.buttonProps}
          >
            {loading ? 'Loading…' : 'Load More'}
          </Button>
          <NeedsConnectionNote gate={gate} action="Loading more tournaments" />
        </div>
      ) : null}
    </>
  );
}
