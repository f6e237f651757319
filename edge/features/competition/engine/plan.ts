import type { MatchSpec, Replay } from './replay.ts';
import type { Standing } from './types.ts';

/** What a format contributes to the replay (compute-bracket.ts runs it). */
export interface FormatPlan {
  /** Matches laid out before anything is played, in play order. */
  initial: MatchSpec[];
  /** Matches that what is decided so far makes known (next Swiss round, playoff, grand-final reset). */
  extend: (replay: Replay) => MatchSpec[];
  /** Every stage is laid out: with all matches completed, the tournament is complete. */
  finished: (replay: Replay) => boolean;
  standings: (replay: Replay) => Standing[];
  /** Entrant ids by final place, once complete (D19). */
  places: (replay: Replay) => number[];
}
