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
    // 57.5 rounds up (Math.round(23 / 40 * 100) gave 57: 0.575 x 100 is 57.4999... in floating point).
    expect(winRate(23, 17)).toBe(58);
  });
});
