import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { winRatePercent } from './win-rate.ts';

/** The exact rational 100 x wins / games rounded half up, in BigInt: no floating point anywhere. */
function exactRate(wins: number, games: number): number {
  const scaled = 100n * BigInt(wins);
  const whole = scaled / BigInt(games);
  const remainder = scaled % BigInt(games);
  return Number(2n * remainder >= BigInt(games) ? whole + 1n : whole);
}

describe('winRatePercent', () => {
  it('rounds a half up: 23 wins in 40 games is 58', () => {
    expect(winRatePercent(23, 40)).toBe(58);
    expect(winRatePercent(1, 8)).toBe(13);
    expect(winRatePercent(1, 3)).toBe(33);
    expect(winRatePercent(2, 3)).toBe(67);
    expect(winRatePercent(0, 0)).toBe(0);
    expect(winRatePercent(5, 5)).toBe(100);
  });

  it('equals the exact fraction rounded half up, for any record', () => {
    const record = fc
      .integer({ min: 1, max: 1_000_000_000 })
      .chain((games) => fc.tuple(fc.integer({ min: 0, max: games }), fc.constant(games)));
    fc.assert(
      fc.property(record, ([wins, games]) => {
        expect(winRatePercent(wins, games)).toBe(exactRate(wins, games));
      }),
      { numRuns: 5000 },
    );
    // Every record of up to 400 games, where the halves that floating point gets wrong live.
    const wrong: string[] = [];
    for (let games = 1; games <= 400; games++) {
      for (let wins = 0; wins <= games; wins++) {
        if (winRatePercent(wins, games) !== exactRate(wins, games)) wrong.push(`${wins}/${games}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
