import { describe, expect, it } from 'vitest';
import type { Sponsor } from '../../../edge/features/tournaments/schema.ts';
import { checkInTime, earlyRegistrationBadge, entriesStat, teamFormatLabel, earlyRegistrationDate, firstPlacePrize, formatLabel, groupSponsorsByTier, maxPlayersOf, parseStatusFilter, prizeBreakdown, safeWebsite, slugify, sponsorDescription, spotsLeft, websiteLabel } from './tournament-display.ts';

describe('prizeBreakdown', () => {
  it('pays 50/30/15/5 % of the prize pool, each rounded down', () => {
    expect(prizeBreakdown(640).map((p) => p.amount)).toEqual([320, 192, 96, 32]);
    expect(prizeBreakdown(999).map((p) => p.amount)).toEqual([499, 299, 149, 49]);
    expect(prizeBreakdown(0).map((p) => p.amount)).toEqual([0, 0, 0, 0]);
    expect(prizeBreakdown(640).map((p) => p.place)).toEqual(['1st Place', '2nd Place', '3rd Place', '4th Place']);
  });
  it('1st place is half the pool rounded down', () => {
    expect(firstPlacePrize(1001)).toBe(500);
    expect(firstPlacePrize(640)).toBe(320);
  });
});

describe('formatLabel', () => {
  it('shows dashes as spaces', () => {
    expect(formatLabel('single-elimination')).toBe('single elimination');
    expect(formatLabel('round-robin-pool-play')).toBe('round robin pool play');
    expect(formatLabel('swiss')).toBe('swiss');
  });
});

describe('players', () => {
  it('defaults max players to 32 and never shows negative spots', () => {
    expect(maxPlayersOf({ maxPlayers: null })).toBe(32);
    expect(maxPlayersOf({ maxPlayers: 16 })).toBe(16);
    expect(spotsLeft({ maxPlayers: 16, registeredCount: 9 })).toBe(7);
    expect(spotsLeft({ maxPlayers: null, registeredCount: 2 })).toBe(30);
    expect(spotsLeft({ maxPlayers: 8, registeredCount: 9 })).toBe(0);
    // D42: anyone waitlisted holds every freed spot.
    expect(spotsLeft({ maxPlayers: 16, registeredCount: 9, waitlisted: 1 })).toBe(0);
  });

  it('counts teams in a team tournament (D22): capacity maxTeams, labelled Teams', () => {
    expect(spotsLeft({ maxPlayers: 24, maxTeams: 8, registeredCount: 2 })).toBe(6);
    expect(entriesStat({ maxPlayers: 24, maxTeams: 8, registeredCount: 2 })).toEqual({ label: 'Teams', value: '2 / 8' });
    expect(entriesStat({ maxPlayers: null, maxTeams: null, registeredCount: 5 })).toEqual({ label: 'Players', value: '5 / 32' });
    expect(teamFormatLabel({ maxTeams: 8, teamSize: 3 })).toBe('3v3 teams');
    expect(teamFormatLabel({ maxTeams: null, teamSize: 1 })).toBeNull();
  });
});

describe('filters', () => {
  it('reads ?status= and falls back to All', () => {
    expect(parseStatusFilter('live')).toBe('live');
    expect(parseStatusFilter('LIVE')).toBeUndefined();
    expect(parseStatusFilter(undefined)).toBeUndefined();
    expect(parseStatusFilter('pending')).toBeUndefined();
  });
});

describe('earlyRegistrationBadge', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const inWindow = { status: 'upcoming' as const, startDate: '2026-11-21T00:00:00Z' };
  it('inside the 24-hour window: verified see Early Registration, everyone else Verified Only', () => {
    expect(earlyRegistrationBadge(inWindow, { isVerified: true }, now)).toBe('Early Registration');
    expect(earlyRegistrationBadge(inWindow, { isVerified: false }, now)).toBe('Verified Only');
    expect(earlyRegistrationBadge(inWindow, null, now)).toBe('Verified Only');
  });
  it('no badge outside the window or when not upcoming', () => {
    expect(earlyRegistrationBadge({ ...inWindow, startDate: '2026-11-22T12:00:01Z' }, null, now)).toBeNull();
    expect(earlyRegistrationBadge({ ...inWindow, startDate: '2026-11-20T11:59:59Z' }, null, now)).toBeNull();
    expect(earlyRegistrationBadge({ ...inWindow, status: 'live' }, { isVerified: true }, now)).toBeNull();
  });
});

describe('dates', () => {
  it('early registration is one day before the start; check-in 30 minutes before', () => {
    expect(earlyRegistrationDate('2026-11-21T17:00:00.000Z').toISOString()).toBe('2026-11-20T17:00:00.000Z');
    expect(checkInTime('2026-11-21T17:00:00.000Z').toISOString()).toBe('2026-11-21T16:30:00.000Z');
  });
});

describe('sponsors', () => {
  const sponsor = (id: number, tier: Sponsor['tier']): Sponsor => ({
    id,
    tier,
    companyName: `Company ${id}`,
    website: null,
    description: null,
    logoUrl: null,
  });
  it('groups by tier in the order title, gold, silver, bronze, leaving out empty tiers', () => {
    const groups = groupSponsorsByTier([sponsor(1, 'bronze'), sponsor(2, 'gold'), sponsor(3, 'title'), sponsor(4, 'gold')]);
    expect(groups.map((g) => g.label)).toEqual(['Title Sponsor', 'Gold Sponsor', 'Bronze Sponsor']);
    expect(groups[1]!.sponsors.map((s) => s.id)).toEqual([2, 4]);
    expect(groupSponsorsByTier([])).toEqual([]);
  });
  it('falls back to a supporter sentence without a description', () => {
    expect(sponsorDescription({ companyName: 'Acme', description: null })).toBe(
      'Acme is a proud supporter of this tournament.',
    );
    expect(sponsorDescription({ companyName: 'Acme', description: '  ' })).toBe('Acme is a proud supporter of this tournament.');
    expect(sponsorDescription({ companyName: 'Acme', description: 'Rockets.' })).toBe('Rockets.');
  });
  it('links only http(s) websites and labels them by host', () => {
    expect(safeWebsite('https://www.acme.example/about')).toBe('https://www.acme.example/about');
    expect(safeWebsite('javascript:alert(1)')).toBeNull();
    expect(safeWebsite('not a url')).toBeNull();
    expect(safeWebsite(null)).toBeNull();
    expect(websiteLabel('https://www.acme.example/about')).toBe('acme.example');
  });
});

describe('slugify', () => {
  it('makes a file-name-safe slug', () => {
    expect(slugify('Hoop Kings 1v1 Classic')).toBe('hoop-kings-1v1-classic');
    expect(slugify('Slip & Slide Kickball Bash!')).toBe('slip-slide-kickball-bash');
    expect(slugify('Fútbol Café')).toBe('futbol-cafe');
    expect(slugify('!!!')).toBe('tournament');
  });
});
