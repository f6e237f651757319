/**
 * The competition engine's contract (ADR 022). The engine is pure: no Hono, no database, no clock. The service loads
 * a tournament's entrants and reported results, calls `computeBracket`, and writes the difference.
 *
 * The bracket is a function of (format, entrants, results): every call replays the results in `seq` order onto a
 * freshly generated bracket. A result applies only while its match still has the two entrants it was reported
 * between; one that no longer applies is returned in `dropped` (a correction upstream changed who plays). That is
 * how a correction resets exactly the dependent matches (D20) without the libraries' "match is locked" rule.
 */

/** The five formats of the host form (001 s9). */
export const formats = ['single-elimination', 'double-elimination', 'round-robin', 'swiss', 'pool-play'] as const;
export type Format = (typeof formats)[number];

/** Who plays: a player now, a team later (D22). Ids are the service's entrant ids. */
export interface EngineEntrant {
  id: number;
  name: string;
  /** 1 = best (D13: WTA points, then earliest registration). Unique within the tournament. */
  seed: number;
  /** Withdrawn (disqualified, D20): each of their matches that is not completed is a forfeit won by the opponent. */
  withdrawn?: boolean;
}

/**
 * Where a match sits. Single elimination: 'main' (+ 'third-place'); double elimination: 'winners', 'losers',
 * 'grand-final'; round robin: 'round-robin'; Swiss: 'swiss'; pool play: 'pool' then 'playoff' (+ 'third-place').
 */
export type Stage =
  | 'main'
  | 'third-place'
  | 'winners'
  | 'losers'
  | 'grand-final'
  | 'round-robin'
  | 'swiss'
  | 'pool'
  | 'playoff';

/** A reported result, as stored: the match, the two entrants it was between, and the games each won. */
export interface ReportedResult {
  key: string;
  entrantAId: number;
  entrantBId: number;
  scoreA: number;
  scoreB: number;
  /** Report order; replay applies results in ascending `seq`. */
  seq: number;
  /**
   * D41: this match alone was won by forfeit by this entrant (a no-show claim the host confirmed): no games, and the
   * scores are ignored. Unlike a withdrawal (D20) the loser plays on.
   */
  forfeitWinnerId?: number;
}

export interface EngineMatch {
  /** Stable across recomputations, e.g. 'main:r1:m3', 'losers:r2:m1', 'swiss:r3:m2', 'pool:g2:r1:m1'. */
  key: string;
  stage: Stage;
  /** Pool number (1-based) in pool play; 0 elsewhere. */
  group: number;
  /** 1-based round within the stage (and within the bracket side for double elimination). */
  round: number;
  /** Display number, unique in the tournament, stable once given (later Swiss rounds and playoffs number after). */
  number: number;
  /** 5 in semi-finals, finals and third-place matches of an elimination stage; 3 elsewhere (D19). */
  bestOf: 3 | 5;
  /** Null while not yet known (TBD). */
  entrantAId: number | null;
  entrantBId: number | null;
  scoreA: number | null;
  scoreB: number | null;
  winnerId: number | null;
  completed: boolean;
  /** Completed because one side was withdrawn: no games and no match-win points (D20). */
  forfeit: boolean;
  /** The `seq` of the result that completed it; null for forfeits and open matches. */
  resultSeq: number | null;
}

/** A row of a standings table (round robin, Swiss, each pool). */
export interface Standing {
  entrantId: number;
  /** Pool number in pool play; 0 elsewhere. */
  group: number;
  /** 1-based, after the format's tie-breaks (D19). */
  rank: number;
  wins: number;
  losses: number;
  gamesWon: number;
  gamesLost: number;
  /** Swiss only: sum of opponents' wins (D19). */
  buchholz?: number;
}

export interface BracketState {
  format: Format;
  matches: EngineMatch[];
  /** Round robin, Swiss and pool play; empty for elimination formats. */
  standings: Standing[];
  /** True when every match that decides a place has a result (D12: the tournament completes). */
  complete: boolean;
  /**
   * Entrant ids by final place once `complete`: [champion, runner-up, third, fourth] (shorter with fewer entrants,
   * D19 decides the places); [] before.
   */
  places: number[];
  /** Keys of reported results that no longer apply (their match's entrants changed): cleared, to report again. */
  dropped: string[];
}

export interface BracketInput {
  format: Format;
  entrants: EngineEntrant[];
  results: ReportedResult[];
}

/** A score the caller wants to record on a match: validated by `validateScore`. */
export interface ScoreInput {
  scoreA: number;
  scoreB: number;
}
