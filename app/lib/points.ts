// WTA points as every screen shows them (division tables, rosters, the dashboard): one format, one place.
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "1,580 pts" (and "1 pt"). */
export function formatPoints(points: number): string {
  return `${whole.format(points)} ${points === 1 ? 'pt' : 'pts'}`;
}
