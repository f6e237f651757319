import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { CircleCheck, CircleX, History, UserCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { checkInEntrantAtDoor, findEntrants, type DoorEntrant } from '../entrants.ts';

const sectionClass = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const h2Class = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold' });
const mutedClass = css({ color: 'fg.muted', textStyle: 'sm' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', p: '0' });
const rowClass = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  px: '3',
  py: '2',
  minHeight: 'touch',
});
const nameClass = css({ fontWeight: 'semibold', overflowWrap: 'anywhere' });

/** What the door says about one entrant it checked (a tap on the list, or a scanned pass). */
export type EntrantResult =
  | { status: 'checked-in'; name: string; queued: boolean }
  | { status: 'already'; name: string; at: string }
  | { status: 'unknown' }
  | { status: 'refused'; message: string };

/** The door's answer for an entrant, read out at once (the screen's assertive live region holds it). */
export function EntrantVerdict({ result }: { result: EntrantResult }) {
  if (result.status === 'checked-in') {
    return (
      <Alert tone="verified" title={`Checked in: ${result.name}`} icon={<CircleCheck />} data-verdict="entrant-valid">
        <p>{result.queued ? 'Saved on this device: sent when the connection returns.' : 'The entrant is checked in.'}</p>
      </Alert>
    );
  }
  if (result.status === 'already') {
    return (
      <Alert tone="neutral" title={`Already checked in: ${result.name}`} icon={<History />}>
        <p>Checked in at {formatLongDateTime(result.at)}.</p>
      </Alert>
    );
  }
  return (
    <Alert tone="danger" title={result.status === 'unknown' ? 'Not an entrant' : 'Check-in refused'} icon={<CircleX />}>
      <p>
        {result.status === 'unknown'
          ? 'This entry pass is not for this tournament, or its entry was cancelled.'
          : result.message}
      </p>
    </Alert>
  );
}

/** Checks one entrant in and says what happened (shared by the list's buttons and the pass scan). */
export async function checkInEntrant(
  client: ReturnType<typeof useQueryClient>,
  input: { tournamentId: number; userId: string; entrant: DoorEntrant },
): Promise<EntrantResult> {
  const { entrant } = input;
  if (entrant.checkedInAt) return { status: 'already', name: entrant.name, at: entrant.checkedInAt };
  const outcome = await checkInEntrantAtDoor(client, {
    tournamentId: input.tournamentId,
    registrationId: entrant.registrationId,
    userId: input.userId,
  });
  if (outcome.state === 'refused') return { status: 'refused', message: outcome.message };
  return { status: 'checked-in', name: entrant.name, queued: outcome.state === 'queued' };
}

/**
 * D39 at the door: the tournament's entrants by name, each checked in with one tap (online, or saved and sent when the
 * connection returns), with how many have checked in. The list is saved on the device for a venue with no signal.
 */
export function DoorEntrants({
  tournamentId,
  userId,
  entrants,
  onResult,
}: {
  tournamentId: number;
  userId: string;
  entrants: UseQueryResult<DoorEntrant[]>;
  onResult: (result: EntrantResult) => void;
}) {
  const client = useQueryClient();
  const headingId = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const list = entrants.data;
  const checkedIn = list?.filter((e) => e.checkedInAt).length ?? 0;
  const shown = list ? findEntrants(list, text) : [];

  const tap = (entrant: DoorEntrant) => {
    setBusy(entrant.registrationId);
    void checkInEntrant(client, { tournamentId, userId, entrant })
      .then(onResult)
      .finally(() => setBusy(null));
  };

  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <h2 id={headingId} className={h2Class}>
        Entrants
      </h2>
      <p className={mutedClass} role="status">
        {list
          ? `${checkedIn} of ${list.length} checked in. Scan an entry pass above, or find an entrant by name.`
          : entrants.isError
            ? 'The entrant list could not be loaded. Check the connection and try again.'
            : 'Saving the entrant list on this device...'}
      </p>
      {list ? (
        <>
          <TextField
            label="Find an entrant"
            name="entrant"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoComplete="off"
          />
          {shown.length === 0 ? (
            <p className={mutedClass}>{list.length === 0 ? 'No entrants yet.' : 'No entrant has that name.'}</p>
          ) : (
            <ul className={listClass} aria-label="Entrants">
              {shown.map((e) => (
                <li key={e.registrationId} className={rowClass}>
                  <span className={nameClass}>{e.name}</span>
                  {e.checkedInAt ? (
                    <Badge tone="verified">
                      <UserCheck aria-hidden="true" />
                      Checked in
                    </Badge>
                  ) : (
                    <Button
                      size="sm"
                      variant={e.noShow ? 'outline' : 'solid'}
                      disabled={busy !== null}
                      aria-label={`Check in ${e.name}${e.noShow ? ' (withdrawn as a no-show)' : ''}`}
                      onClick={() => tap(e)}
                    >
                      {busy === e.registrationId ? 'Checking in...' : 'Check In'}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
