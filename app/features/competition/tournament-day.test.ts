import { describe, expect, it } from 'vitest';
import type { BracketMatch, BracketSide } from '../../../edge/features/competition/schema.ts';
import type { ScoreReport } from '../../../edge/features/score-reports/schema.ts';
import { dayAgenda } from './tournament-day.ts';

const side = (id: number): BracketSide => ({
  id,
  name: `P${id}`,
  seed: id,
  score: null,
  userId: `u${id}`,
  teamId: null,
  withdrawn: false,
});
const m = (n: number, a: number, b: number, status: BracketMatch['status'] = 'upcoming', court: string | null = null) =>
  ({ id: n, matchNumber: n, status, court, teamA: side(a), teamB: side(b) }) as BracketMatch;
const round = (matchId: number, state: ScoreReport['state']): ScoreReport => ({
  matchId,
  matchVersion: 1,
  state,
  reports: [],
  disputedAt: null,
  confirmsAt: null,
  confirmedBy: null,
});

describe("the host's tournament day (issue 37 item 5)", () => {
  it('lists disputes and pending claims to decide, and every callable match', () => {
    const matches = [
      m(1, 1, 2, 'live', 'Court 1'),
      m(2, 3, 4, 'live'),
      m(3, 5, 6),
      m(4, 1, 5),
      m(5, 7, 8),
      m(6, 9, 10, 'completed'),
    ];
    const day = dayAgenda(
      matches,
      {
        reports: [round(2, 'disputed'), round(1, 'pending'), round(6, 'disputed')],
        claims: [
          { id: 1, matchId: 1, side: 'A', claimant: 'P1', claimedAt: '', state: 'pending' },
          { id: 2, matchId: 2, side: 'B', claimant: 'P4', claimedAt: '', state: 'refused' },
        ],
      },
      ['Court 1', 'Court 2'],
    );
    // A completed match's disputed round is history, not a decision to make.
    expect(day.disputes.map((d) => d.match.matchNumber)).toEqual([2]);
    expect(day.claims.map((c) => c.claim.id)).toEqual([1]);
    expect(day.ready.map((x) => x.matchNumber)).toEqual([3, 5]);
    expect(day.counts).toEqual({ live: 2, completed: 1, total: 6 });
  });

  it('has nothing to decide without the reports view (offline before it was saved) ', () => {
    const day = dayAgenda([m(1, 1, 2)], null, []);
    expect(day.disputes).toEqual([]);
    expect(day.claims).toEqual([]);
    expect(day.ready.map((x) => x.matchNumber)).toEqual([1]);
  });
});
