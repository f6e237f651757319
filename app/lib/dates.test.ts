import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countdownParts, formatLongDate, formatLongDateTime } from './dates.ts';

describe('formatLongDate', () => {
  it.each([
    ['2026-11-01T12:00:00', 'November 1st, 2026'],
    ['2026-11-02T12:00:00', 'November 2nd, 2026'],
    ['2026-11-03T12:00:00', 'November 3rd, 2026'],
    ['2026-11-11T12:00:00', 'November 11th, 2026'],
    ['2026-11-12T12:00:00', 'November 12th, 2026'],
    ['2026-11-13T12:00:00', 'November 13th, 2026'],
    ['2026-11-21T12:00:00', 'November 21st, 2026'],
    ['2026-11-22T12:00:00', 'November 22nd, 2026'],
    ['2026-11-23T12:00:00', 'November 23rd, 2026'],
    ['2026-12-31T12:00:00', 'December 31st, 2026'],
  ])('%s -> %s', (input, expected) => {
    expect(formatLongDate(input)).toBe(expected);
  });
});

describe('countdownParts', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('splits the time left', () => {
    expect(countdownParts('2026-11-23T15:04:05Z', now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false });
  });
  it('stays at zero once the target has passed', () => {
    expect(countdownParts('2026-11-20T12:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });
});

describe('the same text as Intl.DateTimeFormat, which the app builds only for a zone other than its own or UTC (issue 12)', () => {
  const viaIntl = (date: Date, timeZone: string | undefined) => {
    const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone }).formatToParts(date);
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    const day = Number(part('day'));
    const suffix = day % 100 >= 11 && day % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
    const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(date);
    return { date: `${part('month')} ${day}${suffix}, ${part('year')}`, time };
  };
  // 1970 to 2100, to the minute.
  const anyDate = fc.integer({ min: 0, max: 4_102_444_800 / 60 }).map((minutes) => new Date(minutes * 60_000));

  it.each([undefined, 'UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'])('in %s', (zone) => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const expected = viaIntl(date, zone);
        expect(formatLongDate(date, zone)).toBe(expected.date);
        expect(formatLongDateTime(date, zone)).toBe(`${expected.date} at ${expected.time}`);
      }),
    );
  });
});
