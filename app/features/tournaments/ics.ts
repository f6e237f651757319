/**
 * An iCalendar (RFC 5545) file for one tournament, built in the browser for the detail page's Add to Calendar
 * link. Times are UTC ("Z" form) so no VTIMEZONE is needed.
 */

export interface IcsTournament {
  id: number;
  title: string;
  description: string | null;
  location: string | null;
  startDate: string;
  endDate: string | null;
}

export interface IcsOptions {
  /** The tournament page's absolute URL, put in DESCRIPTION and URL. */
  url: string;
  /** The site's host name, making the UID globally unique (RFC 5545 3.8.4.7). */
  host: string;
  /** DTSTAMP: when the file was made. */
  now: Date;
}

/** Without an end date, an event is shown as one tournament day of this many hours. */
export const DEFAULT_EVENT_HOURS = 8;

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/** A UTC date-time as RFC 5545 writes it: 20261121T190000Z. */
export function formatIcsDate(value: Date | string): string {
  const iso = new Date(value).toISOString(); // 2026-11-21T19:00:00.000Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** TEXT value escaping (RFC 5545 3.3.11): backslash, semicolon, comma, and newlines as \n. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/**
 * Folds a content line at 75 octets (RFC 5545 3.1): each continuation starts with one space, which counts towards
 * its 75. Splits only between code points, never inside a UTF-8 sequence.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; continuation lines 74 plus their leading space.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** The whole .ics text, CRLF line endings, every line folded. */
export function buildTournamentIcs(tournament: IcsTournament, { url, host, now }: IcsOptions): string {
  const start = new Date(tournament.startDate);
  const end = tournament.endDate
    ? new Date(tournament.endDate)
    : new Date(start.getTime() + DEFAULT_EVENT_HOURS * 60 * 60 * 1000);
  const description = [tournament.description?.trim(), url].filter(Boolean).join('\n\n');

  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//WTA League//Tournaments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:tournament-${tournament.id}@${host}`,
    `DTSTAMP:${formatIcsDate(now)}`,
    `DTSTART:${formatIcsDate(start)}`,
    `DTEND:${formatIcsDate(end)}`,
    `SUMMARY:${escapeIcsText(tournament.title)}`,
    ...(tournament.location ? [`LOCATION:${escapeIcsText(tournament.location)}`] : []),
    `DESCRIPTION:${escapeIcsText(description)}`,
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}
