import { describe, expect, it } from 'vitest';
import { approvalLabel, countLabel, placeLabel } from './search-display.ts';
import { isSearchable, parseSearchParams } from './search-params.ts';

describe('search display', () => {
  it('reads q and tab from the URL, trimming q and ignoring unknown tabs', () => {
    expect(parseSearchParams({ q: '  jor ', tab: 'players' })).toEqual({ q: 'jor', tab: 'players' });
    expect(parseSearchParams({ q: '   ', tab: 'coaches' })).toEqual({ q: undefined, tab: undefined });
    expect(parseSearchParams({ q: 42, tab: 'all' })).toEqual({ q: '42', tab: undefined });
    expect(parseSearchParams({})).toEqual({ q: undefined, tab: undefined });
  });

  it('sends only queries of 1 to 100 characters', () => {
    expect(isSearchable('jor')).toBe(true);
    expect(isSearchable('😀'.repeat(100))).toBe(true);
    expect(isSearchable('a'.repeat(101))).toBe(false);
    expect(isSearchable(undefined)).toBe(false);
  });

  it('shows counts, capped ones with a plus, and All as their sum', () => {
    const result = {
      counts: { users: 1000, teams: 2, tournaments: 0 },
      countsCapped: { users: true, teams: false, tournaments: false },
    };
    expect(countLabel(result, 'users')).toBe('1000+');
    expect(countLabel(result, 'teams')).toBe('2');
    expect(countLabel(result, null)).toBe('1002+');
  });

  it("falls back to 'Unknown' for the city and Pending for the approval status", () => {
    expect(placeLabel({ city: null, state: 'GA' })).toBe('Unknown, GA');
    expect(placeLabel({ city: 'Atlanta', state: null })).toBe('Atlanta');
    expect(approvalLabel('approved')).toEqual({ label: 'Approved', approved: true });
    expect(approvalLabel(undefined)).toEqual({ label: 'Pending', approved: false });
    // 001 s4: anything but approved reads as pending (a host's rejected tournament too).
    expect(approvalLabel('rejected')).toEqual({ label: 'Pending', approved: false });
  });
});
