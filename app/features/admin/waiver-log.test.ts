import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { WaiverLogEntry } from '../../../edge/features/waivers/schema.ts';
import {
  deviceInfoEntries,
  signerAge,
  WAIVER_CSV_COLUMNS,
  waiverCsv,
  waiverCsvFileName,
  waiverCsvRows,
  waiverExportBlockedReason,
  waiverLogQueryString,
} from './waiver-log.ts';

const NOW = new Date('2026-11-22T12:00:00Z');

function entry(overrides: {
  user?: Partial<WaiverLogEntry['user']>;
  waiver?: Partial<WaiverLogEntry['waiver']>;
}): WaiverLogEntry {
  return {
    user: {
      id: 'u1',
      firstName: 'Dana',
      lastName: 'Moore',
      email: 'dana@example.test',
      dateOfBirth: '1998-04-02',
      ...overrides.user,
    },
    waiver: {
      id: 1,
      type: 'liability',
      textVersion: '2025-01',
      signerName: 'Dana Moore',
      createdAt: '2026-11-20T18:05:09.123Z',
      deviceSignedAt: null,
      ipAddress: '198.51.100.7',
      emergencyContactName: 'Pat Moore',
      emergencyContactPhone: '(555) 555-0100',
      parentGuardianName: null,
      parentGuardianEmail: null,
      parentGuardianSignature: null,
      signatureData: 'data:image/png;base64,AAAA',
      deviceInfo: null,
      contentHash: 'ab'.repeat(32),
      ...overrides.waiver,
    },
  };
}

/** Parses a CSV the way a spreadsheet import would (RFC 4180), header row included. */
const parse = (csv: string) => Papa.parse<string[]>(csv, { header: false, skipEmptyLines: true }).data;

describe('waiver CSV rows (001 s9)', () => {
  it('fills the ten columns in order', () => {
    expect(waiverCsvRows([entry({})], NOW)).toEqual([
      [
        'Dana Moore',
        'dana@example.test',
        28,
        'Liability',
        '2026-11-20T18:05:09.123Z',
        '198.51.100.7',
        'Pat Moore',
        '(555) 555-0100',
        '',
        'No',
      ],
    ]);
  });

  it('leaves an unknown age and IP empty and says Yes when a guardian signed', () => {
    const [row] = waiverCsvRows(
      [
        entry({
          user: { dateOfBirth: null },
          waiver: { ipAddress: null, parentGuardianName: 'Lee Moore', parentGuardianSignature: 'data:image/png;base64,AA' },
        }),
      ],
      NOW,
    );
    expect(row?.[2]).toBe('');
    expect(row?.[5]).toBe('');
    expect(row?.[8]).toBe('Lee Moore');
    expect(row?.[9]).toBe('Yes');
  });

  it('writes the exact header and CRLF lines', () => {
    const csv = waiverCsv([entry({})], NOW);
    expect(csv.split('\r\n')[0]).toBe(
      'Name,Email,Age,Type,Date Signed,IP Address,Emergency Contact,Emergency Phone,Parent/Guardian,Has Parent Signature',
    );
    expect(parse(csv)[0]).toEqual([...WAIVER_CSV_COLUMNS]);
    expect(csv.split('\r\n')).toHaveLength(2);
  });

  it('quotes commas, quotes and line breaks so every value round-trips', () => {
    const tricky = entry({
      user: { firstName: 'Jo "JJ"', lastName: 'Smith, Jr.', email: 'jj@example.test' },
      waiver: { emergencyContactName: 'Line one\nLine two', emergencyContactPhone: '555 0100\r\next 2' },
    });
    const csv = waiverCsv([tricky], NOW);
    expect(csv).toContain('"Jo ""JJ"" Smith, Jr."');
    const rows = parse(csv);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[0]).toBe('Jo "JJ" Smith, Jr.');
    expect(rows[1]?.[6]).toBe('Line one\nLine two');
    expect(rows[1]?.[7]).toBe('555 0100\r\next 2');
    expect(rows[1]).toHaveLength(WAIVER_CSV_COLUMNS.length);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const attacks = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '=1+1\nsecond line'];
    const csv = waiverCsv(
      attacks.map((firstName, i) => entry({ user: { firstName, lastName: '', email: `a${i}@example.test` } })),
      NOW,
    );
    const names = parse(csv)
      .slice(1)
      .map((row) => row[0]);
    expect(names).toEqual(attacks.map((a) => `'${a}`));
    const tab = parse(waiverCsv([entry({ waiver: { emergencyContactName: '\tcmd', emergencyContactPhone: '+1 555 0100' } })], NOW));
    expect(tab[1]?.slice(6, 8)).toEqual(["'\tcmd", "'+1 555 0100"]);
    // Every escaped cell is quoted too, so the leading apostrophe cannot be split off.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  it('closes the gap of papaparse’s built-in pattern for multi-line formulas', () => {
    const builtIn = Papa.unparse([['=1+1\nx']], { escapeFormulae: true });
    expect(builtIn.startsWith('"=1+1')).toBe(true);
    expect(waiverCsv([entry({ user: { firstName: '=1+1\nx', lastName: '' } })], NOW)).toContain(`"'=1+1\nx"`);
  });

  it('does not touch ordinary values such as a phone in brackets or an ISO date', () => {
    const csv = waiverCsv([entry({})], NOW);
    expect(csv).not.toContain("'");
    expect(parse(csv)[1]?.[7]).toBe('(555) 555-0100');
  });

  it('writes only the header for an empty list', () => {
    expect(parse(waiverCsv([], NOW))).toEqual([[...WAIVER_CSV_COLUMNS]]);
  });
});

