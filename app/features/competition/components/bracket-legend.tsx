import { Trophy } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { StatusIcon } from './match-card.tsx';

const legendClass = css({
  color: 'fg.muted',
  display: 'flex',
  flexWrap: 'wrap',
  gap: { base: '3', md: '5' },
  textStyle: 'sm',
  '& li': { alignItems: 'center', display: 'inline-flex', gap: '1.5' },
});
const trophyClass = css({ color: 'verified.text', height: '4', width: '4' });

/** The legend of 000 s2: Upcoming, Live, Completed, Winner. */
export function BracketLegend() {
  return (
    <ul className={legendClass} aria-label="Legend">
      <li>
        <StatusIcon status="upcoming" />
        Upcoming
      </li>
      <li>
        <StatusIcon status="live" />
        Live
      </li>
      <li>
        <StatusIcon status="completed" />
        Completed
      </li>
      <li>
        <Trophy className={trophyClass} aria-hidden="true" />
        Winner
      </li>
    </ul>
  );
}
