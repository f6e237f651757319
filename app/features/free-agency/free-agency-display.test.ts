import { describe, expect, it } from 'vitest';
import { parsePoolSearch, placeOf, poolQueryParams, sportOptions, verifiedOptions } from './free-agency-display.ts';

describe('the pool filters', () => {
  it('labels the sports and the verified choices as 000 s2 does', () => {
    expect(sportOptions.map((o) => o.label)).toEqual([
      'All Sports',
      'Basketball',
      'Flag Football',
      'Kickball',
      'Slap Division',
    ]);
    expect(verifiedOptions.map((o) => o.label)).toEqual(['All Players', 'Verified Only', 'Unverified']);
  });

  it('keeps what the API accepts from the address bar and drops the rest', () => {
    expect(parsePoolSearch({ q: '  jas ', sport: 'slap', verified: 'verified', team: '12' })).toEqual({
      q: 'jas',
      sport: 'slap',
      verified: 'verified',
      team: 12,
    });
    expect(parsePoolSearch({ q: '   ', sport: 'soccer', verified: 'all', team: 'x' })).toEqual({});
    expect(parsePoolSearch({ sport: 'all', team: -3 })).toEqual({});
    expect(parsePoolSearch({ q: 'x'.repeat(150) }).q).toHaveLength(100);
    expect(parsePoolSearch({ team: 7 })).toEqual({ team: 7 });
  });

  it('sends only the list filters to the API', () => {
    expect(poolQueryParams({ q: 'a', sport: 'football', team: 3 })).toEqual({ q: 'a', sport: 'football' });
    expect(poolQueryParams({})).toEqual({});
  });

  it('writes where a player is from', () => {
    expect(placeOf({ city: 'Atlanta', state: 'GA' })).toBe('Atlanta, GA');
    expect(placeOf({ city: null, state: 'GA' })).toBe('GA');
    expect(placeOf({ city: null, state: null })).toBeNull();
  });
});
