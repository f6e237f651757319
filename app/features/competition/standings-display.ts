import type { StandingsRow, TournamentStandings } from '../../../edge/features/competition/schema.ts';

/** The standings tables of round robin, Swiss and pool play (D19), as the Bracket tab shows them. */

export interface StandingsTable {
  /** Pool number in pool play; 0 for the single table of round robin and Swiss. */
  group: number;
  title: string;
  /** Swiss ranks on Buchholz after wins (D19): the column is shown there only. */
  showBuchholz: boolean;
  rows: StandingsRow[];
}

/**
 * One table per pool (pool play) or one table (round robin, Swiss), rows by the server's rank (its tie-breaks are
 * D19's), then seed for equal ranks; elimination formats have none.
 */
export function standingsTables(standings: TournamentStandings): StandingsTable[] {
  if (standings.format !== 'round-robin' && standings.format !== 'swiss' && standings.format !== 'pool-play') return [];
  const groups = [...new Set(standings.rows.map((r) => r.group))].sort((a, b) => a - b);
  return groups.map((group) => ({
    group,
    title: standings.format === 'pool-play' ? `Pool ${group} Standings` : 'Standings',
    showBuchholz: standings.format === 'swiss',
    rows: standings.rows.filter((r) => r.group === group).sort((a, b) => a.rank - b.rank || a.seed - b.seed),
  }));
}

/** "3-1": wins-losses. */
export function recordText(row: Pick<StandingsRow, 'wins' | 'losses'>): string {
  return `${row.wins}-${row.losses}`;
}

/** Game difference with its sign: "+4", "0", "-2". */
export function gameDifferenceText(difference: number): string {
  return difference > 0 ? `+${difference}` : String(difference);
}
