// Scores (000 s9, D19) and corrections (D20): what a change clears, computed before anything changes.
import { describe, expect, it } from 'vitest';
import { computeBracket, EngineInputError } from './compute-bracket.ts';
import { correctionImpact, validateScore } from './score.ts';
import { entrantsOf, openMatches, playOut, resultFor, seeds } from './test-support.ts';
import type { BracketInput, EngineMatch, ReportedResult } from './types.ts';

describe('validateScore', () => {
  it.each([
    [2, 0],
    [2, 1],
    [0, 2],
    [1, 2],
  ])('accepts %i-%i in a best of 3', (scoreA, scoreB) => {
    expect(validateScore(3, { scoreA, scoreB })).toBeNull();
  });

  it.each([
    [1, 1],
    [2, 2],
    [1, 0],
    [0, 0],
    [3, 0],
    [3, 1],
  ])('refuses %i-%i in a best of 3', (scoreA, scoreB) => {
    expect(validateScore(3, { scoreA, scoreB })).toBe('A best-of-3 match ends 2-0 or 2-1');
  });

  it.each([
    [3, 0],
    [1, 3],
    [3, 2],
  ])('accepts %i-%i in a best of 5', (scoreA, scoreB) => {
    expect(validateScore(5, { scoreA, scoreB })).toBeNull();
  });

  it.each([
    [2, 1],
    [3, 3],
    [4, 0],
    [2, 0],
  ])('refuses %i-%i in a best of 5', (scoreA, scoreB) => {
    expect(validateScore(5, { scoreA, scoreB })).toBe('A best-of-5 match ends 3-0, 3-1 or 3-2');
  });

  it('refuses games that are not whole numbers', () => {
    expect(validateScore(3, { scoreA: 2, scoreB: -1 })).toBe('Scores must be whole numbers from 0 to 3');
    expect(validateScore(3, { scoreA: 1.5, scoreB: 2 })).toBe('Scores must be whole numbers from 0 to 3');
  });
});

const keysOf = (matches: readonly EngineMatch[]) => matches.map((m) => m.key);
const flipped = (m: EngineMatch) => {
  const need = m.bestOf === 3 ? 2 : 3;
  return m.winnerId === m.entrantAId ? { scoreA: 0, scoreB: need } : { scoreA: need, scoreB: 0 };
};

/** An 8-entrant single elimination with the given matches played by the better seed, in this order. */
async function eightPlayed(keys: string[]): Promise<BracketInput> {
  const input: BracketInput = { format: 'single-elimination', entrants: entrantsOf(8), results: [] };
  for (const key of keys) {
    const state = await computeBracket(input);
    const m = state.matches.find((x) => x.key === key)!;
    const aBetter = seeds([m.entrantAId])[0]! < seeds([m.entrantBId])[0]!;
    input.results.push(resultFor(m, aBetter, input.results.length + 1));
  }
  return input;
}

const QUARTERS = ['main:r1:m1', 'main:r1:m2', 'main:r1:m3', 'main:r1:m4'];

