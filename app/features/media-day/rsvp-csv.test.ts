import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AdminRsvp } from '../../../edge/features/media-day/schema.ts';
import { RSVP_CSV_COLUMNS, rsvpCsv, rsvpCsvFileName } from './rsvp-csv.ts';

const rsvp = (over: Partial<AdminRsvp> = {}): AdminRsvp => ({
  id: 1,
  sport: 'basketball',
  teamId: null,
  purpose: 'Photos, "quotes", and\na line break',
  arrivalTime: 'afternoon',
  attendeeCount: 3,
  dietaryRestrictions: null,
  specialRequests: '=HYPERLINK("x")',
  createdAt: '2026-03-01T15:00:00.000Z',
  updatedAt: '2026-03-01T15:00:00.000Z',
  user: {
    id: 'u',
    firstName: 'Ava',
    lastName: 'Stone',
    email: 'ava@example.test',
    isVerified: true,
    profileImageUrl: null,
  },
  team: null,
  ...over,
});

describe('the Media Day RSVP CSV (001 s9)', () => {
  it('has the columns of 001 s9 and one quoted, formula-safe row per RSVP', () => {
    const text = rsvpCsv([rsvp(), rsvp({ id: 2, team: { name: 'Heat, Check' }, dietaryRestrictions: 'Vegan' })]);
    const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([...RSVP_CSV_COLUMNS]);
    expect(rows[1]).toEqual([
      'Ava Stone',
      'ava@example.test',
      'Basketball',
      '',
      'Photos, "quotes", and\na line break',
      'Afternoon (12-3)',
      '3',
      '',
      `'=HYPERLINK("x")`,
      '2026-03-01T15:00:00.000Z',
    ]);
    expect(rows[2]![3]).toBe('Heat, Check');
    expect(rows[2]![7]).toBe('Vegan');
  });

  it('is named with the local date', () => {
    expect(rsvpCsvFileName(new Date(2026, 2, 5, 23, 59))).toBe('media_day_rsvps_2026-03-05.csv');
  });
});
