import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CloudOff, ScanLine, ScanQrCode } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { css } from '../../../../styled-system/css';
import { isEntryPass } from '../../../../edge/features/check-in/constants.ts';
import { DOOR_MESSAGES, normaliseTicketCode, ticketCodeHash } from '../../../../edge/features/door/schema.ts';
import { formatLongDateTime } from '../../../lib/dates.ts';
import { formatTournamentDate, tournamentDate } from '../../../lib/tournament-dates.ts';
import { useOnlineStatus } from '../../../lib/online-status.ts';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { checkCode, DoorCheckError, type DoorAnswer } from '../check-in.ts';
import { doorTicketsQueryOptions, markUsedInList, type DoorTournament } from '../queries.ts';
import { doorEntrantsQueryOptions } from '../entrants.ts';
import { DoorConflicts } from './door-conflicts.tsx';
import { checkInEntrant, DoorEntrants, EntrantVerdict, type EntrantResult } from './door-entrants.tsx';
import { signalVerdict, VerdictPanel } from './verdict-panel.tsx';

// The camera and its QR reader load only when the door opens the camera (D26, ADR 033).
const CameraScanner = lazy(() => import('./camera-scanner.tsx'));

const pageClass = css({
  maxWidth: '3xl',
  mx: 'auto',
  px: '4',
  py: { base: '6', md: '10' },
  width: 'full',
  display: 'flex',
  flexDirection: 'column',
  gap: '6',
});
const titleClass = css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'extrabold' });
const mutedClass = css({ color: 'fg.muted' });
const pickListClass = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0' });
const pickClass = css({ width: 'full', justifyContent: 'flex-start', height: 'auto', py: '3', textAlign: 'start' });
const pickTextClass = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '1' });
const headRowClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
});
const h2Class = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold' });
const statusLineClass = css({ display: 'flex', alignItems: 'center', gap: '2', color: 'fg.muted', textStyle: 'sm' });
const formClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const actionsClass = css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, gap: '3' });
const codeInputClass = css({ '& input': { fontFamily: 'mono', fontSize: 'lg' } });
const errorClass = css({ color: 'danger.text', fontWeight: 'semibold' });

export interface DoorScreenProps {
  userId: string;
  isAdmin: boolean;
  tournaments: DoorTournament[];
  tournamentId: number | undefined;
  onPick: (tournamentId: number | undefined) => void;
  /** What waits in the outbox for this user (the route composes the outbox's 'Waiting to send'). */
  outbox?: ReactNode;
}

/** /door (D26): pick a tournament, then check tickets by camera or typed code, online or from the saved list. */
export function DoorScreen({ userId, isAdmin, tournaments, tournamentId, onPick, outbox }: DoorScreenProps) {
  const tournament = tournaments.find((t) => t.id === tournamentId);
  return (
    <div className={pageClass}>
      <h1 className={titleClass}>Door Check-In</h1>
      {tournament ? (
        <TournamentDoor
          key={tournament.id}
          userId={userId}
          isAdmin={isAdmin}
          tournament={tournament}
          onChange={() => onPick(undefined)}
        />
      ) : (
        <TournamentPicker tournaments={tournaments} onPick={onPick} />
      )}
      {outbox}
    </div>
  );
}