describe('correctionImpact (D20)', () => {
  it('clears exactly the semi-final when a quarter-final is corrected after it', async () => {
    const input = await eightPlayed([...QUARTERS, 'main:r2:m1']);
    const quarter = (await computeBracket(input)).matches.find((m) => m.key === 'main:r1:m1')!;
    const impact = await correctionImpact(input, 'main:r1:m1', flipped(quarter));
    expect(keysOf(impact.cleared)).toEqual(['main:r2:m1']);
    expect(impact.result.seq).toBe(1);
    const semi = impact.state.matches.find((m) => m.key === 'main:r2:m1')!;
    expect(semi).toMatchObject({ completed: false, resultSeq: null });
    expect(seeds([semi.entrantAId, semi.entrantBId])).toEqual([8, 4]);
    expect(impact.state.dropped).toEqual([]);
    // The other semi-final and quarter-finals keep their results.
    expect(impact.state.matches.filter((m) => m.completed)).toHaveLength(4);
  });

  it('clears the semi-final, the final and the third-place match when all were played', async () => {
    const input = await eightPlayed([...QUARTERS, 'main:r2:m1', 'main:r2:m2', 'third-place:r1:m1', 'main:r3:m1']);
    const before = await computeBracket(input);
    expect(before.complete).toBe(true);
    const quarter = before.matches.find((m) => m.key === 'main:r1:m1')!;
    const impact = await correctionImpact(input, 'main:r1:m1', flipped(quarter));
    expect(keysOf(impact.cleared)).toEqual(['main:r2:m1', 'third-place:r1:m1', 'main:r3:m1']);
    expect(impact.state.complete).toBe(false);
    expect(impact.state.places).toEqual([]);
  });

  it('clears nothing when the score changes but the winner does not', async () => {
    const input = await eightPlayed([...QUARTERS, 'main:r2:m1', 'main:r2:m2', 'third-place:r1:m1', 'main:r3:m1']);
    const before = await computeBracket(input);
    const quarter = before.matches.find((m) => m.key === 'main:r1:m1')!;
    const impact = await correctionImpact(input, 'main:r1:m1', { scoreA: 2, scoreB: 0 });
    expect(quarter).toMatchObject({ scoreA: 2, scoreB: 1 });
    expect(impact.cleared).toEqual([]);
    expect(impact.state.matches.find((m) => m.key === 'main:r1:m1')).toMatchObject({ scoreA: 2, scoreB: 0, resultSeq: 1 });
    expect(impact.state.places).toEqual(before.places);
  });

  it('follows a corrected winners-bracket match into the losers bracket', async () => {
    const { results } = await playOut('double-elimination', entrantsOf(4));
    const input: BracketInput = { format: 'double-elimination', entrants: entrantsOf(4), results };
    const first = (await computeBracket(input)).matches.find((m) => m.key === 'winners:r1:m1')!;
    const impact = await correctionImpact(input, 'winners:r1:m1', flipped(first));
    // Its winner played the winners final, its loser the first losers round; everything after depended on those.
    expect(keysOf(impact.cleared)).toEqual(['winners:r2:m1', 'losers:r1:m1', 'losers:r2:m1', 'grand-final:r1:m1']);
  });

  it('in Swiss, clears every later round once the change moves a pairing', async () => {
    const { results } = await playOut('swiss', entrantsOf(8), (m) => m.number % 3 !== 0);
    const input: BracketInput = { format: 'swiss', entrants: entrantsOf(8), results };
    const before = await computeBracket(input);
    const first = before.matches.find((m) => m.key === 'swiss:r1:m1')!;
    const impact = await correctionImpact(input, 'swiss:r1:m1', flipped(first));
    expect(keysOf(impact.cleared)).toEqual(keysOf(before.matches.filter((m) => m.round > 1)));
    expect(impact.state.matches.filter((m) => m.round > 1).every((m) => !m.completed)).toBe(true);
    const scoreOnly = await correctionImpact(input, 'swiss:r1:m1', { scoreA: first.scoreA === 2 ? 2 : 1, scoreB: first.scoreB === 2 ? 2 : 1 });
    expect(scoreOnly.cleared).toEqual([]);
  });

  it('numbers a first report after the last result, or as the caller says', async () => {
    const input = await eightPlayed(['main:r1:m1']);
    const open = openMatches(await computeBracket(input))[0]!;
    expect((await correctionImpact(input, open.key, { scoreA: 2, scoreB: 0 })).result.seq).toBe(2);
    expect((await correctionImpact(input, open.key, { scoreA: 2, scoreB: 0, seq: 40 })).result.seq).toBe(40);
  });

  it('replaces a result that no longer applied instead of keeping both', async () => {
    const input = await eightPlayed([...QUARTERS, 'main:r2:m1']);
    const quarter = (await computeBracket(input)).matches.find((m) => m.key === 'main:r1:m1')!;
    const stale: ReportedResult[] = input.results.map((r) => (r.key === 'main:r1:m1' ? { ...r, ...flipped(quarter), entrantAId: quarter.entrantAId!, entrantBId: quarter.entrantBId! } : r));
    const staleInput = { ...input, results: stale };
    expect((await computeBracket(staleInput)).dropped).toEqual(['main:r2:m1']);
    const semi = (await computeBracket(staleInput)).matches.find((m) => m.key === 'main:r2:m1')!;
    const impact = await correctionImpact(staleInput, 'main:r2:m1', { scoreA: 3, scoreB: 0 });
    expect(impact.state.dropped).toEqual([]);
    expect(impact.result).toMatchObject({ entrantAId: semi.entrantAId, entrantBId: semi.entrantBId, seq: 6 });
  });

  it('refuses a match that does not exist, lacks an entrant, or a score that cannot end it', async () => {
    const input = await eightPlayed([]);
    await expect(correctionImpact(input, 'main:r9:m1', { scoreA: 2, scoreB: 0 })).rejects.toThrow(EngineInputError);
    await expect(correctionImpact(input, 'main:r2:m1', { scoreA: 2, scoreB: 0 })).rejects.toThrow(
      'This match does not have both entrants yet',
    );
    await expect(correctionImpact(input, 'main:r1:m1', { scoreA: 1, scoreB: 1 })).rejects.toThrow(
      'A best-of-3 match ends 2-0 or 2-1',
    );
  });
});
