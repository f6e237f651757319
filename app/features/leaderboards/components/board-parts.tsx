import { AlertTriangle, Medal, RotateCw } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { css, cx } from '../../../../styled-system/css';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { medalOf } from '../leaderboard-display.ts';

/** What the boards' tables share: dense rows, numbers lined up, columns that only wide screens show. */
export const tableClass = css({
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  width: 'full',
  '& th, & td': {
    borderBottomWidth: '1px',
    borderColor: 'border.default',
    px: { base: '2', sm: '3' },
    py: '2.5',
    textAlign: 'start',
    verticalAlign: 'middle',
  },
  '& thead th': { color: 'fg.muted', fontWeight: 'bold', textStyle: 'xs', textTransform: 'uppercase' },
  '& .num': { textAlign: 'end', whiteSpace: 'nowrap' },
  // At 360 px a row keeps rank, name and the tab's figure; the rest rides under the name.
  '& .wide': { display: { base: 'none', md: 'table-cell' } },
  '& .narrow': { display: { base: 'block', md: 'none' } },
});
export const wrapClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  overflowX: 'auto',
});
export const nameCellClass = css({ alignItems: 'center', display: 'flex', gap: '3', minWidth: '0' });
export const nameRowClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', columnGap: '2' });
export const nameLinkClass = css({
  alignItems: 'center',
  display: 'inline-flex',
  fontWeight: 'bold',
  // A 44 px target on a dense row.
  minHeight: 'touch',
  overflowWrap: 'anywhere',
});
export const subClass = css({ color: 'fg.muted', textStyle: 'sm' });
export const figureClass = css({ fontWeight: 'black' });

const rankClass = css({
  alignItems: 'center',
  display: 'inline-flex',
  fontWeight: 'bold',
  gap: '1',
  whiteSpace: 'nowrap',
});
const medalClass = {
  gold: css({ color: 'sponsorTier.gold' }),
  silver: css({ color: 'sponsorTier.silver' }),
  bronze: css({ color: 'sponsorTier.bronze' }),
};
const medalIconClass = css({ height: '5', width: '5' });

/** A rank; the top three wear a medal, named in words for screen readers (not colour alone). */
export function RankCell({ rank }: { rank: number }) {
  const medal = medalOf(rank);
  return (
    <span className={rankClass}>
      {medal ? <Medal aria-hidden="true" className={cx(medalIconClass, medalClass[medal])} /> : null}
      {rank}
      {medal ? <VisuallyHidden>{` (${medal} medal)`}</VisuallyHidden> : null}
    </span>
  );
}

const skeletonRowClass = css({
  animation: 'skeleton-pulse',
  background: 'bg.emphasized',
  borderRadius: 'l2',
  height: '12',
});
const skeletonClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });

/** Rows of grey while the first page loads. */
export function BoardSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <div className={skeletonClass}>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className={skeletonRowClass} />
        ))}
      </div>
    </div>
  );
}

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

export function BoardEmpty({ children }: { children: ReactNode }) {
  return <p className={emptyClass}>{children}</p>;
}

const actionClass = css({ mt: '2' });

/** A failed fetch: the server's message when there is one, and Try Again. */
export function BoardError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const message = getErrorMessage(error);
  return (
    <Alert role="alert" tone="danger" title={title} icon={<AlertTriangle />}>
      {message ? <p>{message}</p> : null}
      <Button className={actionClass} variant="outline" tone="danger" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try Again
      </Button>
    </Alert>
  );
}

const moreClass = css({ alignItems: 'center', display: 'flex', flexDirection: 'column', gap: '2', mt: '6' });

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<{ isError: boolean }>;
}

/**
 * 'Load more' under a board: the next page is appended (the scroll position stays), then the first new row's link
 * takes the focus so a keyboard user carries on where the new rows start; a status line says how many are shown.
 */
export function LoadMore({
  query,
  count,
  noun,
  bodyRef,
}: {
  query: PagedQuery;
  count: number;
  noun: string;
  bodyRef: RefObject<HTMLTableSectionElement | null>;
}) {
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    bodyRef.current?.rows[from]?.querySelector<HTMLElement>('a[href]')?.focus({ preventScroll: true });
  }, [bodyRef, count]);

  const loadMore = () => {
    if (query.isFetchingNextPage) return;
    focusFrom.current = count;
    void query.fetchNextPage().then((result) => {
      if (result.isError) focusFrom.current = null;
    });
  };
  return (
    <>
      <VisuallyHidden role="status">
        {query.isFetchingNextPage ? `Loading more ${noun}` : count > 0 ? `Showing ${count} ${noun}` : ''}
      </VisuallyHidden>
      {query.hasNextPage || query.isFetchNextPageError ? (
        <div className={moreClass}>
          {query.isFetchNextPageError ? (
            <BoardError title={`Failed to load more ${noun}`} error={query.error} onRetry={loadMore} />
          ) : (
            <Button
              variant="outline"
              onClick={loadMore}
              // Not disabled while loading: a disabled button would drop the keyboard focus.
              aria-disabled={query.isFetchingNextPage || undefined}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          )}
        </div>
      ) : null}
    </>
  );
}
