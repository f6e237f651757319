/** Dates as the specification shows them: en-US long form with ordinal day suffixes (000 s4). */
import { useMemo } from 'react';
import { displayTimeZone, useRenderEnv } from './render-env.ts';

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

function formatIn(
  cache: Map<string | undefined, Intl.DateTimeFormat>,
  options: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
) {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    cache.set(timeZone, format);
  }
  return format;
}

/**
 * "November 21st, 2026", in `timeZone` (undefined: the browser's own). Outside React (head tags) the zone defaults
 * to the server render's; components use `useDisplayDates`, which stays right in parts that hydrate late.
 */
export function formatLongDate(value: Date | string, timeZone: string | undefined = displayTimeZone()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const parts = formatIn(dateFormats, { year: 'numeric', month: 'long', day: 'numeric' }, timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${ordinal(Number(part('day')))}, ${part('year')}`;
}

/** "November 21st, 2026 at 7:00 PM", in `timeZone` as formatLongDate. */
export function formatLongDateTime(value: Date | string, timeZone: string | undefined = displayTimeZone()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const time = formatIn(timeFormats, { hour: 'numeric', minute: '2-digit' }, timeZone).format(date);
  return `${formatLongDate(date, timeZone)} at ${time}`;
}

export interface DisplayDates {
  longDate: (value: Date | string) => string;
  longDateTime: (value: Date | string) => string;
}

/**
 * The date formats for a component of a server-rendered page (ADR 027): in the server's zone while its part
 * hydrates, then in the browser's, re-rendering by itself when hydration ends.
 */
export function useDisplayDates(): DisplayDates {
  const zone = useRenderEnv()?.timeZone;
  return useMemo(
    () => ({
      longDate: (value) => formatLongDate(value, zone),
      longDateTime: (value) => formatLongDateTime(value, zone),
    }),
    [zone],
  );
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
