import { describe, expect, it } from 'vitest';
import { hostTournamentSchema, HOST_MESSAGES } from '../../../edge/features/hosting/schema.ts';
import {
  defaultHostForm,
  fromLocalInput,
  hostFormOf,
  previewPrizePool,
  splitTotal,
  toHostPayload,
  toLocalInput,
} from './host-form.ts';

const filled = () => ({
  ...defaultHostForm(),
  title: 'Swiss Summer Classic',
  description: 'A one-day Swiss tournament for the whole neighbourhood.',
  sport: 'pickleball',
  format: 'swiss',
  startDate: '2030-06-01T10:00',
  venueName: 'Southside Park',
  venueAddress: '123 Court Street, Atlanta, GA',
  location: 'Atlanta, GA',
  rules: 'Best of three games to 11, win by two.',
  requirements: 'Bring a paddle.',
});

describe('the host form', () => {
  it('starts with the defaults of 001 s9', () => {
    expect(defaultHostForm()).toMatchObject({
      buyIn: '25',
      maxPlayers: '16',
      winnerSplit: '30',
      charitySplit: '15',
      wtaSplit: '55',
      format: 'single-elimination',
      division: 'open',
      prizePool: '',
      checkIn: true,
    });
  });

  it('sends numbers, ISO dates and nulls for what was left empty, and the schema accepts a filled form', () => {
    const payload = toHostPayload(filled());
    expect(payload).toMatchObject({
      buyIn: 25,
      maxPlayers: 16,
      prizePool: null,
      maxTeams: null,
      teamSize: null,
      endDate: null,
      flyerUrl: null,
      checkIn: true,
    });
    expect(payload.startDate).toBe(new Date('2030-06-01T10:00').toISOString());
    expect(hostTournamentSchema.safeParse(payload).success).toBe(true);
  });

  it('leaves an empty required number for the schema to name, and unreadable text as text', () => {
    const result = hostTournamentSchema.safeParse(toHostPayload({ ...filled(), maxPlayers: '', buyIn: 'abc' }));
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain(HOST_MESSAGES.maxPlayers);
    expect(messages).toContain(HOST_MESSAGES.buyIn);
  });

  it('previews the automatic prize pool from the buy-in and the capacity (teams when set)', () => {
    expect(previewPrizePool({ buyIn: '25', maxPlayers: '16', maxTeams: '' })).toBe(320);
    expect(previewPrizePool({ buyIn: '100', maxPlayers: '24', maxTeams: '8' })).toBe(640);
    expect(previewPrizePool({ buyIn: '', maxPlayers: '16', maxTeams: '' })).toBeNull();
    expect(previewPrizePool({ buyIn: '2.5', maxPlayers: '16', maxTeams: '' })).toBeNull();
  });

  it('adds up the splits as typed', () => {
    expect(splitTotal({ winnerSplit: '30', charitySplit: '15', wtaSplit: '55' })).toBe(100);
    expect(splitTotal({ winnerSplit: '30', charitySplit: '', wtaSplit: 'x' })).toBe(30);
  });

  it('round-trips local date-times and fills the form from a tournament', () => {
    const iso = fromLocalInput('2030-06-01T10:00');
    expect(toLocalInput(iso)).toBe('2030-06-01T10:00');
    expect(fromLocalInput('')).toBe('');
    const form = hostFormOf({
      id: 1,
      title: 'Cup Title',
      description: null,
      sport: 'hoop',
      division: null,
      format: 'swiss',
      status: 'upcoming',
      buyIn: 40,
      prizePool: 500,
      maxPlayers: 8,
      maxTeams: 4,
      teamSize: 3,
      venueName: null,
      venueAddress: null,
      location: 'Atlanta, GA',
      startDate: iso,
      endDate: null,
      flyerUrl: null,
      rules: null,
      requirements: null,
      prizeDistribution: null,
      checkIn: false,
      rejectionReason: null,
      cancellationReason: null,
      entrantCount: 0,
      createdAt: iso,
      host: null,
    });
    expect(form).toMatchObject({
      division: 'open',
      venueName: 'Atlanta, GA',
      buyIn: '40',
      maxTeams: '4',
      teamSize: '3',
      winnerSplit: '30',
      checkIn: false,
    });
  });
});
