import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Vote } from 'lucide-react';
import { useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { toast } from '../../../ui/toast.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { myMvpVoteQueryOptions, mvpPlayersQueryOptions, mvpResultsQueryOptions, voteMvp, type MyMvpVote } from '../queries.ts';
import { MvpPlayerGrid } from './mvp-player-grid.tsx';
import { MvpResults } from './mvp-results.tsx';

const panelClass = css({ display: 'flex', flexDirection: 'column', gap: '6', pt: '2' });
const titleClass = css({ fontSize: '2xl', fontWeight: 'extrabold' });
const mutedClass = css({ color: 'fg.muted' });
const emptyClass = css({ color: 'fg.muted', py: '8', textAlign: 'center' });
const actionClass = css({ display: 'flex', flexDirection: 'column', alignItems: { base: 'stretch', sm: 'flex-start' } });
const doneClass = css({ borderRadius: 'l3', _focusVisible: { outline: '[3px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' } });
const skeletonClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3', height: '40' });

export interface MvpTabProps {
  tournamentId: number;
  signedIn: boolean;
  /** D6: admins also see the ranked results. */
  isAdmin: boolean;
  /** Sends a guest to /register after the 'Authentication Required' toast (000 s8). */
  onGuestRedirect: () => void;
}

/** The MVP Voting tab (000 s2, s5, s8): shown only while the tournament is live. */
export default function MvpTab({ tournamentId, signedIn, isAdmin, onGuestRedirect }: MvpTabProps) {
  const queryClient = useQueryClient();
  const players = useQuery(mvpPlayersQueryOptions(tournamentId));
  const myVote = useQuery({ ...myMvpVoteQueryOptions(tournamentId), enabled: signedIn });
  const [selected, setSelected] = useState<string | null>(null);
  const gate = useConnectionGate();
  // The ballot (and the button that was pressed) gives way to 'Vote Submitted': focus follows it there.
  const doneRef = useRef<HTMLDivElement>(null);

  const vote = useMutation({
    mutationFn: (playerId: string) => voteMvp(tournamentId, playerId),
    onSuccess: async () => {
      toast({ title: 'Vote Submitted', description: 'Thank you for voting! Results will be announced after the tournament.' });
      const voted: MyMvpVote = { hasVoted: true };
      queryClient.setQueryData(myMvpVoteQueryOptions(tournamentId).queryKey, voted);
      requestAnimationFrame(() => doneRef.current?.focus());
      await queryClient.invalidateQueries({ queryKey: mvpResultsQueryOptions(tournamentId).queryKey });
    },
    onError: async (error) => {
      toast({
        title: 'Vote Failed',
        description:
          getErrorStatus(error) === undefined ? 'An unexpected error occurred' : (getErrorMessage(error) ?? 'Unable to submit your vote'),
        variant: 'destructive',
      });
      // An "already voted" refusal is news: show the tab as it is now.
      await queryClient.invalidateQueries({ queryKey: myMvpVoteQueryOptions(tournamentId).queryKey });
    },
  });

  const submit = () => {
    // 000 s5: a player must be selected; the user must be logged in.
    if (!selected) {
      toast({ title: 'Select a Player', description: 'Please select a player to vote for MVP', variant: 'destructive' });
      return;
    }
    if (!signedIn) {
      toast({ title: 'Authentication Required', description: 'Please log in to vote for MVP', variant: 'destructive' });
      onGuestRedirect();
      return;
    }
    vote.mutate(selected);
  };

  let body;
  if (players.isPending || (signedIn && myVote.isPending)) {
    body = (
      <div aria-busy="true">
        <VisuallyHidden role="status">Loading players</VisuallyHidden>
        <div className={skeletonClass} aria-hidden="true" />
      </div>
    );
  } else if (players.isError) {
    body = (
      <Alert role="alert" tone="danger" title="Failed to load players" icon={<AlertTriangle />}>
        <p>{getErrorMessage(players.error) ?? 'Please try refreshing the page'}</p>
      </Alert>
    );
  } else if (myVote.data?.hasVoted) {
    body = (
      <div ref={doneRef} tabIndex={-1} className={doneClass}>
        <Alert tone="verified" title="Vote Submitted" icon={<CheckCircle2 />}>
          <p>Thank you for voting! Results will be announced after the tournament.</p>
        </Alert>
      </div>
    );
  } else if (players.data.length === 0) {
    body = <p className={emptyClass}>No players registered yet</p>;
  } else {
    body = (
      <>
        <MvpPlayerGrid players={players.data} selected={selected} onSelect={setSelected} disabled={vote.isPending} />
        <div className={actionClass}>
          <Button size="lg" onClick={submit} disabled={vote.isPending || gate.offline} {...gate.buttonProps}>
            <Vote aria-hidden="true" />
            {vote.isPending ? 'Submitting...' : 'Submit MVP Vote'}
          </Button>
          <NeedsConnectionNote gate={gate} action="Voting" />
        </div>
      </>
    );
  }

  return (
    <div className={panelClass}>
      <div>
        <h2 className={titleClass}>MVP Voting</h2>
        <p className={mutedClass}>Vote for the player of the tournament: one vote per member.</p>
      </div>
      {body}
      {isAdmin ? <MvpResults tournamentId={tournamentId} /> : null}
    </div>
  );
}
