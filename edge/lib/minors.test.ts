import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageOn } from '../features/waivers/constants.ts';
import { adultCutoff, isMinor } from './minors.ts';

// D36's minor (under 18, D27's reading) must agree with the waiver's age rule (D7), which counts full years by
// calendar date: the one comparison against adultCutoff is what SQL uses too (the sitemap), so it is checked against
// the waiver's ageOn on every day and birthday, 29 February included.

const day = fc.date({
  min: new Date('1900-01-01T00:00:00Z'),
  max: new Date('2100-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const iso = (d: Date) => d.toISOString().slice(0, 10);

describe('isMinor', () => {
  it('is "under 18 by ageOn" for any birthday and any day', () => {
    fc.assert(
      fc.property(day, day, (born, on) => {
        const age = ageOn(iso(born), on)!;
        expect(isMinor(iso(born), on)).toBe(age < 18);
      }),
      { numRuns: 5000 },
    );
  });

  it('holds around leap days and birthdays', () => {
    expect(adultCutoff(new Date('2024-02-29T12:00:00Z'))).toBe('2006-02-29');
    expect(isMinor('2006-03-01', new Date('2024-02-29T12:00:00Z'))).toBe(true);
    expect(isMinor('2006-02-28', new Date('2024-02-29T12:00:00Z'))).toBe(false);
    expect(isMinor('2008-02-29', new Date('2026-02-28T23:59:59Z'))).toBe(true);
    expect(isMinor('2008-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(false);
    expect(isMinor('2008-11-21', new Date('2026-11-21T00:00:00Z'))).toBe(false);
    expect(isMinor('2008-11-22', new Date('2026-11-21T23:59:59Z'))).toBe(true);
  });

  it('a member with no date of birth counts as an adult', () => {
    expect(isMinor(null, new Date())).toBe(false);
  });
});
