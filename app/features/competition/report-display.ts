import type { BracketMatch } from '../../../edge/features/competition/schema.ts';
import type { ReportSide, ScoreReport, SideReport } from '../../../edge/features/score-reports/schema.ts';

// D40 on a match card: the players' report round in words, what the viewer may do next, and the round a report or a
// dispute is expected to make (shown at once, rolled back if the server refuses).

const QUIET_MS = 10 * 60 * 1000;
const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export const reportStateLabels: Record<ScoreReport['state'], string> = {
  pending: 'Waiting for confirmation',
  disputed: 'Disputed - the host decides',
  confirmed: 'Confirmed',
};

type Sides = Pick<BracketMatch, 'teamA' | 'teamB'>;

export function sideName(match: Sides, side: ReportSide): string {
  return (side === 'A' ? match.teamA?.name : match.teamB?.name) ?? `Side ${side}`;
}

/** 'Jordan Lee reported 2-1', or for a team 'Atlanta Heat Check reported 2-1 (Sam Ortiz)'. */
export function reportLine(match: Sides, report: SideReport): string {
  const name = sideName(match, report.side);
  const by = report.reporter === name ? '' : ` (${report.reporter})`;
  return `${name} reported ${report.scoreA}-${report.scoreB}${by}`;
}

/** Under a pending round: when the clock confirms it. */
export function confirmsAtLabel(round: Pick<ScoreReport, 'confirmsAt'>): string | null {
  return round.confirmsAt ? `Confirmed at ${clock.format(new Date(round.confirmsAt))} unless disputed` : null;
}

export interface PlayerActions {
  /** Report Score (a first report, a change of one's own, or a different score that disputes). */
  report: boolean;
  /** Confirm the other side's pending score by reporting the same. */
  confirm: SideReport | null;
  dispute: boolean;
}

/** What the viewer may do on this card: only their own live match, only while its round is open to them. */
export function playerActions(match: Pick<BracketMatch, 'status'>, mine: ReportSide | null, round: ScoreReport | null): PlayerActions {
  const none = { report: false, confirm: null, dispute: false };
  if (!mine || match.status !== 'live') return none;
  if (!round) return { report: true, confirm: null, dispute: false };
  if (round.state !== 'pending') return none;
  const first = round.reports[0];
  if (!first || first.side === mine) return { report: true, confirm: null, dispute: false };
  return { report: true, confirm: first, dispute: true };
}

/** The round the server should answer after the viewer's report: shown on the card at once. */
export function roundAfterReport(
  match: Pick<BracketMatch, 'id' | 'version'>,
  round: ScoreReport | null,
  report: Omit<SideReport, 'at'>,
  now: Date,
): ScoreReport {
  const mine: SideReport = { ...report, at: now.toISOString() };
  const opened: ScoreReport = {
    matchId: match.id,
    matchVersion: match.version,
    state: 'pending',
    reports: [mine],
    disputedAt: null,
    confirmsAt: new Date(now.getTime() + QUIET_MS).toISOString(),
    confirmedBy: null,
  };
  const first = round?.reports[0];
  if (!round || round.state !== 'pending' || !first || first.side === report.side) return opened;
  if (first.scoreA === report.scoreA && first.scoreB === report.scoreB) {
    return { ...round, state: 'confirmed', confirmsAt: null, confirmedBy: 'opponent' };
  }
  return { ...round, state: 'disputed', reports: [first, mine], disputedAt: mine.at, confirmsAt: null };
}

/** The round the server should answer after the viewer's Dispute. */
export function roundAfterDispute(round: ScoreReport, now: Date): ScoreReport {
  return { ...round, state: 'disputed', disputedAt: now.toISOString(), confirmsAt: null };
}
