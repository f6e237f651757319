import { displayTimeZone } from '../../lib/render-env.ts';

const formats = new Map<string | undefined, Intl.DateTimeFormat>();

/** 001: the card's end date as 'MMM dd, yyyy' ("Oct 01, 2026"), in the zone the page is rendered in. */
export function formatArchiveDate(value: string, timeZone: string | undefined = displayTimeZone()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone });
    formats.set(timeZone, format);
  }
  return format.format(date);
}
