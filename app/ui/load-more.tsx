import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { Button } from './button.tsx';
import { NeedsConnectionNote, useConnectionGate } from './needs-connection.tsx';

const moreClass = css({ alignItems: 'center', display: 'flex', flexDirection: 'column', gap: '2', mt: '8' });

export interface LoadMoreProps {
  /** The infinite query's paging state. */
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean };
  onLoadMore: () => void;
  /** What loading more does, for the no-connection note ('Loading more tournaments'). */
  action: string;
  /** Shown instead of the button when the next page failed (with its own Try Again). */
  error: ReactNode;
}

/**
 * 'Load More' under a list paged by the server: nothing once the last page is in, the failure of the next page in
 * its place, and offline a note that it needs a connection. Not disabled while loading: a disabled button would drop
 * the keyboard focus.
 */
export function LoadMore({ query, onLoadMore, action, error }: LoadMoreProps) {
  const gate = useConnectionGate();
  if (!query.hasNextPage && !query.isFetchNextPageError) return null;
  return (
    <div className={moreClass}>
      {query.isFetchNextPageError ? (
        error
      ) : (
        <>
          <Button
            variant="outline"
            onClick={onLoadMore}
            aria-disabled={query.isFetchingNextPage || undefined}
            {...gate.buttonProps}
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load More'}
          </Button>
          <NeedsConnectionNote gate={gate} action={action} />
        </>
      )}
    </div>
  );
}
