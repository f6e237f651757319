import { describe, expect, it } from 'vitest';
import type { ScoreReport } from '../../../edge/features/score-reports/schema.ts';
import { playerActions, reportLine, roundAfterDispute, roundAfterReport } from './report-display.ts';

const now = new Date('2026-11-21T15:00:00Z');
const match = { id: 7, version: 3, status: 'live' as const, teamA: { name: 'Jordan Lee' }, teamB: { name: 'Heat Check' } };
const pendingFromA: ScoreReport = {
  matchId: 7,
  matchVersion: 3,
  state: 'pending',
  reports: [{ side: 'A', reporter: 'Jordan Lee', scoreA: 2, scoreB: 1, at: now.toISOString() }],
  disputedAt: null,
  confirmsAt: '2026-11-21T15:10:00.000Z',
  confirmedBy: null,
};

describe("a match card's players' report (D40)", () => {
  it('says who reported what, naming the member when a team reported', () => {
    expect(reportLine(match as never, pendingFromA.reports[0]!)).toBe('Jordan Lee reported 2-1');
    expect(reportLine(match as never, { ...pendingFromA.reports[0]!, side: 'B', reporter: 'Sam Ortiz' })).toBe(
      'Heat Check reported 2-1 (Sam Ortiz)',
    );
  });

  it('offers Report Score, Confirm and Dispute only to the entrants of a live match whose round is open to them', () => {
    expect(playerActions(match, null, null)).toEqual({ report: false, confirm: null, dispute: false });
    expect(playerActions({ status: 'upcoming' }, 'A', null).report).toBe(false);
    expect(playerActions(match, 'A', null)).toEqual({ report: true, confirm: null, dispute: false });
    expect(playerActions(match, 'A', pendingFromA)).toEqual({ report: true, confirm: null, dispute: false });
    expect(playerActions(match, 'B', pendingFromA)).toEqual({ report: true, confirm: pendingFromA.reports[0], dispute: true });
    expect(playerActions(match, 'B', { ...pendingFromA, state: 'disputed' }).report).toBe(false);
    expect(playerActions(match, 'B', { ...pendingFromA, state: 'confirmed' }).dispute).toBe(false);
  });

  it('expects what the server answers: a first report pends, the same score confirms, another disputes', () => {
    const mine = { side: 'B' as const, reporter: 'You', scoreA: 2, scoreB: 1 };
    expect(roundAfterReport(match, null, { ...mine, side: 'A' }, now)).toMatchObject({ state: 'pending', confirmsAt: '2026-11-21T15:10:00.000Z' });
    expect(roundAfterReport(match, pendingFromA, mine, now)).toMatchObject({ state: 'confirmed', confirmedBy: 'opponent' });
    const differs = roundAfterReport(match, pendingFromA, { ...mine, scoreA: 0, scoreB: 2 }, now);
    expect(differs).toMatchObject({ state: 'disputed', confirmsAt: null });
    expect(differs.reports.map((r) => r.side)).toEqual(['A', 'B']);
    expect(roundAfterReport(match, pendingFromA, { ...mine, side: 'A', scoreA: 2, scoreB: 0 }, now).reports).toHaveLength(1);
    expect(roundAfterDispute(pendingFromA, now)).toMatchObject({ state: 'disputed', disputedAt: now.toISOString() });
  });
});