describe('waiver log helpers', () => {
  it('names the file with the local date', () => {
    expect(waiverCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe('wta_waivers_2026-01-05.csv');
  });

  it('ages by year difference and flags minors (001 s5)', () => {
    expect(signerAge(entry({ user: { dateOfBirth: '2009-12-31' } }), NOW)).toEqual({ years: 17, minor: true });
    expect(signerAge(entry({ user: { dateOfBirth: '2008-12-31' } }), NOW)).toEqual({ years: 18, minor: false });
    expect(signerAge(entry({ user: { dateOfBirth: null } }), NOW)).toEqual({ years: null, minor: false });
  });

  it('sends only the filters that narrow the list', () => {
    expect(waiverLogQueryString({ search: '  ', range: 'all', type: 'all' })).toBe('');
    expect(waiverLogQueryString({ search: ' dana ', range: 'week', type: 'liability' })).toBe(
      '?search=dana&range=week&type=liability',
    );
  });

  it('reads device info JSON as pairs and keeps other text as it is', () => {
    expect(deviceInfoEntries('{"platform":"iPhone","screen":"1170x2532"}')).toEqual([
      ['platform', 'iPhone'],
      ['screen', '1170x2532'],
    ]);
    expect(deviceInfoEntries('curl/8')).toEqual([['device', 'curl/8']]);
    expect(deviceInfoEntries(null)).toEqual([]);
  });
});

describe('waiverExportBlockedReason', () => {
  const settled = { searchPending: false, isPending: false, isError: false, isPlaceholderData: false, isFetching: false };

  it('allows Export only when the rows on screen are those of the filters on screen', () => {
    expect(waiverExportBlockedReason(settled)).toBeUndefined();
  });
  it('blocks Export during the first load', () => {
    expect(waiverExportBlockedReason({ ...settled, isPending: true, isFetching: true })).toBe(
      'Export is available once the waivers have loaded.',
    );
  });
  it('blocks Export while typed search text waits for the debounce, or the previous rows stand in', () => {
    const reason = 'Export is available once the list matches your filters.';
    expect(waiverExportBlockedReason({ ...settled, searchPending: true })).toBe(reason);
    expect(waiverExportBlockedReason({ ...settled, isPlaceholderData: true, isFetching: true })).toBe(reason);
    expect(waiverExportBlockedReason({ ...settled, isFetching: true })).toBe(reason);
  });
  it('blocks Export when the list failed to load (an empty CSV would be a lie)', () => {
    expect(waiverExportBlockedReason({ ...settled, isError: true })).toBe(
      'Export is unavailable because the waivers could not be loaded.',
    );
  });
});
