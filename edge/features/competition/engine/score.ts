import { validateScore } from './best-of.ts';
import { computeBracket, EngineInputError } from './compute-bracket.ts';
import type { BracketInput, BracketState, EngineMatch, ReportedResult, ScoreInput } from './types.ts';

export { validateScore };

export interface CorrectionImpact {
  /** The bracket as it is now. */
  before: BracketState;
  /** The bracket once the score is recorded and the `cleared` results are removed: what to store. */
  state: BracketState;
  /** Matches of `before` whose results the change clears (D20's dependents with a result), in number order. */
  cleared: EngineMatch[];
  /** The result to store for `key`: its sides are the match's, and a correction keeps the original `seq`. */
  result: ReportedResult;
}

/**
 * What recording `next` on match `key` does (a first report or a correction, D20), computed before anything
 * changes: the service answers 409 with `cleared` unless the caller confirmed exactly those, then stores `result`,
 * deletes the cleared results and keeps `state`.
 *
 * A result is cleared when it applies now and would not apply after: its match no longer has the two entrants it
 * was played between (recursively, since a cleared result un-decides the next match). A score change that keeps
 * the winner clears nothing. In Swiss, where every later round depends on the standings (D20), a change that
 * clears anything clears every result of the later rounds, so they are paired and played again from the new
 * standings rather than left as a patchwork.
 *
 * Throws EngineInputError when the match does not exist, lacks an entrant, or the score cannot end it.
 */
export async function correctionImpact(
  input: BracketInput,
  key: string,
  next: ScoreInput & { seq?: number },
): Promise<CorrectionImpact> {
  const before = await computeBracket(input);
  const match = before.matches.find((m) => m.key === key);
  if (!match) throw new EngineInputError(`No match ${key} in this bracket`);
  if (match.entrantAId === null || match.entrantBId === null) {
    throw new EngineInputError('This match does not have both entrants yet');
  }
  const problem = validateScore(match.bestOf, next);
  if (problem) throw new EngineInputError(problem);
  const lastSeq = Math.max(0, ...input.results.map((r) => r.seq));
  const result: ReportedResult = {
    key,
    entrantAId: match.entrantAId,
    entrantBId: match.entrantBId,
    scoreA: next.scoreA,
    scoreB: next.scoreB,
    seq: match.resultSeq ?? next.seq ?? lastSeq + 1,
  };
  // The new result replaces whatever was stored for this match, including one that no longer applied.
  const results = [...input.results.filter((r) => r.key !== key), result];
  const trial = await computeBracket({ ...input, results });
  const stillApplies = new Set(trial.matches.filter((m) => m.resultSeq !== null).map((m) => `${m.key}@${m.resultSeq}`));
  let cleared = before.matches.filter(
    (m) => m.key !== key && m.resultSeq !== null && !stillApplies.has(`${m.key}@${m.resultSeq}`),
  );
  if (input.format === 'swiss' && cleared.length > 0) {
    cleared = before.matches.filter((m) => m.round > match.round && m.resultSeq !== null);
  }
  const gone = new Set(cleared.map((m) => `${m.key}@${m.resultSeq}`));
  const kept = results.filter((r) => !gone.has(`${r.key}@${r.seq}`));
  const state = cleared.length > 0 ? await computeBracket({ ...input, results: kept }) : trial;
  return { before, state, cleared, result };
}
