import type { BracketMatch } from '../../../edge/features/competition/schema.ts';
import { courtQueue, type CourtSlot } from './court-queue.ts';

// D45's broadcast view, from what the Bracket tab already fetches (the bracket and the courts): each court with the
// match called to it, the matches that go on next, and the latest results. Matches are not queued per court (D41:
// the host calls the next ready match to whichever court frees first), so the next matches are one queue for every
// court, in play order, as the Bracket tab's court queue shows them.

export interface BroadcastBoard {
  courts: CourtSlot[];
  /** Live matches called without a court, or to a court no longer listed. */
  elsewhere: BracketMatch[];
  /** The matches ready to be called next, in play order. */
  nextUp: BracketMatch[];
  /** The latest completed matches, newest first. */
  results: BracketMatch[];
  /** Whether any match is live now. */
  anyCalled: boolean;
}

export function broadcastBoard(
  matches: readonly BracketMatch[],
  courts: readonly string[],
  sizes: { next: number; results: number } = { next: 4, results: 4 },
): BroadcastBoard {
  const queue = courtQueue(matches, courts, sizes.next);
  const results = matches
    .filter((m) => m.status === 'completed' && m.completedAt)
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? '') || b.matchNumber - a.matchNumber)
    .slice(0, sizes.results);
  return {
    courts: queue.courts,
    elsewhere: queue.elsewhere,
    nextUp: queue.nextUp,
    results,
    anyCalled: matches.some((m) => m.status === 'live'),
  };
}

/** A side's score as the board shows it: the games won, or an en dash before any result. */
export function scoreText(score: number | null | undefined): string {
  return score === null || score === undefined ? '–' : String(score);
}
