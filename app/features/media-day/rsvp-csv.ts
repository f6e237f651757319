import Papa from 'papaparse';
import { arrivalTimeLabels, sportLabels, type AdminRsvp } from '../../../edge/features/media-day/schema.ts';

/** 001 s9: the RSVP CSV's columns, exactly and in this order. */
export const RSVP_CSV_COLUMNS = [
  'Name',
  'Email',
  'Sport',
  'Team',
  'Purpose',
  'Arrival Time',
  'Attendee Count',
  'Dietary Restrictions',
  'Special Requests',
  'Date Submitted',
] as const;

/** One row per RSVP in RSVP_CSV_COLUMNS order; the date is ISO 8601 UTC, unknown values are empty. */
export function rsvpCsvRows(rsvps: readonly AdminRsvp[]): (string | number)[][] {
  return rsvps.map((r) => [
    `${r.user.firstName} ${r.user.lastName}`.trim(),
    r.user.email,
    sportLabels[r.sport] ?? r.sport,
    r.team?.name ?? '',
    r.purpose,
    arrivalTimeLabels[r.arrivalTime] ?? r.arrivalTime,
    r.attendeeCount,
    r.dietaryRestrictions ?? '',
    r.specialRequests ?? '',
    r.createdAt,
  ]);
}

/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @ tab or CR first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The whole file: header and rows, CRLF lines, RFC 4180 quoting, formula cells prefixed with '. */
export function rsvpCsv(rsvps: readonly AdminRsvp[]): string {
  return Papa.unparse(
    { fields: [...RSVP_CSV_COLUMNS], data: rsvpCsvRows(rsvps) },
    { escapeFormulae: FORMULA_START, newline: '\r\n', quotes: false },
  );
}

/** 001 s9 "named with the date": media_day_rsvps_{YYYY-MM-DD}.csv with today's local date. */
export function rsvpCsvFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `media_day_rsvps_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Saves text as a file the browser downloads. */
export function downloadText(fileName: string, text: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: mimeType }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
