// Rounds as readers see them (ADR 052): 000 s2's names counted from the final, log2 of the bracket size rounds, and
// the third-place match in the final's round. Over every bracket size, on the engine's own layouts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MatchRow } from '../../../db/schema/competition.ts';
import { rowValues } from './bracket-store.ts';
import { computeBracket } from './engine/compute-bracket.ts';
import { entrantsOf, playOut } from './engine/test-support.ts';
import type { EngineMatch } from './engine/types.ts';
import { matchRoundName, roundCounts, ROUND_BREAK_MS, shownRound, startEstimator } from './rounds.ts';

const NAMES_FROM_THE_FINAL = ['Final', 'Semi-Finals', 'Quarter-Finals', 'Round of 16', 'Round of 32'];

/** The engine's matches as the store writes them (what the readers load), each completed at `at`. */
function rows(matches: EngineMatch[], at = new Date(Date.UTC(2026, 10, 21, 12))): MatchRow[] {
  return matches.map((m, i) => ({ id: i + 1, tournamentId: 1, key: m.key, ...rowValues(m, undefined, at), version: 1 }));
}

describe('round numbers and names (000 s2)', () => {
  it('single elimination: log2(bracket size) rounds named from the final, the third-place match in the final round', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 64 }), async (n) => {
        const state = await computeBracket({ format: 'single-elimination', entrants: entrantsOf(n), results: [] });
        const stored = rows(state.matches);
        const counts = roundCounts(stored);
        const rounds = Math.ceil(Math.log2(n));
        expect(counts.get('main')).toBe(rounds);
        for (const m of stored.filter((x) => x.stage === 'main')) {
          const fromEnd = rounds - m.round;
          expect(shownRound(m, counts)).toBe(m.round);
          expect(matchRoundName(m, counts)).toBe(NAMES_FROM_THE_FINAL[fromEnd] ?? `Round ${m.round}`);
        }
        const third = stored.filter((x) => x.stage === 'third-place');
        expect(third).toHaveLength(n >= 4 ? 1 : 0);
        for (const m of third) {
          expect(shownRound(m, counts)).toBe(rounds);
          expect(matchRoundName(m, counts)).toBe('Third Place');
        }
      }),
      { numRuns: 80 },
    );
  });

  it('pool play: the playoff is named from its final and its third-place match sits in it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 6, max: 24 }), async (n) => {
        const { state } = await playOut('pool-play', entrantsOf(n));
        const stored = rows(state.matches);
        const counts = roundCounts(stored);
        const playoff = stored.filter((x) => x.stage === 'playoff');
        const last = Math.max(...playoff.map((m) => m.round));
        for (const m of playoff) expect(matchRoundName(m, counts)).toBe(NAMES_FROM_THE_FINAL[last - m.round] ?? `Round ${m.round}`);
        for (const m of stored.filter((x) => x.stage === 'third-place')) expect(shownRound(m, counts)).toBe(last);
        for (const m of stored.filter((x) => x.stage === 'pool')) expect(matchRoundName(m, counts)).toBe(`Pool Round ${m.round}`);
      }),
      { numRuns: 12 },
    );
  });

  it('estimates the third-place match after the semi-finals, not at the tournament start', async () => {
    const start = new Date(Date.UTC(2026, 10, 21, 9));
    const entrants = entrantsOf(8);
    const open = rows((await computeBracket({ format: 'single-elimination', entrants, results: [] })).matches);
    const thirdOpen = open.find((m) => m.stage === 'third-place')!;
    expect(startEstimator(open, start)(thirdOpen)).toBeNull();

    const { state } = await playOut('single-elimination', entrants);
    const semisEnd = new Date(Date.UTC(2026, 10, 21, 13, 40));
    const played = rows(state.matches, semisEnd);
    const third = { ...played.find((m) => m.stage === 'third-place')!, status: 'upcoming' as const, completedAt: null };
    expect(startEstimator(played, start)(third)).toEqual(new Date(semisEnd.getTime() + ROUND_BREAK_MS));
  });
});
