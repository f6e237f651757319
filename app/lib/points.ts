// WTA points as every screen shows them (division tables, rosters, the dashboard): one format, one place.
import { groupDigits } from './money.ts';

/** "1,580 pts" (and "1 pt"). Whole points, grouped as en-US writes them (money.ts says why not Intl). */
export function formatPoints(points: number): string {
  // Halves away from zero, as Intl rounds.
  const whole = Math.round(Math.abs(points));
  const text = `${points < 0 && whole > 0 ? '-' : ''}${groupDigits(whole)}`;
  return `${text} ${points === 1 ? 'pt' : 'pts'}`;
}
