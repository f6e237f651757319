import { describe, expect, it } from 'vitest';
import { pendingTournamentView, type PendingTournament } from './pending-tournament.ts';

const row: PendingTournament = {
  id: 7,
  title: 'Southside Pickleball Slam',
  description: 'Community pickleball.',
  location: 'Southside Park Courts, Atlanta, GA',
  division: 'pickleball',
  startDate: '2027-01-03T16:00:00.000Z',
  format: 'round-robin',
  buyIn: 25,
  prizePool: 320,
  maxPlayers: 16,
  flyerUrl: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  host: { id: 'h', firstName: 'Jordan', lastName: 'Carter', isVerified: true },
};

describe('pending tournament view (001 s2)', () => {
  it('shows the sport, format, default division, money and host', () => {
    const view = pendingTournamentView(row);
    expect(view).toMatchObject({
      title: 'Southside Pickleball Slam',
      sport: 'Pickleball',
      format: 'round robin',
      division: 'Open',
      buyIn: '$25',
      maxPlayers: '16',
      venueName: 'Southside Park Courts, Atlanta, GA',
      venueAddress: null,
      rules: null,
      prizeDistribution: 'Prize pool $320',
      hostName: 'Jordan Carter',
      hostVerified: true,
    });
    expect(view.startDate).toMatch(/2027/);
  });

  it('prefers the hosting form fields when the API sends them', () => {
    const view = pendingTournamentView({
      ...row,
      sport: 'Volleyball',
      venueName: 'Gym',
      venueAddress: '1 Main St, Atlanta, GA',
      rules: 'Best of three.',
      prizeDistribution: 'Winner 30%, charity 15%, WTA 55%',
      host: null,
      maxPlayers: null,
    });
    expect(view).toMatchObject({
      sport: 'Volleyball',
      venueName: 'Gym',
      venueAddress: '1 Main St, Atlanta, GA',
      rules: 'Best of three.',
      prizeDistribution: 'Winner 30%, charity 15%, WTA 55%',
      hostName: null,
      hostVerified: false,
      maxPlayers: 'Not set',
    });
  });
});
