// The engine's plain values (ADR 017: no zod, no imports). The engine plays by them and the tournament page's
// Overview states its rules from them (issue 34), so the rules a visitor reads are the ones the bracket plays.

/** D19: the games of an ordinary match (best of 3). */
export const BEST_OF = 3 as const;
/** D19: the games of a deciding match (best of 5): the last rounds of an elimination bracket, third place, grand final. */
export const DECIDING_BEST_OF = 5 as const;
/** How many rounds at the end of an elimination bracket are deciding: the semi-finals and the final. */
export const DECIDING_ROUNDS = 2;
/** 000 s9: the break between rounds, from the end of a round to the estimated start of the next. */
export const ROUND_BREAK_MINUTES = 15;

/** The games of round `round` (1-based) of an elimination bracket of `roundCount` rounds (D19). */
export function eliminationRoundBestOf(round: number, roundCount: number): typeof BEST_OF | typeof DECIDING_BEST_OF {
  return round > roundCount - DECIDING_ROUNDS ? DECIDING_BEST_OF : BEST_OF;
}
