import { describe, expect, it } from 'vitest';
import { countdownParts, formatLongDate } from './dates.ts';

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
