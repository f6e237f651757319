import { CalendarClock, CircleCheck, Activity, Clock, MapPin, PencilLine, Trophy, Undo2, UserMinus } from 'lucide-react';
import { useId } from 'react';
import { css, cx } from '../../../../styled-system/css';
import type { BracketMatch, BracketSide } from '../../../../edge/features/competition/schema.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { isDimmedLoser, isWinner, scoreText, startTimeLabel } from '../match-display.ts';
import { MatchReport } from './player-reports.tsx';

/** What the admin or host can do from a card (issue 11); absent for everyone else. */
export interface MatchManagement {
  offline: boolean;
  onScore: (match: BracketMatch) => void;
  onStatus: (match: BracketMatch, status: 'live' | 'upcoming') => void;
  onStartTime: (match: BracketMatch) => void;
  onWithdraw: (match: BracketMatch, side: BracketSide) => void;
  /** D41: the tournament's courts; with any, marking live asks which court ('Call to court'). */
  courts: readonly string[];
  /** The match whose status change is on its way (its buttons wait). */
  busyMatchId: number | null;
  /**
   * The signed-in host's id when the tournament day's actions may wait in the outbox (ADR 071): a call, a decided
   * score and a forfeit decision then work offline too. Null: they need a connection.
   */
  queueAs: string | null;
  /** D41: the host confirms or refuses a forfeit claim (through the outbox with `queueAs`). */
  onClaimDecision: (match: BracketMatch, claimId: number, confirm: boolean) => Promise<void>;
}

