import type { BracketMatch } from '../../../edge/features/competition/schema.ts';
import type { ForfeitClaim } from '../../../edge/features/courts/schema.ts';
import type { ScoreReport, ScoreReportsView } from '../../../edge/features/score-reports/schema.ts';
import { courtQueue } from './court-queue.ts';

// Issue 37 item 5: the host's tournament day in one list, from what the Bracket tab already holds (the bracket, the
// players' reports and claims, the courts): what waits for the host's decision, and what can be called next.

export interface DayAgenda {
  /** Disputed rounds (D40): the host's report decides each. */
  disputes: { match: BracketMatch; round: ScoreReport }[];
  /** Forfeit claims waiting for the host (D41). */
  claims: { match: BracketMatch; claim: ForfeitClaim }[];
  /** Every match that can be called now (both sides known, neither playing), in play order. */
  ready: BracketMatch[];
  counts: { live: number; completed: number; total: number };
}

export function dayAgenda(
  matches: readonly BracketMatch[],
  view: Pick<ScoreReportsView, 'reports' | 'claims'> | null,
  courts: readonly string[],
): DayAgenda {
  const byId = new Map(matches.map((m) => [m.id, m]));
  const disputes = (view?.reports ?? []).flatMap((round) => {
    const match = byId.get(round.matchId);
    return round.state === 'disputed' && match && match.status !== 'completed' ? [{ match, round }] : [];
  });
  const claims = (view?.claims ?? []).flatMap((claim) => {
    const match = byId.get(claim.matchId);
    return claim.state === 'pending' && match ? [{ match, claim }] : [];
  });
  const queue = courtQueue(matches, courts, matches.length);
  return {
    disputes,
    claims,
    ready: queue.nextUp,
    counts: {
      live: matches.filter((m) => m.status === 'live').length,
      completed: matches.filter((m) => m.status === 'completed').length,
      total: matches.length,
    },
  };
}
