import { winRatePercent } from '../../../edge/features/teams/schema.ts';
import type { RosterPlayer } from './queries.ts';

/** The roster badge of a captain or coach; plain players get none. */
export function positionLabel(position: RosterPlayer['position']): string | null {
  return position === 'captain' ? 'Captain' : position === 'coach' ? 'Coach' : null;
}

/** Win rate as a whole percentage (halves up, as the server rounds it), or null before the first game. */
export function winRate(wins: number, losses: number): number | null {
  const games = wins + losses;
  return games > 0 ? winRatePercent(wins, games) : null;
}