const cardClass = css({
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  boxShadow: 'xs',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
  width: 'full',
  '&[data-status=live]': { borderColor: 'danger.border', borderWidth: '2px' },
});
const headClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2', minHeight: '6', textStyle: 'sm' });
const numberClass = css({ alignItems: 'center', display: 'inline-flex', fontWeight: 'bold', gap: '1.5' });
const iconClass = css({
  flexShrink: '0',
  height: '4',
  width: '4',
  '&[data-status=live]': { color: 'danger.text' },
  '&[data-status=upcoming], &[data-status=completed]': { color: 'fg.muted' },
});
const metaClass = css({ color: 'fg.muted', ml: 'auto', textStyle: 'xs', fontVariantNumeric: 'tabular-nums' });
const sidesClass = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const sideClass = css({
  alignItems: 'center',
  background: 'bg.subtle',
  borderRadius: 'l2',
  display: 'flex',
  gap: '2',
  minHeight: '9',
  px: '2',
  '&[data-winner]': { background: 'verified.subtle', fontWeight: 'bold' },
  // Dimmed, not faded: fg.muted keeps the 4.5:1 contrast that opacity lost (axe).
  '&[data-loser]': { color: 'fg.muted' },
});
const seedClass = css({ color: 'fg.muted', fontVariantNumeric: 'tabular-nums', minWidth: '5', textAlign: 'end', textStyle: 'xs' });
const nameClass = css({ flex: '1', minWidth: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const tbdClass = css({ color: 'fg.muted', fontStyle: 'italic' });
const arrivedClass = css({ color: 'fg.muted', flexShrink: '0', height: '4', width: '4' });
const trophyClass = css({ color: 'verified.text', flexShrink: '0', height: '4', width: '4' });
const scoreClass = css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'black', minWidth: '5', textAlign: 'center' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2', pt: '1' });
const withdrawClass = css({ px: '2' });

const statusText = { upcoming: 'Upcoming', live: 'Live', completed: 'Completed' } as const;

/** The status icon of 000 s2's match card (the legend names them). */
export function StatusIcon({ status }: { status: BracketMatch['status'] }) {
  const Icon = status === 'live' ? Activity : status === 'completed' ? CircleCheck : Clock;
  return <Icon className={iconClass} data-status={status} aria-hidden="true" />;
}

function Side({
  match,
  side,
  manage,
}: {
  match: BracketMatch;
  side: BracketSide | null;
  manage: MatchManagement | undefined;
}) {
  const winner = isWinner(match, side);
  const loser = isDimmedLoser(match, side);
  if (!side) {
    return (
      <li className={sideClass}>
        <span className={seedClass} aria-hidden="true" />
        <span className={cx(nameClass, tbdClass)}>TBD</span>
        <span className={scoreClass} aria-hidden="true">
          -
        </span>
      </li>
    );
  }
  const score = scoreText(side);
  const mayWithdraw = manage && match.status !== 'completed' && !side.withdrawn && side.userId !== null;
  return (
    <li className={sideClass} data-winner={winner ? '' : undefined} data-loser={loser ? '' : undefined}>
      <span className={seedClass}>
        <VisuallyHidden>Seed </VisuallyHidden>
        {side.seed}
      </span>
      <span className={nameClass}>
        {side.name}
        {side.withdrawn ? ' (withdrawn)' : null}
      </span>
      {match.status === 'live' && (side.id === match.teamA?.id ? match.arrivedA : match.arrivedB) ? (
        <>
          <MapPin className={arrivedClass} aria-hidden="true" />
          <VisuallyHidden>At the court</VisuallyHidden>
        </>
      ) : null}
      {winner ? (
        <>
          <Trophy className={trophyClass} aria-hidden="true" />
          <VisuallyHidden>Winner</VisuallyHidden>
        </>
      ) : null}
      {mayWithdraw ? (
        <Button
          variant="ghost"
          tone="danger"
          size="sm"
          className={withdrawClass}
          aria-label={`Withdraw ${side.name}`}
          disabled={manage.offline}
          onClick={() => manage.onWithdraw(match, side)}
        >
          <UserMinus aria-hidden="true" />
        </Button>
      ) : null}
      <span className={scoreClass}>
        <VisuallyHidden>{score === '-' ? 'No score' : 'Score '}</VisuallyHidden>
        <span aria-hidden={score === '-' ? true : undefined}>{score}</span>
      </span>
    </li>
  );
}

/** A bracket match (000 s2, s3): number, status icon, LIVE badge, start time, both sides; the manager's buttons. */
export function MatchCard({ match, now, manage }: { match: BracketMatch; now: Date; manage?: MatchManagement }) {
  const titleId = useId();
  const start = startTimeLabel(match, now);
  const ready = match.teamA !== null && match.teamB !== null;
  const busy = manage?.busyMatchId === match.id;
  const mayCorrect = match.status === 'completed' && !match.forfeit && ready;
  return (
    <article className={cardClass} aria-labelledby={titleId} data-status={match.status}>
      <div className={headClass}>
        <span className={numberClass}>
          <StatusIcon status={match.status} />
          <VisuallyHidden>{`${statusText[match.status]}: `}</VisuallyHidden>
          <span id={titleId}>{`Match ${match.matchNumber}`}</span>
        </span>
        {match.status === 'live' ? <Badge tone="danger">LIVE</Badge> : null}
        {match.stage === 'third-place' ? <Badge>Third Place</Badge> : null}
        {match.stage === 'pool' ? <Badge>{`Pool ${match.group}`}</Badge> : null}
        {match.forfeit ? <Badge>Forfeit</Badge> : null}
        {match.status === 'live' && match.court ? <Badge tone="accent">{match.court}</Badge> : null}
        {start ? (
          <span className={metaClass}>
            <time dateTime={match.startTime ?? undefined}>
              <span aria-hidden="true">{start.text}</span>
              <VisuallyHidden>{start.label}</VisuallyHidden>
            </time>
          </span>
        ) : (
          <span className={metaClass}>{`Best of ${match.bestOf}`}</span>
        )}
      </div>
      <ul className={sidesClass}>
        <Side match={match} side={match.teamA} manage={manage} />
        <Side match={match} side={match.teamB} manage={manage} />
      </ul>
      {/* D40: the players' reports, for the entrants, the host and admins (the Bracket tab provides them). */}
      <MatchReport match={match} now={now} />
      {manage && (ready || match.status !== 'completed') ? (
        <div className={actionsClass}>
          {ready && (match.status !== 'completed' || mayCorrect) ? (
            <Button size="sm" variant="outline" disabled={manage.offline} onClick={() => manage.onScore(match)}>
              <PencilLine aria-hidden="true" />
              {match.status === 'completed' ? 'Correct score' : 'Report score'}
            </Button>
          ) : null}
          {ready && match.status !== 'completed' ? (
            <Button
              size="sm"
              variant="outline"
              disabled={manage.offline || busy}
              onClick={() => manage.onStatus(match, match.status === 'live' ? 'upcoming' : 'live')}
            >
              {match.status === 'live' ? <Undo2 aria-hidden="true" /> : <Activity aria-hidden="true" />}
              {match.status === 'live' ? 'Back to upcoming' : manage.courts.length > 0 ? 'Call to court' : 'Mark live'}
            </Button>
          ) : null}
          {match.status === 'upcoming' ? (
            <Button size="sm" variant="ghost" disabled={manage.offline} onClick={() => manage.onStartTime(match)}>
              <CalendarClock aria-hidden="true" />
              Set start time
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
