import { useEffect, useState } from 'react';
import { css } from '../../styled-system/css';
import { countdownParts, formatLongDateTime } from '../lib/dates.ts';
import { renderNow } from '../lib/render-env.ts';

export interface CountdownProps {
  /** When the event starts; without one the countdown says 'No tournament scheduled'. */
  targetDate?: Date | string | null;
  label?: string;
  /** Compact one-line form for cards ('Starts In'). */
  compact?: boolean;
}

const units = ['days', 'hours', 'minutes', 'seconds'] as const;
const unitLabels = { days: 'Days', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' } as const;

/** Re-renders every second until the target passes, then stops at zero (000 s4). */
function useNow(target: number | null) {
  const [now, setNow] = useState(renderNow);
  useEffect(() => {
    if (target === null) return;
    const id = window.setInterval(() => {
      const at = new Date();
      setNow(at);
      if (at.getTime() >= target) window.clearInterval(id);
    }, 1000);
    return () => window.clearInterval(id);
  }, [target]);
  return now;
}

/**
 * The countdown of 000 s3/s4: ticks every second, stays at zero once passed. role="timer" keeps screen readers
 * from announcing every tick; the full date is there as text.
 */
export function Countdown({ targetDate, label = 'Time Until Event', compact = false }: CountdownProps) {
  const target = targetDate ? new Date(targetDate).getTime() : null;
  const valid = target !== null && !Number.isNaN(target);
  const now = useNow(valid ? target : null);

  if (!valid) {
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <span className={css({ textStyle: 'sm', fontWeight: 'semibold', color: 'fg.muted' })}>{label}</span>
        <span className={css({ fontWeight: 'bold' })}>No tournament scheduled</span>
      </div>
    );
  }

  const parts = countdownParts(new Date(target), now);
  const spoken = `${parts.days} days, ${parts.hours} hours, ${parts.minutes} minutes, ${parts.seconds} seconds`;

  if (compact) {
    return (
      <span
        role="timer"
        aria-label={`${label}: ${spoken}`}
        className={css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'bold' })}
      >
        {label}: {parts.days}d {String(parts.hours).padStart(2, '0')}h {String(parts.minutes).padStart(2, '0')}m{' '}
        {String(parts.seconds).padStart(2, '0')}s
      </span>
    );
  }

  return (
    <section aria-label={label} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h2 className={css({ textStyle: 'sm', fontWeight: 'bold', textTransform: 'uppercase', letterSpacing: 'wider' })}>
        {label}
      </h2>
      <div role="timer" aria-label={spoken} className={css({ display: 'flex', gap: '2' })}>
        {units.map((unit) => (
          <div
            key={unit}
            aria-hidden="true"
            className={css({
              minW: '16',
              px: '2',
              py: '2',
              borderRadius: 'l2',
              borderWidth: '1px',
              borderColor: 'border.default',
              textAlign: 'center',
            })}
          >
            <div className={css({ textStyle: '2xl', fontWeight: 'black', fontVariantNumeric: 'tabular-nums' })}>
              {String(parts[unit]).padStart(2, '0')}
            </div>
            <div className={css({ textStyle: 'xs', fontWeight: 'semibold', textTransform: 'uppercase' })}>
              {unitLabels[unit]}
            </div>
          </div>
        ))}
      </div>
      <p className={css({ textStyle: 'sm' })}>{formatLongDateTime(new Date(target))}</p>
    </section>
  );
}
