import { BadgeCheck, Lock } from 'lucide-react';
import { css } from '../../../../styled-system/css';
import { Badge } from '../../../ui/badge.tsx';
import { statusLabels, type DisplayStatus } from '../tournament-display.ts';

const statusTone = { upcoming: 'accent', live: 'danger', completed: 'neutral', cancelled: 'neutral' } as const;

/** The tournament's status as a badge: Upcoming, Live Now, Completed or Cancelled (D33). */
export function StatusBadge({ status }: { status: DisplayStatus }) {
  return <Badge tone={statusTone[status]}>{statusLabels[status]}</Badge>;
}

const liveClass = css({
  alignItems: 'center',
  color: 'danger.text',
  display: 'inline-flex',
  fontWeight: 'extrabold',
  gap: '1.5',
  letterSpacing: 'wider',
  textStyle: 'xs',
  textTransform: 'uppercase',
});
const dotWrapClass = css({ display: 'inline-flex', height: '2.5', position: 'relative', width: '2.5' });
const dotPulseClass = css({
  animation: 'skeleton-pulse',
  // Decoration that starts once the page has settled: every frame of it is the processor's work, and in a page's
  // first seconds a phone needs that for the page's code (issue 12, TBT: a list of live cards pulsing from the first
  // paint measured two to five times the blocking time). Still for reduced motion.
  animationDelay: '[4s]',
  _motionReduce: { animation: '[none]' },
  background: 'danger.default',
  borderRadius: 'full',
  inset: '-1',
  opacity: '0.35',
  position: 'absolute',
});
const dotClass = css({ background: 'danger.default', borderRadius: 'full', height: '2.5', position: 'relative', width: '2.5' });

/** The pulsing red dot with 'Live' shown while a tournament is being played. */
export function LiveIndicator() {
  return (
    <span className={liveClass}>
      <span className={dotWrapClass} aria-hidden="true">
        <span className={dotPulseClass} />
        <span className={dotClass} />
      </span>
      Live
    </span>
  );
}

/** 'Early Registration' (verified) or 'Verified Only' (everyone else) inside the 24-hour window. */
export function EarlyRegistrationBadge({ label }: { label: 'Early Registration' | 'Verified Only' }) {
  return label === 'Early Registration' ? (
    <Badge tone="verified">
      <BadgeCheck aria-hidden="true" />
      Early Registration
    </Badge>
  ) : (
    <Badge tone="neutral">
      <Lock aria-hidden="true" />
      Verified Only
    </Badge>
  );
}
