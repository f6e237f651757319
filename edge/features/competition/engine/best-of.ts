import type { ScoreInput } from './types.ts';

/** The games a match needs (D19): best of 3 wins with 2, best of 5 with 3. */
const GAMES_TO_WIN = { 3: 2, 5: 3 } as const;

const MESSAGES = {
  3: 'A best-of-3 match ends 2-0 or 2-1',
  5: 'A best-of-5 match ends 3-0, 3-1 or 3-2',
} as const;

/**
 * Why `score` cannot end a best-of-`bestOf` match, as the message of a 400; null when it can. The winner has exactly
 * the games needed and the loser fewer: no draws, no games beyond the decider.
 */
export function validateScore(bestOf: 3 | 5, score: ScoreInput): string | null {
  const { scoreA, scoreB } = score;
  if (![scoreA, scoreB].every((s) => Number.isInteger(s) && s >= 0)) return 'Scores must be whole numbers from 0 to 3';
  const need = GAMES_TO_WIN[bestOf];
  const [high, low] = scoreA > scoreB ? [scoreA, scoreB] : [scoreB, scoreA];
  return high === need && low < need ? null : MESSAGES[bestOf];
}
