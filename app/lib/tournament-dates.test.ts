import { describe, expect, it } from 'vitest';
import { formatTournamentDate, tournamentDate, tournamentDates } from './tournament-dates.ts';

const SCHEDULED = '2026-12-02T18:00:00.000Z';
const STARTED = '2026-11-29T18:00:00.000Z';
const COMPLETED = '2026-11-29T21:30:00.000Z';
const day = (iso: string) => iso.slice(0, 10);

describe('tournament dates (issue 34)', () => {
  it('dates a tournament by its schedule until it starts', () => {
    for (const t of [{ startDate: SCHEDULED }, { startDate: SCHEDULED, startedAt: null, completedAt: null }]) {
      expect(tournamentDates(t)).toEqual([{ label: 'Starts', at: SCHEDULED }]);
      expect(formatTournamentDate(tournamentDate(t), day)).toBe('Starts 2026-12-02');
    }
  });

  it('once started early, by when it started and completed, never by the schedule', () => {
    const live = { startDate: SCHEDULED, startedAt: STARTED, completedAt: null };
    expect(tournamentDates(live)).toEqual([{ label: 'Started', at: STARTED }]);
    const done = { ...live, completedAt: COMPLETED };
    expect(tournamentDates(done)).toEqual([
      { label: 'Started', at: STARTED },
      { label: 'Completed', at: COMPLETED },
    ]);
    // A card, a search row or a history row shows the latest.
    expect(formatTournamentDate(tournamentDate(done), day)).toBe('Completed 2026-11-29');
    expect(formatTournamentDate(tournamentDate(live), day)).toBe('Started 2026-11-29');
  });
});
