import { describe, expect, it } from 'vitest';
import type { MvpPlayer } from '../../../edge/features/competition/schema.ts';
import { playerCity, playerName, rankResults, voteCountText } from './mvp-display.ts';

const player = (id: string, firstName: string, city: string | null = null): MvpPlayer => ({
  id,
  firstName,
  lastName: 'Lee',
  profileImageUrl: null,
  city,
});

describe('MVP voting texts (000 s2)', () => {
  it("falls back to 'Unknown City'", () => {
    expect(playerCity(player('a', 'Jo', 'Atlanta, GA'))).toBe('Atlanta, GA');
    expect(playerCity(player('a', 'Jo', null))).toBe('Unknown City');
    expect(playerCity(player('a', 'Jo', '  '))).toBe('Unknown City');
    expect(playerName(player('a', 'Jordan'))).toBe('Jordan Lee');
    expect(voteCountText(1)).toBe('1 vote');
    expect(voteCountText(0)).toBe('0 votes');
  });

  it('ranks results by votes with ties sharing a rank', () => {
    const ranked = rankResults([
      { player: player('a', 'Cam'), voteCount: 2 },
      { player: player('b', 'Ari'), voteCount: 5 },
      { player: player('c', 'Bo'), voteCount: 2 },
      { player: player('d', 'Di'), voteCount: 0 },
    ]);
    expect(ranked.map((r) => [r.rank, r.player.firstName])).toEqual([
      [1, 'Ari'],
      [2, 'Bo'],
      [2, 'Cam'],
      [4, 'Di'],
    ]);
  });
});
