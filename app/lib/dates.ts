/** Dates as the specification shows them: en-US long form with ordinal day suffixes (000 s4). */
import { useMemo } from 'react';
import { assumedLocalZone, displayTimeZone, useDisplayZone } from './render-env.ts';

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

// One formatter per named zone other than the browser's own and UTC (see fieldsIn).
const dateFormats = new Map<string | undefined, Intl.DateTimeFormat>();

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

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface DateFields {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  /** 0-23 */
  hour: number;
  minute: number;
}

/**
 * The calendar fields of `date` in `timeZone`. The browser's own zone and UTC come from Date's getters; only another
 * named zone needs Intl, whose first formatter costs tens of milliseconds on a phone (its locale and zone data): a
 * server-rendered page hydrating in the zone the browser itself reported (the `wta_tz` cookie) never builds one
 * (issue 12, TBT).
 */
function fieldsIn(date: Date, timeZone: string | undefined): DateFields {
  if (timeZone === undefined || timeZone === assumedLocalZone()) {
    return {
      year: date.getFullYear(),
      month: date.getMonth(),
      day: date.getDate(),
      hour: date.getHours(),
      minute: date.getMinutes(),
    };
  }
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') {
    return {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth(),
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
    };
  }
  const parts = formatIn(
    dateFormats,
    { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' },
    timeZone,
  ).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month') - 1, day: part('day'), hour: part('hour'), minute: part('minute') };
}

/**
 * "November 21st, 2026", in `timeZone` (undefined: the browser's own). Outside React (head tags) the zone defaults
 * to the server render's; components use `useDisplayDates`, which stays right in parts that hydrate late.
 */
export function formatLongDate(value: Date | string, timeZone: string | undefined = displayTimeZone()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const { year, month, day } = fieldsIn(date, timeZone);
  return `${MONTHS[month]} ${ordinal(day)}, ${year}`;
}

/** "November 21st, 2026 at 7:00 PM", in `timeZone` as formatLongDate. */
export function formatLongDateTime(value: Date | string, timeZone: string | undefined = displayTimeZone()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const { year, month, day, hour, minute } = fieldsIn(date, timeZone);
  const time = `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[month]} ${ordinal(day)}, ${year} at ${time}`;
}

export interface DisplayDates {
  longDate: (value: Date | string) => string;
  longDateTime: (value: Date | string) => string;
}

/**
 * The date formats for a component of a server-rendered page (ADR 027): in the server's zone while its part
 * hydrates, then in the browser's, re-rendering by itself when hydration ends and only if the zone changed.
 */
export function useDisplayDates(): DisplayDates {
  const zone = useDisplayZone();
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
