import { describe, expect, it } from 'vitest';
import { positionLabel, sportLabel, winRate } from './team-display.ts';

describe('team display', () => {
  it('labels sports, positions and win rates', () => {
    expect(sportLabel('football')).toBe('Flag Football');
    expect(sportLabel('slamball')).toBe('Slamball');
    expect(positionLabel('captain')).toBe('Captain');
    expect(positionLabel('coach')).toBe('Coach');
    expect(positionLabel('player')).toBeNull();
    expect(winRate(24, 8)).toBe(75);
    expect(winRate(0, 0)).toBeNull();
    expect(winRate(1, 2)).toBe(33);
  });
});
