import { describe, expect, it } from 'vitest';
import type { StandingsRow, TournamentStandings } from '../../../edge/features/competition/schema.ts';
import { gameDifferenceText, recordText, standingsTables } from './standings-display.ts';

function row(entrantId: number, over: Partial<StandingsRow> = {}): StandingsRow {
  return {
    entrantId,
    name: `Player ${entrantId}`,
    seed: entrantId,
    userId: null,
    group: 0,
    rank: entrantId,
    wins: 0,
    losses: 0,
    gamesWon: 0,
    gamesLost: 0,
    gameDifference: 0,
    buchholz: null,
    withdrawn: false,
    ...over,
  };
}

describe('standingsTables', () => {
  it('orders by the server rank, then seed, whatever order the rows come in', () => {
    const standings: TournamentStandings = {
      format: 'round-robin',
      rows: [row(3, { rank: 2 }), row(1, { rank: 1 }), row(4, { rank: 2 }), row(2, { rank: 4 })],
    };
    const [table, ...rest] = standingsTables(standings);
    expect(rest).toEqual([]);
    expect(table?.title).toBe('Standings');
    expect(table?.showBuchholz).toBe(false);
    expect(table?.rows.map((r) => r.entrantId)).toEqual([1, 3, 4, 2]);
  });

  it('shows the Buchholz column in Swiss only (D19)', () => {
    expect(standingsTables({ format: 'swiss', rows: [row(1)] })[0]?.showBuchholz).toBe(true);
  });

  it('draws one table per pool, in pool order', () => {
    const standings: TournamentStandings = {
      format: 'pool-play',
      rows: [row(1, { group: 2, rank: 1 }), row(2, { group: 1, rank: 2 }), row(3, { group: 1, rank: 1 })],
    };
    const tables = standingsTables(standings);
    expect(tables.map((t) => t.title)).toEqual(['Pool 1 Standings', 'Pool 2 Standings']);
    expect(tables[0]?.rows.map((r) => r.entrantId)).toEqual([3, 2]);
  });

  it('has no table for elimination formats', () => {
    expect(standingsTables({ format: 'single-elimination', rows: [row(1)] })).toEqual([]);
    expect(standingsTables({ format: 'double-elimination', rows: [] })).toEqual([]);
  });
});

describe('standings cells', () => {
  it('shows W-L and a signed game difference', () => {
    expect(recordText({ wins: 3, losses: 1 })).toBe('3-1');
    expect(gameDifferenceText(4)).toBe('+4');
    expect(gameDifferenceText(0)).toBe('0');
    expect(gameDifferenceText(-2)).toBe('-2');
  });
});
