import { describe, expect, it } from 'vitest';
import { preselectTournament, sponsorableTournaments, withLinkedTournament } from './tournament-choice.ts';

const list = [
  { id: 1, status: 'upcoming' as const },
  { id: 2, status: 'live' as const },
  { id: 13, status: 'completed' as const },
];

describe('sponsorableTournaments', () => {
  it('offers upcoming and live tournaments only (the server refuses completed ones)', () => {
    expect(sponsorableTournaments(list).map((t) => t.id)).toEqual([1, 2]);
  });
});

describe('preselectTournament', () => {
  const offered = sponsorableTournaments(list);

  it('starts league-wide when the link names no tournament', () => {
    expect(preselectTournament(undefined, offered)).toEqual({ state: 'none', value: '' });
  });
  it('preselects a tournament the form offers', () => {
    expect(preselectTournament(2, offered)).toEqual({ state: 'offered', value: '2' });
  });
  it('ignores a completed tournament and stays league-wide', () => {
    expect(preselectTournament(13, offered)).toEqual({ state: 'not-offered', value: '' });
  });
  it('ignores an unknown tournament and stays league-wide', () => {
    expect(preselectTournament(999, offered)).toEqual({ state: 'not-offered', value: '' });
  });
  it('preselects nothing while the list loads, and nothing when it could not load', () => {
    expect(preselectTournament(2, undefined)).toEqual({ state: 'pending', value: '' });
    expect(preselectTournament(2, [])).toEqual({ state: 'not-offered', value: '' });
  });
});

describe('withLinkedTournament', () => {
  it("adds the link's tournament when the list's page does not hold it, once", () => {
    const later = { id: 4000, status: 'upcoming' as const };
    expect(withLinkedTournament(list, later).map((t) => t.id)).toEqual([1, 2, 13, 4000]);
    expect(withLinkedTournament(list, list[1]).map((t) => t.id)).toEqual([1, 2, 13]);
    expect(withLinkedTournament(list, undefined)).toEqual(list);
  });
});
