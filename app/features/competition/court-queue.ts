import type { BracketMatch } from '../../../edge/features/competition/schema.ts';

// D41: the court queue on the Bracket tab, from the bracket alone: what is on each court now, and the matches that
// can be called next (both sides known, neither playing now), in play order.

export interface CourtSlot {
  court: string;
  /** The live match called to this court, if any. */
  match: BracketMatch | null;
}

export interface CourtQueue {
  courts: CourtSlot[];
  /** Live matches called without a court (or to a court no longer listed). */
  elsewhere: BracketMatch[];
  /** Up to `next` matches ready to be called. */
  nextUp: BracketMatch[];
}

export function courtQueue(matches: readonly BracketMatch[], courts: readonly string[], next = 3): CourtQueue {
  const live = matches.filter((m) => m.status === 'live');
  const courtsOf = new Map(courts.map((c) => [c.toLowerCase(), c]));
  const slots = courts.map((court) => ({ court, match: live.find((m) => m.court?.toLowerCase() === court.toLowerCase()) ?? null }));
  const elsewhere = live.filter((m) => !m.court || !courtsOf.has(m.court.toLowerCase()));
  const playing = new Set(live.flatMap((m) => [m.teamA?.id, m.teamB?.id]));
  const nextUp = matches
    .filter((m) => m.status === 'upcoming' && m.teamA && m.teamB && !playing.has(m.teamA.id) && !playing.has(m.teamB.id))
    .sort((a, b) => a.matchNumber - b.matchNumber)
    .slice(0, next);
  return { courts: slots, elsewhere, nextUp };
}
