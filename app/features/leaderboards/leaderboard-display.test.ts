import { describe, expect, it } from 'vitest';
import { medalOf, parseLeaderboardSearch, playerQueryParams, tabOf, teamQueryParams } from './leaderboard-display.ts';

describe('the leaderboards URL', () => {
  it('opens Player Points by default, and the tab ?type= names (the mobile menu’s links)', () => {
    expect(tabOf(parseLeaderboardSearch({}))).toBe('players');
    expect(tabOf(parseLeaderboardSearch({ type: 'players' }))).toBe('players');
    expect(tabOf(parseLeaderboardSearch({ type: 'teams' }))).toBe('teams');
    expect(tabOf(parseLeaderboardSearch({ type: 'wins' }))).toBe('wins');
    expect(tabOf(parseLeaderboardSearch({ type: 'bogus' }))).toBe('players');
  });

  it('keeps filters the API accepts and drops anything else, every key present', () => {
    expect(parseLeaderboardSearch({ q: '  jor ', sport: 'slap', division: '3v3', extra: 1 })).toStrictEqual({
      type: undefined,
      q: 'jor',
      sport: 'slap',
      division: '3v3',
    });
    expect(parseLeaderboardSearch({ q: 5, sport: 'Basketball', division: 'all', type: 'all' })).toStrictEqual({
      type: undefined,
      q: undefined,
      sport: undefined,
      division: undefined,
    });
    expect(parseLeaderboardSearch({ q: 'x'.repeat(150) }).q).toHaveLength(100);
  });

  it('asks the API for the tab’s order and filters; teams take the search only', () => {
    const search = parseLeaderboardSearch({ q: 'jor', sport: 'football', division: 'Team' });
    expect(playerQueryParams(search, 'players')).toEqual({ search: 'jor', sport: 'football', division: 'Team' });
    expect(playerQueryParams(search, 'wins')).toEqual({
      search: 'jor',
      sport: 'football',
      division: 'Team',
      sort: 'wins',
    });
    expect(teamQueryParams(search)).toEqual({ search: 'jor' });
    expect(playerQueryParams({}, 'players')).toEqual({});
  });

  it('gives the top three their medals', () => {
    expect([1, 2, 3, 4, 40].map(medalOf)).toEqual(['gold', 'silver', 'bronze', null, null]);
  });
});
