import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, ListOrdered } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import type { WaitlistPlace } from '../../../../edge/features/waitlist/schema.ts';
import { apiRequest, getErrorMessage } from '../../../lib/api-client.ts';
import { useDisplayDates } from '../../../lib/dates.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { tournamentQueryOptions, waitlistPlaceQueryOptions, waitlistQueryOptions } from '../queries.ts';

const wrapClass = css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' });
const noteClass = css({ color: 'fg.muted', textStyle: 'sm' });

export interface WaitlistPanelProps {
  tournamentId: number;
  /** A team tournament: the team the owner puts in line (D42 with D22). */
  teamId?: number;
  /** Register (the offered spot is taken through the ordinary registration and checkout). */
  register: () => void;
  registerLabel: string;
  busy: boolean;
  offline: boolean;
}

/**
 * D42 where Register would be on a full tournament: Join Waitlist, the member's place in line and Leave Waitlist, and
 * when a spot is offered, until when it is held and Register to take it.
 */
export default function WaitlistPanel({ tournamentId, teamId, register, registerLabel, busy, offline }: WaitlistPanelProps) {
  const queryClient = useQueryClient();
  const { longDateTime } = useDisplayDates();
  const options = waitlistPlaceQueryOptions(tournamentId);
  const place = useQuery(options);
  const change = useMutation({
    mutationFn: async (join: boolean) => {
      const res = await apiRequest(join ? 'POST' : 'DELETE', `/api/tournaments/${tournamentId}/waitlist`, join ? { teamId } : undefined);
      return join ? ((await res.json()) as WaitlistPlace) : null;
    },
    onSuccess: async (answer, join) => {
      queryClient.setQueryData(options.queryKey, answer);
      toast({ title: join ? 'Joined Waitlist' : 'Left Waitlist' });
      await queryClient.invalidateQueries({ queryKey: tournamentQueryOptions(tournamentId).queryKey, exact: true });
    },
    onError: (error) =>
      toast({ title: 'Error', description: getErrorMessage(error) ?? 'An unexpected error occurred', variant: 'destructive' }),
  });
  if (place.isPending) return <p className={noteClass}>Loading the waitlist...</p>;
  const mine = place.data ?? null;
  const disabled = offline || change.isPending;

  if (mine?.state === 'offered' && mine.offerExpiresAt) {
    return (
      <Alert tone="verified" title="A spot is held for you" icon={<Clock />}>
        <p>
          Register by <strong>{longDateTime(mine.offerExpiresAt)}</strong> to take it: after that it passes to the next on
          the waitlist.
        </p>
        <Button disabled={busy || offline} onClick={register}>
          {busy ? 'Redirecting to checkout...' : registerLabel}
        </Button>
      </Alert>
    );
  }
  return (
    <div className={wrapClass}>
      {mine ? (
        <>
          <p>
            <ListOrdered aria-hidden="true" className={css({ display: 'inline', mr: '1', verticalAlign: 'middle' })} />
            {`You're number ${mine.place} on the waitlist`}
          </p>
          <p className={noteClass}>When a spot opens it is held for you for 30 minutes, and you are notified.</p>
          <Button variant="outline" disabled={disabled} onClick={() => change.mutate(false)}>
            Leave Waitlist
          </Button>
        </>
      ) : (
        <>
          <p>This tournament is full - join the waitlist</p>
          <Button size="lg" disabled={disabled} onClick={() => change.mutate(true)}>
            Join Waitlist
          </Button>
        </>
      )}
    </div>
  );
}

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '1', textStyle: 'sm' });

/** D42, the host's and admins' view of the line (Registration tab): place, name, waiting or offered until when. */
export function HostWaitlist({ tournamentId }: { tournamentId: number }) {
  const { longDateTime } = useDisplayDates();
  const line = useQuery(waitlistQueryOptions(tournamentId));
  if (!line.data || line.data.length === 0) return null;
  return (
    <section className={wrapClass} aria-labelledby="host-waitlist">
      <h3 id="host-waitlist" className={css({ fontWeight: 'bold' })}>{`Waitlist (${line.data.length})`}</h3>
      <ol className={listClass}>
        {line.data.map((e) => (
          <li key={e.id}>
            {`${e.place}. ${e.name}`}
            {e.offerExpiresAt ? <span className={noteClass}>{` - offered until ${longDateTime(e.offerExpiresAt)}`}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
