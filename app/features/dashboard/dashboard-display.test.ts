import { describe, expect, it } from 'vitest';
import {
  formatRecord,
  opponentLabel,
  ordinal,
  paidDate,
  placementLabel,
  playerMatchScore,
  relativeTime,
  roleLabel,
  safeNotificationLink,
  unreadCount,
  winningLabel,
} from './dashboard-display.ts';

describe('roleLabel', () => {
  it('names players, owners, admins and fans', () => {
    expect(roleLabel('player')).toBe('Solo Player');
    expect(roleLabel('owner')).toBe('Team Owner');
    expect(roleLabel('admin')).toBe('Admin');
    expect(roleLabel('super_admin')).toBe('Admin');
    expect(roleLabel('fan')).toBe('Fan');
  });
});

describe('placementLabel', () => {
  const completed = (placement: number | null) => ({ placement, tournament: { status: 'completed' as const } });
  it('says Champion for first and "Nth place" after', () => {
    expect(placementLabel(completed(1) as never)).toBe('Champion');
    expect(placementLabel(completed(2) as never)).toBe('2nd place');
    expect(placementLabel(completed(3) as never)).toBe('3rd place');
    expect(placementLabel(completed(4) as never)).toBe('4th place');
    expect(placementLabel(completed(11) as never)).toBe('11th place');
    expect(placementLabel(completed(21) as never)).toBe('21st place');
  });
  it('shows nothing without a placement or before the tournament is completed', () => {
    expect(placementLabel(completed(null) as never)).toBeNull();
    expect(placementLabel({ placement: 1, tournament: { status: 'live' } } as never)).toBeNull();
    expect(placementLabel({ placement: 2, tournament: { status: 'upcoming' } } as never)).toBeNull();
  });
});

describe('ordinal', () => {
  it('uses st, nd, rd and th, with the teens as th', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '22nd',
      '101st',
      '111th',
    ]);
  });
});

describe('formatRecord', () => {
  it('formats records', () => {
    expect(formatRecord(24, 8)).toBe('24-8');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('speaks of recent times relatively', () => {
    expect(relativeTime(ago(10_000), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(relativeTime(ago(30 * 3_600_000), now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400_000), now)).toBe('3 days ago');
  });
  it('leaves a week or more, the future and bad dates to the long date', () => {
    expect(relativeTime(ago(7 * 86_400_000), now)).toBeNull();
    expect(relativeTime(ago(-3_600_000), now)).toBeNull();
    expect(relativeTime('not a date', now)).toBeNull();
  });
});

describe('unreadCount and safeNotificationLink', () => {
  it('counts unread notifications', () => {
    expect(unreadCount(undefined)).toBe(0);
    expect(unreadCount([{ read: true }, { read: false }, { read: false }])).toBe(2);
  });
  it('keeps in-app paths only', () => {
    expect(safeNotificationLink('/tournaments/3')).toBe('/tournaments/3');
    expect(safeNotificationLink(null)).toBeNull();
    expect(safeNotificationLink('https://evil.example')).toBeNull();
    expect(safeNotificationLink('//evil.example')).toBeNull();
    expect(safeNotificationLink('/\\evil.example')).toBeNull();
  });
});

describe("the player's matches (issue 11)", () => {
  it("shows the score from the player's side, Forfeit, or a dash before a result", () => {
    expect(playerMatchScore({ scoreFor: 3, scoreAgainst: 1, forfeit: false })).toBe('3-1');
    expect(playerMatchScore({ scoreFor: 0, scoreAgainst: 2, forfeit: false })).toBe('0-2');
    expect(playerMatchScore({ scoreFor: null, scoreAgainst: null, forfeit: false })).toBe('-');
    expect(playerMatchScore({ scoreFor: null, scoreAgainst: null, forfeit: true })).toBe('Forfeit');
  });

  it('names the opponent, a bye, or TBD', () => {
    expect(opponentLabel({ opponent: { name: 'Jordan Lee', userId: 'u1' }, result: 'loss' })).toBe('vs Jordan Lee');
    expect(opponentLabel({ opponent: null, result: 'win' })).toBe('Bye');
    expect(opponentLabel({ opponent: null, result: 'upcoming' })).toBe('vs TBD');
  });
});

describe('winnings (D21)', () => {
  it('names the place, and an adjustment as such', () => {
    expect(winningLabel({ place: 1, kind: 'payout' })).toBe('1st place');
    expect(winningLabel({ place: 4, kind: 'payout' })).toBe('4th place');
    expect(winningLabel({ place: 2, kind: 'adjustment' })).toBe('Adjustment (2nd place)');
  });

  it('reads a paid date as that day wherever the reader is', () => {
    // West of UTC, "2026-11-21" read as UTC midnight would be the 20th.
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      const day = paidDate('2026-11-21');
      expect([day.getFullYear(), day.getMonth(), day.getDate()]).toEqual([2026, 10, 21]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
