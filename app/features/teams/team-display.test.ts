import { describe, expect, it } from 'vitest';
import { positionLabel, winRate } from './team-display.ts';

describe('team display', () => {
  it('labels positions and win rates', () => {
    expect(positionLabel('captain')).toBe('Captain');
    expect(positionLabel('coach')).toBe('Coach');
    expect(positionLabel('player')).toBeNull();
    expect(winRate(24, 8)).toBe(75);
    expect(winRate(0, 0)).toBeNull();
    expect(winRate(1, 2)).toBe(33);
  });
});
