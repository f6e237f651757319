import { css } from '../../../../styled-system/css';
import { formatLongDate } from '../../../lib/dates.ts';
import { Badge } from '../../../ui/badge.tsx';
import { TextLink } from '../../../ui/text-link.tsx';
import { matchResultLabels, opponentLabel, playerMatchScore } from '../dashboard-display.ts';
import type { PlayerMatch } from '../queries.ts';

const listClass = css({ display: 'flex', flexDirection: 'column', gap: '2' });
const itemClass = css({
  alignItems: 'center',
  background: 'bg.default',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderWidth: '1px',
  display: 'flex',
  gap: '3',
  justifyContent: 'space-between',
  px: '4',
  py: '3',
});
const mainClass = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0' });
const opponentClass = css({ fontWeight: 'bold', overflowWrap: 'anywhere' });
const metaClass = css({ color: 'fg.muted', textStyle: 'sm', overflowWrap: 'anywhere' });
const linkClass = css({ display: 'inline-flex', alignItems: 'center', minHeight: 'touch' });
const sideClass = css({ alignItems: 'flex-end', display: 'flex', flexDirection: 'column', flexShrink: '0', gap: '1' });
const scoreClass = css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'black', textStyle: 'lg' });

const resultTone = { win: 'verified', loss: 'neutral', live: 'danger', upcoming: 'accent' } as const;

/** The player's matches (issue 11): opponent, score, round, result; newest first as the API sends them. */
export function PlayerMatches({ matches }: { matches: readonly PlayerMatch[] }) {
  return (
    <ul className={listClass} aria-label="Matches">
      {matches.map((m) => (
        <li key={m.matchId} className={itemClass}>
          <div className={mainClass}>
            <p className={opponentClass}>{opponentLabel(m)}</p>
            <p className={metaClass}>
              {m.roundName}
              {m.completedAt ? (
                <>
                  {' - '}
                  <time dateTime={m.completedAt}>{formatLongDate(m.completedAt)}</time>
                </>
              ) : null}
            </p>
            <TextLink href={`/tournaments/${m.tournamentId}`} className={linkClass}>
              {m.tournamentTitle}
            </TextLink>
          </div>
          <div className={sideClass}>
            <span className={scoreClass}>{playerMatchScore(m)}</span>
            <Badge tone={resultTone[m.result]}>{matchResultLabels[m.result]}</Badge>
          </div>
        </li>
      ))}
    </ul>
  );
}
