import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestOfLabel,
  correctionConflictOf,
  describeHistoryValue,
  fromLocalInputValue,
  gamesToWin,
  isDimmedLoser,
  isWinner,
  matchListLabel,
  nextMatchDescription,
  scoreText,
  startTimeLabel,
  toLocalInputValue,
  updatedAgoLabel,
} from './match-display.ts';

const at = (h: number, m = 0) => new Date(2026, 10, 21, h, m);

describe('a match card', () => {
  it('shows a dash for a missing score and the number otherwise (000 s2)', () => {
    expect(scoreText({ score: null })).toBe('-');
    expect(scoreText(null)).toBe('-');
    expect(scoreText({ score: 0 })).toBe('0');
    expect(scoreText({ score: 3 })).toBe('3');
  });

  it('marks the winner and dims only a completed match loser', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    const completed = { status: 'completed' as const, winnerId: 1 };
    expect(isWinner(completed, a)).toBe(true);
    expect(isWinner(completed, b)).toBe(false);
    expect(isWinner(completed, null)).toBe(false);
    expect(isDimmedLoser(completed, b)).toBe(true);
    expect(isDimmedLoser(completed, a)).toBe(false);
    expect(isDimmedLoser({ status: 'live', winnerId: null }, b)).toBe(false);
    expect(isDimmedLoser(completed, null)).toBe(false);
  });

  it('says best of N and how many games win it (D19)', () => {
    expect(bestOfLabel(3)).toBe('Best of 3 - first to 2 games');
    expect(bestOfLabel(5)).toBe('Best of 5 - first to 3 games');
    expect(gamesToWin(5)).toBe(3);
  });
});

describe('startTimeLabel', () => {
  const now = at(12);
  it('shows a set time as Starts and an estimate as Est., today without the date', () => {
    const set = { status: 'upcoming' as const, startTime: at(19, 15).toISOString(), startTimeEstimated: false };
    expect(startTimeLabel(set, now)).toEqual({ text: 'Starts 7:15 PM', label: 'Starts 7:15 PM' });
    const estimated = { ...set, startTimeEstimated: true };
    expect(startTimeLabel(estimated, now)).toEqual({ text: 'Est. 7:15 PM', label: 'Estimated start 7:15 PM' });
  });

  it('adds the day when the match is on another day', () => {
    const tomorrow = new Date(2026, 10, 22, 9, 5).toISOString();
    expect(startTimeLabel({ status: 'upcoming', startTime: tomorrow, startTimeEstimated: false }, now)?.text).toBe(
      'Starts Nov 22, 9:05 AM',
    );
  });

  it('shows nothing once the match is live or completed, or without a valid time', () => {
    const time = at(19).toISOString();
    expect(startTimeLabel({ status: 'live', startTime: time, startTimeEstimated: false }, now)).toBeNull();
    expect(startTimeLabel({ status: 'completed', startTime: time, startTimeEstimated: true }, now)).toBeNull();
    expect(startTimeLabel({ status: 'upcoming', startTime: null, startTimeEstimated: true }, now)).toBeNull();
    expect(startTimeLabel({ status: 'upcoming', startTime: 'soon', startTimeEstimated: false }, now)).toBeNull();
  });
});

describe('updatedAgoLabel', () => {
  it('counts in minutes and hours so the live region is not announced at every poll', () => {
    const now = at(12);
    const ago = (ms: number) => updatedAgoLabel(now.getTime() - ms, now);
    expect(ago(0)).toBe('Updated just now');
    expect(ago(59_999)).toBe('Updated just now');
    expect(ago(60_000)).toBe('Updated 1 minute ago');
    expect(ago(5 * 60_000 + 30_000)).toBe('Updated 5 minutes ago');
    expect(ago(60 * 60_000)).toBe('Updated 1 hour ago');
    expect(ago(3 * 60 * 60_000)).toBe('Updated 3 hours ago');
    expect(ago(30 * 60 * 60_000)).toBe('Updated Nov 20, 6:00 AM');
  });
});

describe('correctionConflictOf', () => {
  const dependents = [
    { id: 19, matchNumber: 9, round: 3, stage: 'main' },
    { id: 17, matchNumber: 7, round: 2, stage: 'main' },
  ];
  it('reads the 409 of a correction that would clear later results (D20)', () => {
    const error = new Error(`409: ${JSON.stringify({ message: 'Clears later results', dependents })}`);
    expect(correctionConflictOf(error)).toEqual({ message: 'Clears later results', dependents });
    expect(matchListLabel(dependents)).toBe('Match 7, Match 9');
  });

  it('is null for any other failure', () => {
    expect(correctionConflictOf(new Error('400: {"message":"Scores must be whole numbers from 0 to 3"}'))).toBeNull();
    expect(correctionConflictOf(new Error('409: {"message":"Already reported"}'))).toBeNull();
    expect(correctionConflictOf(new Error('409: <html>'))).toBeNull();
    expect(correctionConflictOf(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('the start-time field', () => {
  it('round-trips any minute through the datetime-local value', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(2020, 0, 1), max: new Date(2035, 0, 1), noInvalidDate: true }), (date) => {
        const minute = new Date(date);
        minute.setSeconds(0, 0);
        const value = toLocalInputValue(minute.toISOString());
        // A time that does not exist locally (a daylight-saving gap) may move; every other minute comes back.
        const back = fromLocalInputValue(value);
        if (back !== null) expect(back).toBe(minute.toISOString());
        expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
      }),
    );
  });

  it('refuses what is not a date and time', () => {
    expect(fromLocalInputValue('')).toBeNull();
    expect(fromLocalInputValue('2026-02-31T10:00')).toBeNull();
    expect(fromLocalInputValue('tomorrow')).toBeNull();
    expect(toLocalInputValue(null)).toBe('');
  });
});

describe('the match history and the next match', () => {
  it('describes history values briefly', () => {
    expect(describeHistoryValue({ scoreA: 3, scoreB: 1 })).toBe('3-1');
    expect(describeHistoryValue({ status: 'live' })).toBe('live');
    expect(describeHistoryValue(null)).toBe('-');
    expect(describeHistoryValue({ a: 'x'.repeat(200) })).toHaveLength(80);
  });

  it('says where a live entrant plays next', () => {
    const next = { matchId: 4, matchNumber: 5, roundName: 'Semi-Finals', opponent: 'Jordan Lee', status: 'live' as const, startTime: null };
    expect(nextMatchDescription(next, at(12))).toEqual({
      title: 'Your next match: Match 5 - Semi-Finals',
      details: 'vs Jordan Lee. Live now: head to your court.',
    });
    const later = { ...next, status: 'upcoming' as const, opponent: null, startTime: at(15, 30).toISOString() };
    expect(nextMatchDescription(later, at(12)).details).toBe('Opponent: TBD. Starts 3:30 PM.');
    expect(nextMatchDescription({ ...later, startTime: null }, at(12)).details).toBe(
      'Opponent: TBD. Start time to be announced.',
    );
  });
});
