import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateInZone,
  defaultEventName,
  formatEventDate,
  formatEventTime,
  nextDate,
  rsvpClosesAt,
  wallTimeToInstant,
} from './dates.ts';

// D25: the printed forms of 001 s2 and when RSVPs close, for any date and zone.

const zones = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'Pacific/Honolulu',
  'Europe/London',
  'Asia/Kolkata',
  'UTC',
];
const calendarDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('the printed forms of 001 s2', () => {
  it('prints the specification example and its times', () => {
    expect(formatEventDate('2025-03-15')).toBe('Saturday March 15, 2025');
    expect(defaultEventName('2025-03-15')).toBe('Media Day 2025');
    expect(['10:00', '16:00', '12:00', '00:30', '09:05'].map(formatEventTime)).toEqual([
      '10:00 AM',
      '4:00 PM',
      '12:00 PM',
      '12:30 AM',
      '9:05 AM',
    ]);
  });

  it('prints any date as {Weekday} {Month} {day}, {year}, the weekday agreeing with the calendar', () => {
    fc.assert(
      fc.property(calendarDate, (date) => {
        const expected = new Intl.DateTimeFormat('en-US', {
          timeZone: 'UTC',
          weekday: 'long',
          month: 'long',
          day: 'numeric',
          year: 'numeric',
        })
          .format(new Date(`${date}T12:00:00Z`))
          .replace(',', '');
        expect(formatEventDate(date)).toBe(expected);
      }),
    );
  });
});

describe('RSVPs close at midnight after the day, in the venue zone', () => {
  it('closes at the first instant of the next day there, whatever the zone and daylight time', () => {
    fc.assert(
      fc.property(calendarDate, fc.constantFrom(...zones), (date, zone) => {
        const closes = rsvpClosesAt({ date, timeZone: zone });
        expect(dateInZone(closes, zone)).toBe(nextDate(date));
        expect(dateInZone(new Date(closes.getTime() - 1), zone)).toBe(date);
      }),
    );
  });

  it('turns wall times into instants across the daylight-time change', () => {
    expect(wallTimeToInstant('2026-03-07', '10:00', 'America/New_York').toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(wallTimeToInstant('2026-03-09', '10:00', 'America/New_York').toISOString()).toBe('2026-03-09T14:00:00.000Z');
    expect(rsvpClosesAt({ date: '2026-12-31', timeZone: 'America/Los_Angeles' }).toISOString()).toBe(
      '2027-01-01T08:00:00.000Z',
    );
  });
});