function TournamentPicker({ tournaments, onPick }: { tournaments: DoorTournament[]; onPick: (id: number) => void }) {
  if (tournaments.length === 0) {
    return <p className={mutedClass}>No upcoming or live tournaments to check in right now.</p>;
  }
  return (
    <section aria-labelledby="door-pick">
      <h2 id="door-pick" className={h2Class}>
        Pick a tournament
      </h2>
      <ul className={pickListClass}>
        {tournaments.map((t) => (
          <li key={t.id}>
            <Button variant="outline" className={pickClass} onClick={() => onPick(t.id)}>
              <span className={pickTextClass}>
                <strong>{t.title}</strong>
                <span className={mutedClass}>
                  {formatTournamentDate(tournamentDate(t), formatLongDateTime)}
                  {t.location ? ` · ${t.location}` : ''}
                  {t.status === 'live' ? ' · Live' : ''}
                </span>
              </span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TournamentDoor({
  userId,
  isAdmin,
  tournament,
  onChange,
}: {
  userId: string;
  isAdmin: boolean;
  tournament: DoorTournament;
  onChange: () => void;
}) {
  const queryClient = useQueryClient();
  const online = useOnlineStatus();
  const tickets = useQuery(doorTicketsQueryOptions(tournament.id));
  // D39: with check-in on, the door checks entrants in too, by name or by their QR entry pass.
  const entrants = useQuery({ ...doorEntrantsQueryOptions(tournament.id), enabled: tournament.checkIn });
  const [entrantResult, setEntrantResult] = useState<EntrantResult | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [answer, setAnswer] = useState<DoorAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const checking = useRef(false);

  const check = async (raw: string) => {
    if (checking.current) return;
    if (!raw.trim()) {
      setFieldError(DOOR_MESSAGES.codeRequired);
      inputRef.current?.focus();
      return;
    }
    checking.current = true;
    setBusy(true);
    setFieldError(undefined);
    setFailure(null);
    try {
      const normalised = normaliseTicketCode(raw);
      if (tournament.checkIn && isEntryPass(normalised)) {
        const passHash = await ticketCodeHash(normalised);
        const entrant = entrants.data?.find((e) => e.passHash === passHash);
        const result: EntrantResult = entrant
          ? await checkInEntrant(queryClient, { tournamentId: tournament.id, userId, entrant })
          : entrants.data
            ? { status: 'unknown' }
            : { status: 'refused', message: 'No saved entrant list for this tournament yet. Connect once to download it.' };
        setAnswer(null);
        setEntrantResult(result);
        setCode('');
        signalVerdict(result.status === 'checked-in' ? 'valid' : result.status === 'already' ? 'used' : 'invalid');
        return;
      }
      const result = await checkCode({
        tournamentId: tournament.id,
        code: raw,
        userId,
        list: tickets.data,
        online: navigator.onLine,
        invalidates: ['/api/door/tournaments', '/api/door/conflicts'],
      });
      const usedAt = result.verdict.ticket?.usedAt;
      if (usedAt) markUsedInList(queryClient, tournament.id, result.codeHash, usedAt);
      setAnswer(result);
      setEntrantResult(null);
      setCode('');
      signalVerdict(result.verdict.status);
    } catch (error) {
      setAnswer(null);
      setFailure(error instanceof DoorCheckError ? error.message : 'The check failed. Try again.');
    } finally {
      checking.current = false;
      setBusy(false);
      inputRef.current?.focus();
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void check(code);
  };

  const saved = tickets.data;
  return (
    <>
      <div className={headRowClass}>
        <div>
          <h2 className={h2Class}>{tournament.title}</h2>
          <p className={mutedClass}>{formatTournamentDate(tournamentDate(tournament), formatLongDateTime)}</p>
        </div>
        <Button variant="ghost" onClick={onChange}>
          Change tournament
        </Button>
      </div>

      <p className={statusLineClass} role="status">
        {!online ? <CloudOff aria-hidden="true" /> : null}
        {saved
          ? `${online ? '' : 'Offline - checking against the saved list. '}${saved.length} ticket${saved.length === 1 ? '' : 's'} saved on this device${
              tickets.dataUpdatedAt ? `, updated ${formatLongDateTime(new Date(tickets.dataUpdatedAt))}` : ''
            }.`
          : tickets.isError
            ? 'The ticket list could not be loaded. Tickets are still checked online.'
            : 'Saving the ticket list on this device...'}
      </p>

      <form className={formClass} onSubmit={onSubmit} noValidate>
        <TextField
          ref={inputRef}
          label="Ticket code"
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError}
          helperText={
            tournament.checkIn
              ? "The code under the ticket's or entry pass's QR code. Spaces and dashes are ignored."
              : "The code under the ticket's QR code. Spaces and dashes are ignored."
          }
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          className={codeInputClass}
        />
        <div className={actionsClass}>
          <Button type="submit" size="lg" disabled={busy}>
            <ScanLine aria-hidden="true" />
            {busy ? 'Checking...' : 'Check Ticket'}
          </Button>
          {camera ? null : (
            <Button variant="outline" size="lg" onClick={() => setCamera(true)}>
              <ScanQrCode aria-hidden="true" />
              Scan with camera
            </Button>
          )}
        </div>
      </form>

      {camera ? (
        <Suspense fallback={<p className={mutedClass}>Starting the camera...</p>}>
          <CameraScanner onCode={(scanned) => void check(scanned)} onClose={() => setCamera(false)} />
        </Suspense>
      ) : null}

      <div aria-live="assertive" aria-atomic="true">
        {failure ? <p className={errorClass}>{failure}</p> : null}
        {answer ? <VerdictPanel answer={answer} /> : null}
        {entrantResult ? <EntrantVerdict result={entrantResult} /> : null}
      </div>

      {tournament.checkIn ? (
        <DoorEntrants
          tournamentId={tournament.id}
          userId={userId}
          entrants={entrants}
          onResult={(result) => {
            setAnswer(null);
            setFailure(null);
            setEntrantResult(result);
          }}
        />
      ) : null}

      {isAdmin ? <DoorConflicts tournamentId={tournament.id} /> : null}
    </>
  );
}
