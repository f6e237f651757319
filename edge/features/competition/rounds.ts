import type { MatchRow } from '../../../db/schema/competition.ts';
import { ROUND_BREAK_MINUTES } from './engine/constants.ts';
import { roundNameOf, type Stage } from './schema.ts';

/**
 * Where a stored match sits for a reader: its round as the API shows it, the round's name (000 s2) and, when nobody
 * set one, an estimated start. The engine keeps the third-place match in a stage of its own with round 1 (its key,
 * `third-place:r1:m1`, is stable); readers see it in the final's round, where it is played (ADR 052).
 */

/** 000 s9: the break between rounds, used to estimate a start time nobody set. */
export const ROUND_BREAK_MS = ROUND_BREAK_MINUTES * 60 * 1000;

type Placed = Pick<MatchRow, 'stage' | 'round'>;

/** Rounds per stage (the highest round of each), so names count from each stage's final. */
export function roundCounts(rows: readonly Placed[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of rows) counts.set(m.stage, Math.max(counts.get(m.stage) ?? 0, m.round));
  return counts;
}

/** The elimination stage a third-place match belongs to: the pool-play playoff when there is one, else the bracket. */
function thirdPlaceParent(counts: Map<string, number>): 'playoff' | 'main' {
  return counts.has('playoff') ? 'playoff' : 'main';
}

/** The round a reader sees: the third-place match is in its stage's final round. */
export function shownRound(m: Placed, counts: Map<string, number>): number {
  return m.stage === 'third-place' ? (counts.get(thirdPlaceParent(counts)) ?? m.round) : m.round;
}

/** The name a screen shows for a match's round (roundNameOf, the one function the Bracket tab uses too). */
export function matchRoundName(m: Placed, counts: Map<string, number>): string {
  return roundNameOf(m.stage as Stage, m.round, counts.get(m.stage) ?? m.round);
}

/**
 * A match nobody scheduled starts after the previous round of its stage ends plus the 15-minute break (000 s9); the
 * third-place match after the semi-finals it takes its entrants from; a first round with the tournament. Unknown
 * (null) while the previous round is still being played.
 */
export function startEstimator(rows: readonly MatchRow[], tournamentStart: Date | null) {
  const rounds = new Map<string, MatchRow[]>();
  for (const m of rows) {
    const k = `${m.stage}:${m.groupNumber}:${m.round}`;
    rounds.set(k, [...(rounds.get(k) ?? []), m]);
  }
  const counts = roundCounts(rows);
  return (m: MatchRow): Date | null => {
    const [stage, round] =
      m.stage === 'third-place'
        ? [thirdPlaceParent(counts), shownRound(m, counts)]
        : [m.stage, m.round];
    if (round <= 1) return tournamentStart;
    const prev = rounds.get(`${stage}:${m.groupNumber}:${round - 1}`);
    if (!prev || prev.length === 0) return tournamentStart;
    if (prev.some((p) => p.status !== 'completed' || !p.completedAt)) return null;
    const end = Math.max(...prev.map((p) => p.completedAt!.getTime()));
    return new Date(end + ROUND_BREAK_MS);
  };
}
