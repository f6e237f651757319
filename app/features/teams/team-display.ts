import type { RosterPlayer } from './queries.ts';

/** Display names of the profile's sports (000 s1); other sports read as words ("flag-football" -> "Flag Football"). */
const sportNames: Record<string, string> = {
  basketball: 'Basketball',
  football: 'Flag Football',
  kickball: 'Kickball',
  slap: 'Slap Division',
};

export function sportLabel(sport: string): string {
  return (
    sportNames[sport] ??
    sport
      .split(/[-_\s]+/)
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join(' ')
  );
}

/** The roster badge of a captain or coach; plain players get none. */
export function positionLabel(position: RosterPlayer['position']): string | null {
  return position === 'captain' ? 'Captain' : position === 'coach' ? 'Coach' : null;
}

/** Win rate as a whole percentage, or null before the first game. */
export function winRate(wins: number, losses: number): number | null {
  const games = wins + losses;
  return games > 0 ? Math.round((wins / games) * 100) : null;
}
