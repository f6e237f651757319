import { useState } from 'react';
import { CalendarCheck, CircleCheck, Clock, CloudUpload, Lock } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { checkInWindow } from '../../../../edge/features/check-in/constants.ts';
import { useDisplayDates } from '../../../lib/dates.ts';
import { useRenderNow } from '../../../lib/render-env.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useOutbox } from '../../../lib/use-outbox.ts';
import { sendCheckIn } from '../check-in.ts';

const actionClass = css({ mt: '3', width: { base: 'full', sm: 'auto' } });

export interface CheckInPanelProps {
  tournamentId: number;
  title: string;
  startDate: string;
  /** When the entrant (or their team) checked in; null until then. */
  checkedInAt: string | null;
  /** The signed-in user: the outbox sends their check-in under their session only. */
  userId: string;
  /** A team entry (checked in by its owner or a captain): the team's name, which the texts then speak of. */
  team?: string;
}

/**
 * D39 on the Registration tab: when check-in opens and closes, the Check In button inside the window, and what
 * became of it. The check-in goes through the outbox (online too): with no signal it waits on the device ('waiting
 * to send') and counts if the server receives it before the close.
 */
export function CheckInPanel({ tournamentId, title, startDate, checkedInAt: saved, userId, team }: CheckInPanelProps) {
  const now = useRenderNow(15_000);
  const { longDateTime } = useDisplayDates();
  const [busy, setBusy] = useState(false);
  // The server's answer, shown at once while the registrations are read again.
  const [answered, setAnswered] = useState<string | null>(null);
  const checkedInAt = saved ?? answered;
  const outbox = useOutbox(userId);
  const url = `/api/tournaments/${tournamentId}/check-in`;
  const waiting = (outbox.entries ?? []).some((e) => e.kind === 'tournament-check-in' && e.url === url && e.state !== 'failed');
  const { opensAt, closesAt } = checkInWindow(new Date(startDate));

  if (checkedInAt) {
    return (
      <Alert tone="verified" title={team ? `${team} is checked in` : "You're checked in"} icon={<CircleCheck />}>
        <p>
          Checked in at <strong>{longDateTime(new Date(checkedInAt))}</strong>. Watch the Bracket tab for your first match.
        </p>
      </Alert>
    );
  }
  if (waiting) {
    return (
      <Alert tone="neutral" title="Check-in waiting to send" icon={<CloudUpload />} role="status">
        <p>
          {team ? `${team}'s` : 'Your'} check-in is saved on this device and is sent when the connection returns. It counts if it arrives before{' '}
          <strong>{longDateTime(closesAt)}</strong>.
        </p>
      </Alert>
    );
  }
  if (now < opensAt) {
    return (
      <Alert
        tone="verified"
        title={team ? `${team} is registered for this tournament` : "You're registered for this tournament"}
        icon={<CalendarCheck />}
      >
        <p>
          Check in between <strong>{longDateTime(opensAt)}</strong> and <strong>{longDateTime(closesAt)}</strong>. Entrants
          who have not checked in by then are withdrawn as no-shows.
        </p>
      </Alert>
    );
  }
  if (now >= closesAt) {
    return (
      <Alert tone="danger" title="Check-in has closed" icon={<Lock />}>
        <p>Check-in for {title} closed at {longDateTime(closesAt)}.</p>
      </Alert>
    );
  }

  const checkIn = () => {
    setBusy(true);
    void sendCheckIn(tournamentId, userId)
      .then((outcome) => {
        if (outcome.state === 'checked-in') {
          setAnswered(outcome.answer?.checkedInAt ?? new Date().toISOString());
          toast({ title: 'Checked In', description: `${team ? `${team} is` : "You're"} checked in for ${title}.` });
        } else if (outcome.state === 'queued')
          toast({
            title: 'Check-in waiting to send',
            description: 'It is sent when the connection returns, and counts if it arrives before check-in closes.',
          });
        else toast({ title: 'Check-in Failed', description: outcome.message, variant: 'destructive' });
      })
      .catch((error: unknown) =>
        toast({
          title: 'Check-in Failed',
          description: error instanceof Error ? error.message : 'An unexpected error occurred',
          variant: 'destructive',
        }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Alert tone="verified" title="Check-in is open" icon={<Clock />}>
      <p>
        Check {team ? `${team} ` : ''}in by <strong>{longDateTime(closesAt)}</strong>, or {team ? 'it' : 'you'} will be
        withdrawn as a no-show.
      </p>
      <Button className={actionClass} disabled={busy} onClick={checkIn}>
        {busy ? 'Checking in...' : 'Check In'}
      </Button>
    </Alert>
  );
}
