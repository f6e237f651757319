import { describe, expect, it } from 'vitest';
import { formatArchiveDate } from './format.ts';
import { validateArchiveSearch } from './search.ts';

describe('the archive card date (001: MMM dd, yyyy)', () => {
  it('pads the day and shortens the month', () => {
    expect(formatArchiveDate('2026-10-01T15:00:00.000Z', 'UTC')).toBe('Oct 01, 2026');
    expect(formatArchiveDate('2026-12-25T23:30:00.000Z', 'America/New_York')).toBe('Dec 25, 2026');
    expect(formatArchiveDate('nope', 'UTC')).toBe('N/A');
  });
});

describe('the archive URL', () => {
  it('keeps valid filters and drops anything else', () => {
    expect(
      validateArchiveSearch({
        search: ' hoop ',
        division: 'hoop',
        view: 'list',
        from: '2026-01-01',
        to: '2026-02-01',
        details: '7',
      }),
    ).toEqual({
      search: 'hoop',
      division: 'hoop',
      view: 'list',
      from: '2026-01-01',
      to: '2026-02-01',
      details: 7,
    });
    expect(
      validateArchiveSearch({
        search: 'x'.repeat(101),
        division: 'curling',
        view: 'grid',
        from: '2026-02-31',
        to: 'soon',
        details: '-1',
      }),
    ).toEqual({
      search: undefined,
      division: undefined,
      view: undefined,
      from: undefined,
      to: undefined,
      details: undefined,
    });
    expect(validateArchiveSearch({ from: '2026-03-01', to: '2026-02-01' }).to).toBeUndefined();
  });
});
