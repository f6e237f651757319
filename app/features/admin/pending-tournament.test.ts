import { describe, expect, it } from 'vitest';
import { formatName, pendingTournamentView, type PendingTournament } from './pending-tournament.ts';

const row: PendingTournament = {
  id: 7,
  title: 'Southside Pickleball Slam',
  description: 'Community pickleball.',
  sport: 'pickleball',
  division: 'mixed',
  format: 'round-robin',
  status: 'pending',
  buyIn: 25,
  prizePool: 320,
  maxPlayers: 16,
  maxTeams: null,
  teamSize: 1,
  venueName: 'Southside Park Courts',
  venueAddress: '1545 Jonesboro Road SE, Atlanta, GA 30315',
  location: 'Atlanta, GA',
  startDate: '2027-01-03T16:00:00.000Z',
  endDate: null,
  flyerUrl: null,
  rules: 'Games to 11.',
  requirements: 'Paddle.',
  prizeDistribution: { winner: 40, charity: 20, wta: 40 },
  checkIn: true,
  rejectionReason: null,
  cancellationReason: null,
  entrantCount: 0,
  createdAt: '2026-11-21T10:00:00.000Z',
  host: { id: 'h', firstName: 'Jordan', lastName: 'Carter', isVerified: true },
};

describe('pending tournament view (001 s2)', () => {
  it('shows every field of the host form with the host', () => {
    const view = pendingTournamentView(row);
    expect(view).toMatchObject({
      title: 'Southside Pickleball Slam',
      sport: 'Pickleball',
      format: 'Round Robin',
      division: 'Mixed',
      buyIn: '$25',
      maxPlayers: '16',
      venueName: 'Southside Park Courts',
      venueAddress: '1545 Jonesboro Road SE, Atlanta, GA 30315',
      rules: 'Games to 11.',
      prizeDistribution: 'Winner 40% · Charity 20% · WTA 40% of a $320 prize pool',
      hostName: 'Jordan Carter',
      hostVerified: true,
    });
    expect(view.startDate).toMatch(/2027/);
  });

  it('reads a tournament made before the host form: Open, the location as venue, no splits', () => {
    const view = pendingTournamentView({
      ...row,
      division: null,
      venueName: null,
      venueAddress: null,
      prizeDistribution: null,
      host: null,
      maxPlayers: null,
    });
    expect(view).toMatchObject({
      division: 'Open',
      venueName: 'Atlanta, GA',
      prizeDistribution: null,
      hostName: null,
      hostVerified: false,
      maxPlayers: 'Not set',
    });
    expect(pendingTournamentView({ ...row, maxTeams: 8, teamSize: 3 }).maxPlayers).toBe('8 teams of 3');
  });

  it('names the formats as the host form does', () => {
    expect(formatName('single-elimination')).toBe('Single Elimination');
    expect(formatName('swiss')).toBe('Swiss');
  });
});
