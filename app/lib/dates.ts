/** Dates as the specification shows them: en-US long form with ordinal day suffixes (000 s4). */
import { displayTimeZone } from './render-env.ts';

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

// One formatter per zone: the browser's own (undefined) and, while a server-rendered page is written or hydrated,
// the zone the server wrote it in (ADR 027).
const dateFormats = new Map<string | undefined, Intl.DateTimeFormat>();
const timeFormats = new Map<string | undefined, Intl.DateTimeFormat>();

function formatIn(cache: Map<string | undefined, Intl.DateTimeFormat>, options: Intl.DateTimeFormatOptions) {
  const timeZone = displayTimeZone();
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    cache.set(timeZone, format);
  }
  return format;
}

/** "November 21st, 2026". */
export function formatLongDate(value: Date | string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const parts = formatIn(dateFormats, { year: 'numeric', month: 'long', day: 'numeric' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${ordinal(Number(part('day')))}, ${part('year')}`;
}

/** "November 21st, 2026 at 7:00 PM". */
export function formatLongDateTime(value: Date | string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return `${formatLongDate(date)} at ${formatIn(timeFormats, { hour: 'numeric', minute: '2-digit' }).format(date)}`;
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
