import Papa from 'papaparse';
import { ADULT_AGE, yearDifferenceAge, type WaiverDateRange } from '../../../edge/features/waivers/constants.ts';
import type { WaiverLogEntry } from '../../../edge/features/waivers/schema.ts';

export type WaiverType = WaiverLogEntry['waiver']['type'];
export type WaiverTypeFilter = 'all' | WaiverType;

/** The date filter's choices (001 s5: all, today, week = 7 days, month = 30 days, year). */
export const waiverRangeOptions: readonly { value: WaiverDateRange; label: string }[] = [
  { value: 'all', label: 'All time' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'month', label: 'Last 30 days' },
  { value: 'year', label: 'Last 365 days' },
];

const waiverTypeLabels: Record<WaiverType, string> = {
  liability: 'Liability',
  media_release: 'Media Release',
  code_of_conduct: 'Code of Conduct',
};

/** The type filter's choices (001 s3 waiver types). */
export const waiverTypeOptions: readonly { value: WaiverTypeFilter; label: string }[] = [
  { value: 'all', label: 'All types' },
  ...(Object.entries(waiverTypeLabels) as [WaiverType, string][]).map(([value, label]) => ({ value, label })),
];

export function waiverTypeLabel(type: WaiverType): string {
  return waiverTypeLabels[type] ?? type;
}

export interface WaiverLogFilters {
  search: string;
  range: WaiverDateRange;
  type: WaiverTypeFilter;
}

/** The query string of GET /api/waivers/admin/all: only the filters that narrow anything. */
export function waiverLogQueryString(filters: WaiverLogFilters): string {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.range !== 'all') params.set('range', filters.range);
  if (filters.type !== 'all') params.set('type', filters.type);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function signerFullName(entry: WaiverLogEntry): string {
  return `${entry.user.firstName} ${entry.user.lastName}`.trim();
}

export interface SignerAge {
  /** Year difference from the date of birth (001 s5), or null when the user has none. */
  years: number | null;
  minor: boolean;
}

export function signerAge(entry: WaiverLogEntry, now: Date): SignerAge {
  const years = yearDifferenceAge(entry.user.dateOfBirth, now);
  return { years, minor: years !== null && years < ADULT_AGE };
}

const signedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 20, 2026, 6:05 PM" in the viewer's time zone; 'N/A' for a bad date. */
export function formatSignedAt(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : signedFormat.format(date);
}

/** Device info is JSON text (000 s3); shown as label/value pairs, or as it is when it is not a JSON object. */
export function deviceInfoEntries(deviceInfo: string | null): [string, string][] {
  if (!deviceInfo) return [];
  try {
    const parsed: unknown = JSON.parse(deviceInfo);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.entries(parsed).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]);
    }
  } catch {
    // Not JSON: the raw text below.
  }
  return [['device', deviceInfo]];
}

/** 001 s9: the CSV's columns, exactly and in this order. */
export const WAIVER_CSV_COLUMNS = [
  'Name',
  'Email',
  'Age',
  'Type',
  'Date Signed',
  'IP Address',
  'Emergency Contact',
  'Emergency Phone',
  'Parent/Guardian',
  'Has Parent Signature',
] as const;

/** One CSV row per entry, in WAIVER_CSV_COLUMNS order. Dates are ISO 8601 UTC; unknown values are empty. */
export function waiverCsvRows(entries: readonly WaiverLogEntry[], now: Date): (string | number)[][] {
  return entries.map((entry) => {
    const signedAt = new Date(entry.waiver.createdAt);
    const { years } = signerAge(entry, now);
    return [
      signerFullName(entry),
      entry.user.email,
      years ?? '',
      waiverTypeLabel(entry.waiver.type),
      Number.isNaN(signedAt.getTime()) ? '' : signedAt.toISOString(),
      entry.waiver.ipAddress ?? '',
      entry.waiver.emergencyContactName,
      entry.waiver.emergencyContactPhone,
      entry.waiver.parentGuardianName ?? '',
      entry.waiver.parentGuardianSignature ? 'Yes' : 'No',
    ];
  });
}

/**
 * Cells a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @ tab or CR first. Papa's own
 * `escapeFormulae: true` pattern ends in `.*$` without the s flag, so it misses a formula followed by a line break;
 * this one looks at the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The whole CSV file (header + rows, CRLF lines, RFC 4180 quoting, formula cells prefixed with '). */
export function waiverCsv(entries: readonly WaiverLogEntry[], now: Date): string {
  return Papa.unparse(
    { fields: [...WAIVER_CSV_COLUMNS], data: waiverCsvRows(entries, now) },
    { escapeFormulae: FORMULA_START, newline: '\r\n', quotes: false },
  );
}

/** 001 s9: wta_waivers_{date}.csv with today's local date as YYYY-MM-DD. */
export function waiverCsvFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `wta_waivers_${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** What the log's list is doing, as far as the Export button cares. */
export interface WaiverListState {
  /** The search box holds text the list has not been asked for yet (the debounce is still running). */
  searchPending: boolean;
  /** No answer yet for any filter (the first load). */
  isPending: boolean;
  isError: boolean;
  /** The rows on screen are the previous filter's, kept while the current one loads. */
  isPlaceholderData: boolean;
  isFetching: boolean;
}

/**
 * Why Export is unavailable right now, or undefined when the rows on screen are exactly those of the filters on
 * screen: the CSV must never carry the previous search's rows.
 */
export function waiverExportBlockedReason(state: WaiverListState): string | undefined {
  if (state.isPending) return 'Export is available once the waivers have loaded.';
  if (state.searchPending || state.isPlaceholderData || state.isFetching) {
    return 'Export is available once the list matches your filters.';
  }
  if (state.isError) return 'Export is unavailable because the waivers could not be loaded.';
  return undefined;
}
