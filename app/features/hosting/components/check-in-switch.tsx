import { useId } from 'react';
import { css } from '../../../../styled-system/css';

const switchClass = css({ display: 'flex', alignItems: 'flex-start', gap: '3', minHeight: 'touch', cursor: 'pointer' });
const boxClass = css({ width: '5', height: '5', mt: '0.5', accentColor: 'accent.default', flexShrink: '0' });

/** D39: the host form's Check-in switch (on by default; the manager locks it once the window has opened). */
export function CheckInSwitch(props: {
  checked: boolean;
  disabled: boolean;
  /** The form's note on why fields are locked, read with the hint when this one is. */
  lockedNoteId?: string;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <label className={switchClass}>
      <input
        type="checkbox"
        role="switch"
        name="checkIn"
        className={boxClass}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={props.lockedNoteId ? `${hintId} ${props.lockedNoteId}` : hintId}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>
        <span className={css({ fontWeight: 'semibold' })}>Check-in</span>
        <span id={hintId} className={css({ display: 'block', color: 'fg.muted', textStyle: 'sm' })}>
          Entrants check in from 2 hours to 30 minutes before the start; anyone who has not is withdrawn as a no-show,
          without a refund.
        </span>
      </span>
    </label>
  );
}
