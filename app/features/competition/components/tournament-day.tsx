import { ClipboardList, CloudUpload, Megaphone, PencilLine } from 'lucide-react';
import { useContext } from 'react';
import { css } from '../../../../styled-system/css';
import type { BracketMatch } from '../../../../edge/features/competition/schema.ts';
import { useOutbox } from '../../../lib/use-outbox.ts';
import { Button } from '../../../ui/button.tsx';
import { hostActionsOf } from '../host-actions.ts';
import { reportLine } from '../report-display.ts';
import { dayAgenda } from '../tournament-day.ts';
import { CourtActions } from './court-actions.tsx';
import { CourtQueue, headClass, pairing, wrapClass } from './court-queue.tsx';
import type { MatchManagement } from './match-card.tsx';
import { PlayerReportsContext } from './player-reports.tsx';

const subheadClass = css({ fontSize: 'md', fontWeight: 'bold' });
const listClass = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const itemClass = css({
  borderColor: 'border.subtle',
  borderTopWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  pt: '2',
  '& button': { minHeight: '11', alignSelf: 'flex-start' },
});
const strongClass = css({ fontWeight: 'semibold' });
const mutedClass = css({ color: 'fg.muted' });
const iconClass = css({ display: 'inline', width: '4', height: '4', verticalAlign: 'middle' });

export interface TournamentDayProps {
  tournamentId: number;
  matches: readonly BracketMatch[];
  courts: readonly string[];
  manage: MatchManagement;
  noShowMinutes: number;
  now: Date;
}

/**
 * Issue 37 item 5, the host's tournament day at the top of the Bracket tab: what waits for a decision (disputed
 * scores, forfeit claims), each court with its match and who is there, and every match that can be called next, one
 * button each, in one column a thumb reaches on a 360 px phone. Offline it shows the day as last saved and says why
 * its buttons wait (the bracket, reports and courts are kept by the query cache).
 */
export function TournamentDay({ tournamentId, matches, courts, manage, noShowMinutes, now }: TournamentDayProps) {
  const reports = useContext(PlayerReportsContext);
  const day = dayAgenda(matches, reports?.view ?? null, courts);
  const decisions = day.disputes.length + day.claims.length;
  // Offline the host's calls and decisions wait on the phone (ADR 071) when it can queue them.
  const busy = (m: BracketMatch) => (manage.offline && !manage.queueAs) || manage.busyMatchId === m.id;
  const waiting = hostActionsOf(useOutbox(manage.queueAs).entries, tournamentId);
  return (
    <section className={wrapClass} aria-labelledby="tournament-day-title">
      <div>
        <h3 id="tournament-day-title" className={headClass}>
          <ClipboardList aria-hidden="true" />
          Tournament day
        </h3>
        <p className={mutedClass}>
          {`${day.counts.live} live · ${day.counts.completed} of ${day.counts.total} played · ${decisions} to decide`}
        </p>
        {manage.offline ? (
          <p className={strongClass} role="status">
            {manage.queueAs
              ? 'You are offline: this is the day as last saved. Calls and decisions wait on this phone and are sent when the connection returns.'
              : 'You are offline: this is the day as last saved. Calls and decisions need a connection.'}
          </p>
        ) : null}
      </div>

      {waiting.length > 0 ? (
        <div role="status">
          <h4 className={subheadClass}>
            <CloudUpload aria-hidden="true" className={iconClass} />
            {` Waiting to send (${waiting.length})`}
          </h4>
          <ul className={listClass}>
            {waiting.map((e) => (
              <li key={e.id}>
                <span className={strongClass}>{e.label}</span>
                {e.state === 'failed'
                  ? ` - not sent: ${e.lastError ?? 'refused'} (see Waiting to send on your dashboard)`
                  : e.state === 'sending'
                    ? ' - sending...'
                    : ' - waiting to send'}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <div>
        <h4 className={subheadClass}>{`To decide (${decisions})`}</h4>
        {decisions === 0 ? (
          <p className={mutedClass}>No disputed score or forfeit claim</p>
        ) : (
          <ul className={listClass}>
            {day.disputes.map(({ match, round }) => (
              <li key={`d${match.id}`} className={itemClass}>
                <span className={strongClass}>{pairing(match)}</span>
                <span>Disputed - the host decides</span>
                <ul>
                  {round.reports.map((r) => (
                    <li key={r.side}>{reportLine(match, r)}</li>
                  ))}
                </ul>
                <Button size="sm" disabled={busy(match)} onClick={() => manage.onScore(match)}>
                  <PencilLine aria-hidden="true" />
                  {`Decide Match ${match.matchNumber}`}
                </Button>
              </li>
            ))}
            {day.claims.map(({ match, claim }) => (
              <li key={`c${claim.id}`} className={itemClass}>
                <span className={strongClass}>{pairing(match)}</span>
                <CourtActions
                  tournamentId={tournamentId}
                  match={match}
                  mine={null}
                  claim={claim}
                  canManage
                  offline={manage.offline}
                  noShowMinutes={noShowMinutes}
                  now={now}
                  onDone={() => reports?.answered() ?? Promise.resolve()}
                  onDecide={(claimId, confirm) => manage.onClaimDecision(match, claimId, confirm)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <CourtQueue matches={matches} courts={courts} nextUp={false} />

      <div>
        <h4 className={subheadClass}>{`Ready to call (${day.ready.length})`}</h4>
        {day.ready.length === 0 ? (
          <p className={mutedClass}>No match is ready to be called</p>
        ) : (
          <ul className={listClass}>
            {day.ready.map((m) => (
              <li key={m.id} className={itemClass}>
                <span>{pairing(m)}</span>
                <Button size="sm" variant="outline" disabled={busy(m)} onClick={() => manage.onStatus(m, 'live')}>
                  <Megaphone aria-hidden="true" />
                  {courts.length > 0 ? `Call Match ${m.matchNumber} to court` : `Mark Match ${m.matchNumber} live`}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
