/**
 * How every screen dates a tournament (issue 34). A tournament has a schedule (`startDate`) and, once it is played,
 * the moments it started (on time by the clock, or early by the admin or host, D12) and completed. One started
 * early and completed still said 'Starts: December 2nd, 2026' on its page, in search and in its champion's history:
 * once it has started, the schedule is never the date shown. Plain code (no React), so the server's head tags and
 * the tests use it too; the caller brings the format, written in its page's zone.
 */

/** The dates a tournament answer carries (absent from an answer saved offline before they existed). */
export interface TournamentTimes {
  startDate: string;
  startedAt?: string | null;
  completedAt?: string | null;
}

export interface TournamentDate {
  label: 'Starts' | 'Started' | 'Completed';
  /** ISO 8601. */
  at: string;
}

/** Every date of a tournament, in order: when it starts; or when it started and, once over, when it completed. */
export function tournamentDates(t: TournamentTimes): TournamentDate[] {
  const dates: TournamentDate[] = [];
  if (t.startedAt) dates.push({ label: 'Started', at: t.startedAt });
  if (t.completedAt) dates.push({ label: 'Completed', at: t.completedAt });
  return dates.length > 0 ? dates : [{ label: 'Starts', at: t.startDate }];
}

/** The one date a compact place shows (a card, a search row, a history row): the latest of them. */
export function tournamentDate(t: TournamentTimes): TournamentDate {
  return tournamentDates(t).at(-1)!;
}

/** "Started November 29th, 2026": the date written by `format` (the page's long date, with or without the time). */
export function formatTournamentDate(date: TournamentDate, format: (iso: string) => string): string {
  return `${date.label} ${format(date.at)}`;
}
