/** Dates as the specification shows them: en-US long form with ordinal day suffixes (000 s4). */

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** "November 21st, 2026". */
export function formatLongDate(value: Date | string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return `${monthFormat.format(date)} ${ordinal(date.getDate())}, ${date.getFullYear()}`;
}

/** "November 21st, 2026 at 7:00 PM". */
export function formatLongDateTime(value: Date | string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return `${formatLongDate(date)} at ${timeFormat.format(date)}`;
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the target has passed: the countdown stays at zero. */
  done: boolean;
}

/** Time left until `target`, never negative. */
export function countdownParts(target: Date | string, now: Date): CountdownParts {
  const ms = Math.max(0, new Date(target).getTime() - now.getTime());
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
    done: ms === 0,
  };
}
