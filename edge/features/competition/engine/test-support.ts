// Helpers for the engine's tests (not used by the engine itself).
import { validateScore } from './best-of.ts';
import { computeBracket } from './compute-bracket.ts';
import type { BracketState, EngineEntrant, EngineMatch, Format, ReportedResult, ScoreInput } from './types.ts';

/** Entrant ids that are not their seeds, and in the opposite order, so a mix-up of the two shows. */
export const idOf = (seed: number) => 1000 - 3 * seed;
export const seedOf = (id: number) => (1000 - id) / 3;

export function entrantsOf(count: number, withdrawnSeeds: readonly number[] = []): EngineEntrant[] {
  return Array.from({ length: count }, (_, i) => ({
    id: idOf(i + 1),
    name: `Seed ${i + 1}`,
    seed: i + 1,
    ...(withdrawnSeeds.includes(i + 1) ? { withdrawn: true } : {}),
  }));
}

/** Open and playable: not completed, both entrants known. */
export function openMatches(state: BracketState): EngineMatch[] {
  return state.matches.filter((m) => !m.completed && m.entrantAId !== null && m.entrantBId !== null);
}

/** A valid score of a best-of-`bestOf` match won by side A (or B), the loser taking `loserGames` (clamped). */
export function winningScore(bestOf: 3 | 5, aWins: boolean, loserGames = 1): ScoreInput {
  const need = bestOf === 3 ? 2 : 3;
  const lose = Math.min(Math.max(loserGames, 0), need - 1);
  const score = aWins ? { scoreA: need, scoreB: lose } : { scoreA: lose, scoreB: need };
  if (validateScore(bestOf, score) !== null) throw new Error('test score invalid');
  return score;
}

export type Chooser = (m: EngineMatch) => boolean;

/** Side A wins when its entrant is the better seed. */
export const betterSeedWins: Chooser = (m) => seedOf(m.entrantAId!) < seedOf(m.entrantBId!);
export const worseSeedWins: Chooser = (m) => !betterSeedWins(m);

export function resultFor(m: EngineMatch, aWins: boolean, seq: number, loserGames = 1): ReportedResult {
  return { key: m.key, entrantAId: m.entrantAId!, entrantBId: m.entrantBId!, ...winningScore(m.bestOf, aWins, loserGames), seq };
}

/**
 * Reports the lowest-numbered open match until none is left, checking that each report applies.
 * Returns the last state and every result reported (with `results` first).
 */
export async function playOut(
  format: Format,
  entrants: EngineEntrant[],
  choose: Chooser = betterSeedWins,
  results: ReportedResult[] = [],
): Promise<{ state: BracketState; results: ReportedResult[] }> {
  let state = await computeBracket({ format, entrants, results });
  const all = [...results];
  for (;;) {
    const next = openMatches(state)[0];
    if (!next) return { state, results: all };
    all.push(resultFor(next, choose(next), Math.max(0, ...all.map((r) => r.seq)) + 1));
    state = await computeBracket({ format, entrants, results: all });
    const applied = state.matches.find((m) => m.key === next.key);
    if (!applied?.completed || applied.resultSeq !== all.at(-1)!.seq) throw new Error(`result on ${next.key} not applied`);
  }
}

/** Seeds of an entrant-id list. */
export const seeds = (ids: readonly (number | null)[]) => ids.map((id) => (id === null ? null : seedOf(id)));
