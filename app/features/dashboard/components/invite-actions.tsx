import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { isUnauthorizedError } from '../../../lib/api-client.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { toastRequestError } from '../../../lib/error-toast.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { NeedsConnectionNote, useConnectionGate } from '../../../ui/needs-connection.tsx';
import { leaveForSignIn } from '../../../ui/sign-in-redirect.tsx';
import { toast } from '../../../ui/toast.tsx';
import { answerInvite } from '../mutations.ts';
import { currentTeamQueryOptions, myInvitesQueryOptions, type TeamInvite } from '../queries.ts';

const rowClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2', pt: '1' });
const noteClass = css({ color: 'fg.muted', textStyle: 'xs', fontWeight: 'semibold' });

const answered = { accepted: 'Accepted', declined: 'Declined', lapsed: 'Lapsed' } as const;

/**
 * D37: a team invite is answered from its notification. Open: Accept (joins the team) and Decline, with the day it
 * lapses; answered or lapsed: what became of it.
 */
export function InviteActions({ invite }: { invite: TeamInvite }) {
  const queryClient = useQueryClient();
  const gate = useConnectionGate();
  const answer = useMutation({
    mutationFn: (status: 'accepted' | 'declined') => answerInvite(invite.id, status),
    onSuccess: (updated) =>
      toast(
        updated.status === 'accepted'
          ? { title: 'Invite Accepted', description: `You joined ${updated.team.name}.` }
          : { title: 'Invite Declined', description: `You declined the invite from ${updated.team.name}.` },
      ),
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        void leaveForSignIn('/dashboard', {
          title: 'Unauthorized',
          description: 'You are logged out. Logging in again...',
          variant: 'destructive',
        });
        return;
      }
      toastRequestError(error, 'Error', 'Unable to answer the invite');
    },
    // Accepting lapses the other invites and puts a team on the profile card: both come from the server again.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: myInvitesQueryOptions.queryKey });
      await queryClient.invalidateQueries({ queryKey: currentTeamQueryOptions.queryKey });
    },
  });

  if (invite.status !== 'pending') {
    return (
      <div className={rowClass}>
        <Badge tone={invite.status === 'accepted' ? 'verified' : 'neutral'}>{answered[invite.status]}</Badge>
      </div>
    );
  }
  const busy = answer.isPending;
  const press = (status: 'accepted' | 'declined') => {
    if (!busy) answer.mutate(status);
  };
  return (
    <>
      <div className={rowClass}>
        <Button
          size="sm"
          aria-label={`Accept invite from ${invite.team.name}`}
          aria-disabled={busy || undefined}
          onClick={() => press('accepted')}
          {...gate.buttonProps}
        >
          <Check aria-hidden="true" />
          {busy && answer.variables === 'accepted' ? 'Joining…' : 'Accept'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Decline invite from ${invite.team.name}`}
          aria-disabled={busy || undefined}
          onClick={() => press('declined')}
          {...gate.buttonProps}
        >
          <X aria-hidden="true" />
          Decline
        </Button>
        <span className={noteClass}>Lapses {formatLongDate(invite.expiresAt)}</span>
      </div>
      <NeedsConnectionNote gate={gate} action="Answering an invite" />
    </>
  );
}
