import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage, isUnauthorizedError } from '../../../lib/api-client.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { useFocusNewItems } from '../../../lib/focus-new-items.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { leaveForSignIn } from '../../../ui/sign-in-redirect.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { toast } from '../../../ui/toast.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import type { PoolSearch } from '../free-agency-display.ts';
import {
  freeAgencyQueryOptions,
  sendInvite,
  sentInvitesQueryOptions,
  type FreeAgent,
  type TeamInvite,
} from '../queries.ts';
import { FreeAgentCard, FreeAgentCardSkeleton } from './free-agent-card.tsx';
import { PoolFilters } from './pool-filters.tsx';

const pageClass = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
  maxWidth: '7xl',
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
const leadClass = css({ color: 'fg.muted', mt: '2', textStyle: 'lg' });
const gridClass = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
});
const moreClass = css({ alignItems: 'center', display: 'flex', flexDirection: 'column', gap: '2', mt: '4' });
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
const retryClass = css({ mt: '2' });

export interface FreeAgencyPageProps {
  filters: PoolSearch;
  /** Only what changed (the route merges it into the latest address). */
  onFiltersChange: (patch: Partial<PoolSearch>) => void;
  /**
   * Owners (D37): the team their invites are for, or null when they have none yet. Absent for players and admins,
   * who browse without inviting.
   */
  inviteTeam?: { id: number; name: string } | null;
}

/** /free-agency (000 s2): the players without a team, searched and filtered on the server, a page at a time. */
export function FreeAgencyPage({ filters, onFiltersChange, inviteTeam }: FreeAgencyPageProps) {
  return (
    <div className={pageClass}>
      <header>
        <h1 className={titleClass}>Free Agency Pool</h1>
        <p className={leadClass}>
          {inviteTeam
            ? `Players without a team. Invite the ones you want on ${inviteTeam.name}.`
            : 'Players without a team, ready to be scouted.'}
        </p>
      </header>
      {inviteTeam === null ? (
        <Alert tone="verified" title="Create your team to invite players">
          <p>
            Free agents join a team by invite. <TextLink href="/teams">Create your team</TextLink> first, then invite
            players from here.
          </p>
        </Alert>
      ) : null}
      <PoolFilters filters={filters} onChange={onFiltersChange} />
      <PoolPages filters={filters} inviteTeam={inviteTeam ?? null} />
    </div>
  );
}

/**
 * One set of filters' list (the key is its first page's URL). 'Load More' appends the next page and moves the focus
 * to the first new card; a status line says how many are shown.
 */
function PoolPages({ filters, inviteTeam }: { filters: PoolSearch; inviteTeam: { id: number; name: string } | null }) {
  const query = useInfiniteQuery(freeAgencyQueryOptions(filters));
  const gate = useConnectionGate();
  const listRef = useRef<HTMLUListElement>(null);
  const players = query.data?.pages.flatMap((page) => page.players) ?? [];
  const focus = useFocusNewItems(listRef, players.length);
  const invites = useInvites(inviteTeam);

  if (query.isPending) {
    return (
      <div aria-busy="true">
        <VisuallyHidden role="status">Loading free agents</VisuallyHidden>
        <div className={gridClass}>
          {Array.from({ length: 6 }, (_, i) => (
            <FreeAgentCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }
  if (query.isError && !query.isFetchNextPageError) {
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }

  const loadMore = () => {
    if (query.isFetchingNextPage) return;
    focus.expectFrom(players.length);
    void query.fetchNextPage().then((result) => {
      if (result.isError) focus.cancel();
    });
  };
  return (
    <section aria-label="Free agents">
      {players.length === 0 ? (
        <p className={emptyClass}>No players found matching your criteria</p>
      ) : (
        <ul ref={listRef} className={gridClass} aria-label="Free agents">
          {players.map((player) => (
            <li key={player.id}>
              <FreeAgentCard player={player} invite={invites?.stateFor(player)} />
            </li>
          ))}
        </ul>
      )}
      <VisuallyHidden role="status">
        {query.isFetchingNextPage
          ? 'Loading more free agents'
          : players.length > 0
            ? `Showing ${players.length} ${players.length === 1 ? 'player' : 'players'}`
            : ''}
      </VisuallyHidden>
      {invites ? <NeedsConnectionNote gate={invites.gate} action="Inviting a player" /> : null}
      {query.hasNextPage || query.isFetchNextPageError ? (
        <div className={moreClass}>
          {query.isFetchNextPageError ? (
            <LoadError error={query.error} onRetry={loadMore} />
          ) : (
            <>
              <Button
                variant="outline"
                onClick={loadMore}
                aria-disabled={query.isFetchingNextPage || undefined}
                {...gate.buttonProps}
              >
                {query.isFetchingNextPage ? 'Loading…' : 'Load More'}
              </Button>
              <NeedsConnectionNote gate={gate} action="Loading more players" />
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert role="alert" tone="danger" title="Failed to load free agents" icon={<AlertTriangle />}>
      <p>{getErrorMessage(error) ?? 'Please check your connection and try again.'}</p>
      <Button className={retryClass} variant="outline" tone="danger" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" />
        Try Again
      </Button>
    </Alert>
  );
}

/**
 * The owner's side of the cards: who is invited already (their teams' open invites), and Invite, whose answer the
 * card shows at once. Null for everyone who does not invite.
 */
function useInvites(team: { id: number; name: string } | null) {
  const queryClient = useQueryClient();
  const gate = useConnectionGate();
  const sent = useQuery({ ...sentInvitesQueryOptions, enabled: team !== null });
  const [sending, setSending] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (player: FreeAgent) => sendInvite(team!.id, player.id),
    onMutate: (player) => setSending(player.id),
    onSettled: () => setSending(null),
    onSuccess: (created, player) => {
      queryClient.setQueryData<TeamInvite[]>(sentInvitesQueryOptions.queryKey, (list = []) => [created, ...list]);
      toast({
        title: 'Invite Sent',
        description: `${player.firstName} ${player.lastName} can accept or decline from their dashboard.`,
      });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        void leaveForSignIn('/free-agency', {
          title: 'Unauthorized',
          description: 'You are logged out. Logging in again...',
          variant: 'destructive',
        });
        return;
      }
      toastRequestError(error, 'Invite Failed', 'Unable to send the invite');
      // The server knows best who is invited or on a team now.
      void queryClient.invalidateQueries({ queryKey: sentInvitesQueryOptions.queryKey });
    },
  });
  if (!team) return null;
  const invited = new Set((sent.data ?? []).filter((i) => i.team.id === team.id).map((i) => i.player.id));
  return {
    gate,
    stateFor: (player: FreeAgent) => ({
      invited: invited.has(player.id),
      sending: sending === player.id,
      disabledProps: gate.buttonProps,
      onInvite: () => invite.mutate(player),
    }),
  };
}
