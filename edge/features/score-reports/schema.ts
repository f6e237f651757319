import type { ForfeitClaim } from '../courts/schema.ts';

// D40, players report their own scores: the words of its refusals and notices, and the shapes of its answers.

/** D40: a pending report is confirmed by the clock when the other side stays quiet this long. */
export const QUIET_CONFIRM_MS = 10 * 60 * 1000;

export const SCORE_REPORT_TEXTS = {
  notPlayer: 'Only the players in this match can report its score',
  notLive: 'Scores can be reported only while the match is live',
  completed: 'This match is already completed',
  disputed: 'This score is disputed: the host decides it',
  nothingToDispute: 'There is no reported score to dispute',
  ownReport: 'You reported this score: report it again to change it',
  disputedTitle: 'Score disputed',
  reportedTitle: 'Score reported',
} as const;

export type ReportSide = 'A' | 'B';

/** One side's report: which side, the member who made it (a team's owner or captain), the score as A-B. */
export interface SideReport {
  side: ReportSide;
  reporter: string;
  scoreA: number;
  scoreB: number;
  at: string;
}

/**
 * A match's players' report round (D40), shown to its entrants, the host and admins only. `reports` holds the first
 * report and, when it differed, the other side's. `confirmsAt`: when the clock confirms a pending round.
 */
export interface ScoreReport {
  matchId: number;
  matchVersion: number;
  state: 'pending' | 'disputed' | 'confirmed';
  reports: SideReport[];
  /** Who disputed (the side that did not make the first report) and when; null unless disputed. */
  disputedAt: string | null;
  confirmsAt: string | null;
  /** 'opponent': the other side reported the same score; 'clock': 10 quiet minutes passed. */
  confirmedBy: 'opponent' | 'clock' | null;
}

/** GET /api/tournaments/{id}/score-reports: the caller's live matches (where they may report) and visible rounds. */
export interface ScoreReportsView {
  mine: { matchId: number; side: ReportSide }[];
  reports: ScoreReport[];
  /** D41: each visible match's latest forfeit claim still pending or refused (a confirmed one is the result). */
  claims: ForfeitClaim[];
}

/** The answer to a report or a dispute: the round as it stands now. */
export interface ScoreReportAnswer {
  report: ScoreReport;
}

export function scoreText(r: Pick<SideReport, 'scoreA' | 'scoreB'>): string {
  return `${r.scoreA}-${r.scoreB}`;
}

/** To the other side when one side reports (they confirm by reporting the same score, or dispute). */
export function reportedBody(reporter: string, score: string, matchNumber: number, title: string): string {
  return `${reporter} reported ${score} in Match ${matchNumber} of ${title}. Report the same score to confirm it, or dispute it within 10 minutes.`;
}

/** To the host and admins when a round is disputed. */
export function disputedBody(matchNumber: number, title: string, what: string): string {
  return `Match ${matchNumber} of ${title}: ${what}. Your report decides the result.`;
}
