import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Check, RotateCw, X } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage, isUnauthorizedError } from '../../../lib/api-client.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { useFocusNewItems } from '../../../lib/focus-new-items.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { leaveForSignIn } from '../../../ui/sign-in-redirect.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { toast } from '../../../ui/toast.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { currentTeamQueryOptions, decideTransfer, transfersQueryOptions, type TransferRequest } from '../queries.ts';
import { decisionMessage, describeMove, playerName, transferStatusLabel } from '../transfer-display.ts';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const headingClass = css({ fontSize: '2xl', fontWeight: 'extrabold' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const itemClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '4',
});
const headClass = css({
  alignItems: 'center',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  justifyContent: 'space-between',
});
const titleClass = css({ fontWeight: 'bold', textStyle: 'md', overflowWrap: 'anywhere' });
const reasonClass = css({ fontStyle: 'italic', overflowWrap: 'anywhere' });
const metaClass = css({ color: 'fg.muted', textStyle: 'sm' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', pt: '1' });
const emptyClass = css({ color: 'fg.muted', py: '8', textAlign: 'center' });
const skeletonClass = css({
  animation: 'skeleton-pulse',
  background: 'bg.emphasized',
  borderRadius: 'l3',
  height: '24',
});
const moreClass = css({ alignItems: 'center', display: 'flex', flexDirection: 'column', gap: '2' });

const tones = { pending: 'accent', approved: 'verified', rejected: 'danger', cancelled: 'neutral' } as const;

/**
 * 'My Requests' (a player's own) or 'Incoming Requests' (an owner's to decide, D37, with Approve and Reject on the
 * pending ones): newest first, a page at a time. Empty: 'No transfer requests' (000 s2).
 */
export function RequestList({ title, decide }: { title: 'My Requests' | 'Incoming Requests'; decide: boolean }) {
  const query = useInfiniteQuery(transfersQueryOptions);
  const gate = useConnectionGate();
  const listRef = useRef<HTMLUListElement>(null);
  const requests = query.data?.pages.flatMap((page) => page.requests) ?? [];
  const focus = useFocusNewItems(listRef, requests.length);
  const decision = useDecision();
  const headingId = title === 'My Requests' ? 'my-requests' : 'incoming-requests';

  let body;
  if (query.isPending) {
    body = (
      <div aria-busy="true" className={listClass}>
        <VisuallyHidden role="status">Loading transfer requests</VisuallyHidden>
        <div aria-hidden="true" className={skeletonClass} />
        <div aria-hidden="true" className={skeletonClass} />
      </div>
    );
  } else if (query.isError && !query.isFetchNextPageError) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (requests.length === 0) {
    body = <p className={emptyClass}>No transfer requests</p>;
  } else {
    const loadMore = () => {
      if (query.isFetchingNextPage) return;
      focus.expectFrom(requests.length);
      void query.fetchNextPage().then((result) => {
        if (result.isError) focus.cancel();
      });
    };
    body = (
      <>
        <ul ref={listRef} className={listClass} aria-labelledby={headingId}>
          {requests.map((request) => (
            <li key={request.id} className={itemClass}>
              <RequestItem
                request={request}
                owner={decide}
                actions={
                  decide && request.status === 'pending' ? (
                    <div className={actionsClass}>
                      {(['approved', 'rejected'] as const).map((status) => (
                        <Button
                          key={status}
                          size="sm"
                          variant={status === 'approved' ? 'solid' : 'outline'}
                          tone={status === 'rejected' ? 'danger' : undefined}
                          aria-label={`${status === 'approved' ? 'Approve' : 'Reject'} ${playerName(request)}'s request`}
                          aria-disabled={decision.busy === request.id || undefined}
                          onClick={() => decision.decide(request, status)}
                          {...gate.buttonProps}
                        >
                          {status === 'approved' ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
                          {status === 'approved' ? 'Approve' : 'Reject'}
                        </Button>
                      ))}
                    </div>
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
        {decide ? <NeedsConnectionNote gate={gate} action="Approving or rejecting a request" /> : null}
        {query.hasNextPage || query.isFetchNextPageError ? (
          <div className={moreClass}>
            {query.isFetchNextPageError ? (
              <LoadError error={query.error} onRetry={loadMore} />
            ) : (
              <Button variant="outline" onClick={loadMore} aria-disabled={query.isFetchingNextPage || undefined}>
                {query.isFetchingNextPage ? 'Loading…' : 'Load More'}
              </Button>
            )}
          </div>
        ) : null}
      </>
    );
  }
  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <h2 id={headingId} className={headingClass}>
        {title}
      </h2>
      {body}
    </section>
  );
}

function RequestItem({ request, owner, actions }: { request: TransferRequest; owner: boolean; actions: ReactNode }) {
  const name = playerName(request);
  return (
    <>
      <div className={headClass}>
        <h3 className={titleClass}>
          {owner ? (
            <>
              <TextLink href={`/player/${encodeURIComponent(request.player.id)}`}>{name}</TextLink>:{' '}
            </>
          ) : null}
          {describeMove(request)}
        </h3>
        <Badge tone={tones[request.status]}>{transferStatusLabel(request.status)}</Badge>
      </div>
      {request.reason ? <p className={reasonClass}>“{request.reason}”</p> : null}
      <p className={metaClass}>
        Submitted {formatLongDate(request.createdAt)}
        {request.decidedAt ? ` · ${transferStatusLabel(request.status)} ${formatLongDate(request.decidedAt)}` : ''}
        {request.status === 'cancelled' ? ` · ${owner ? 'The player' : 'You'} left ${request.fromTeam.name} first` : ''}
      </p>
      {actions}
    </>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert role="alert" tone="danger" title="Failed to load transfer requests" icon={<AlertTriangle />}>
      <p>{getErrorMessage(error) ?? 'Please check your connection and try again.'}</p>
      <Button className={css({ mt: '2' })} variant="outline" tone="danger" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try Again
      </Button>
    </Alert>
  );
}

/** Approve or Reject: the list shows the server's answer ('Transfer Updated', 000 s8), errors as the catalogue says. */
function useDecision() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ request, status }: { request: TransferRequest; status: 'approved' | 'rejected' }) =>
      decideTransfer(request.id, status),
    onMutate: ({ request }) => setBusy(request.id),
    onSettled: async () => {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: transfersQueryOptions.queryKey });
      await queryClient.invalidateQueries({ queryKey: currentTeamQueryOptions.queryKey });
      // The owner page's rosters (its own cache key): an approval changed one.
      await queryClient.invalidateQueries({ queryKey: ['/api/teams/my-teams'] });
    },
    onSuccess: (updated) => toast({ title: 'Transfer Updated', description: decisionMessage(updated) }),
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        void leaveForSignIn('/transfer-portal', {
          title: 'Unauthorized',
          description: 'You are logged out. Logging in again...',
          variant: 'destructive',
        });
        return;
      }
      toastRequestError(error, 'Error', 'Unable to update the transfer request');
    },
  });
  return {
    busy,
    decide: (request: TransferRequest, status: 'approved' | 'rejected') => {
      if (busy === null) mutation.mutate({ request, status });
    },
  };
}
