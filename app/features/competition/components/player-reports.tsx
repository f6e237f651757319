import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Flag, PencilLine } from 'lucide-react';
import { createContext, useContext, useOptimistic, useState, useTransition } from 'react';
import { css } from '../../../../styled-system/css';
import type { BracketMatch } from '../../../../edge/features/competition/schema.ts';
import type { ForfeitClaim } from '../../../../edge/features/courts/schema.ts';
import type {
  ReportSide,
  ScoreReport,
  ScoreReportAnswer,
  ScoreReportsView,
} from '../../../../edge/features/score-reports/schema.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { bestOfLabel, staleMatchOf } from '../match-display.ts';
import {
  BRACKET_POLL_MS,
  courtsQueryOptions,
  scoreReportsQueryOptions,
  sendDispute,
  sendPlayerReport,
  useRefreshCompetition,
} from '../queries.ts';
import {
  confirmsAtLabel,
  playerActions,
  reportLine,
  reportStateLabels,
  roundAfterDispute,
  roundAfterReport,
  sideName,
} from '../report-display.ts';
import { CourtActions } from './court-actions.tsx';
import { ScoreDialog } from './score-dialog.tsx';

/** What the Bracket tab knows of the players' reports (D40), for its match cards; null when signed out. */
interface PlayerReports {
  tournamentId: number;
  offline: boolean;
  /** The host or an admin: decides forfeit claims (D41). */
  canManage: boolean;
  noShowMinutes: number;
  view: ScoreReportsView;
  /** After an answer: the round is put in the view at once, then everything it may have moved is fetched. */
  answered: (answer?: ScoreReportAnswer) => Promise<void>;
}

export const PlayerReportsContext = createContext<PlayerReports | null>(null);

/**
 * The signed-in member's reports view, polled with the bracket while the tournament is live (a 304 while nothing
 * moved). Null for guests and before the first answer.
 */
export function usePlayerReports(
  tournamentId: number,
  enabled: boolean,
  offline: boolean,
  canManage: boolean,
): PlayerReports | null {
  const queryClient = useQueryClient();
  const refresh = useRefreshCompetition(tournamentId);
  const options = scoreReportsQueryOptions(tournamentId);
  const reports = useQuery({
    ...options,
    enabled,
    refetchInterval: enabled ? BRACKET_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
  const courts = useQuery({ ...courtsQueryOptions(tournamentId), enabled });
  if (!enabled || !reports.data) return null;
  return {
    tournamentId,
    offline,
    canManage,
    noShowMinutes: courts.data?.noShowMinutes ?? 10,
    view: reports.data,
    answered: async (answer) => {
      if (answer) {
        queryClient.setQueryData<ScoreReportsView | null>(options.queryKey, (view) =>
          view ? { ...view, reports: [answer.report, ...view.reports.filter((r) => r.matchId !== answer.report.matchId)] } : view,
        );
      }
      await refresh();
    },
  };
}

const panelClass = css({
  borderColor: 'border.default',
  borderTopWidth: '1px',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  pt: '2',
  textStyle: 'sm',
});
const stateClass = css({ alignItems: 'center', display: 'flex', flexWrap: 'wrap', gap: '2' });
const mutedClass = css({ color: 'fg.muted' });
const errorClass = css({ color: 'fg.error', fontWeight: 'semibold' });
const actionsClass = css({ display: 'flex', flexWrap: 'wrap', gap: '2' });

/**
 * A match card's players' part (D40): the round's state and who reported what (entrants, the host and admins only),
 * and for the match's own entrants Report Score, Confirm and Dispute. The card shows a report or dispute at once
 * (useOptimistic) and rolls it back with the reason when the server refuses it.
 */
export function MatchReport({ match, now }: { match: BracketMatch; now: Date }) {
  const reports = useContext(PlayerReportsContext);
  if (!reports) return null;
  const round = reports.view.reports.find((r) => r.matchId === match.id) ?? null;
  const mine = reports.view.mine.find((m) => m.matchId === match.id)?.side ?? null;
  const claim = reports.view.claims.find((c) => c.matchId === match.id) ?? null;
  if (!round && !mine && !claim) return null;
  return <ReportPanel match={match} round={round} mine={mine} claim={claim} reports={reports} now={now} />;
}

function ReportPanel({
  match,
  round,
  mine,
  claim,
  reports,
  now,
}: {
  match: BracketMatch;
  round: ScoreReport | null;
  mine: ReportSide | null;
  claim: ForfeitClaim | null;
  reports: PlayerReports;
  now: Date;
}) {
  const [shown, show] = useOptimistic(round, (_: ScoreReport | null, next: ScoreReport) => next);
  const [sending, startSending] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState(false);
  const actions = playerActions(match, mine, shown);

  const send = (guess: ScoreReport, call: () => Promise<ScoreReportAnswer>) => {
    setError(null);
    startSending(async () => {
      show(guess);
      try {
        await reports.answered(await call());
      } catch (e) {
        const stale = staleMatchOf(e);
        setError(stale ? stale.message : (getErrorMessage(e) ?? 'An unexpected error occurred'));
        await reports.answered();
      }
    });
  };
  const report = (score: { scoreA: number; scoreB: number }) => {
    if (!mine) return;
    const guess = roundAfterReport(match, shown, { side: mine, reporter: 'You', ...score }, new Date());
    send(guess, () => sendPlayerReport(reports.tournamentId, match.id, { ...score, version: match.version }));
  };
  const dispute = () => {
    if (!shown) return;
    send(roundAfterDispute(shown, new Date()), () => sendDispute(reports.tournamentId, match.id, match.version));
  };

  const label = `Match ${match.matchNumber} score report`;
  return (
    <section className={panelClass} aria-label={label}>
      {shown ? (
        <>
          <p className={stateClass}>
            <Badge tone={shown.state === 'disputed' ? 'danger' : shown.state === 'confirmed' ? 'verified' : 'neutral'}>
              {reportStateLabels[shown.state]}
            </Badge>
            {sending ? <span className={mutedClass}>Sending...</span> : null}
          </p>
          <ul>
            {shown.reports.map((r) => (
              <li key={r.side}>{reportLine(match, r)}</li>
            ))}
          </ul>
          {shown.state === 'pending' ? <p className={mutedClass}>{confirmsAtLabel(shown)}</p> : null}
        </>
      ) : null}
      {error ? (
        <p role="alert" className={errorClass}>
          {error}
        </p>
      ) : null}
      {actions.report || actions.dispute ? (
        <div className={actionsClass}>
          {actions.confirm ? (
            <Button size="sm" disabled={reports.offline || sending} onClick={() => report(actions.confirm!)}>
              <Check aria-hidden="true" />
              {`Confirm ${actions.confirm.scoreA}-${actions.confirm.scoreB}`}
            </Button>
          ) : null}
          {actions.dispute ? (
            <Button size="sm" variant="outline" tone="danger" disabled={reports.offline || sending} onClick={dispute}>
              <Flag aria-hidden="true" />
              Dispute
            </Button>
          ) : null}
          {actions.report ? (
            <Button size="sm" variant="outline" disabled={reports.offline || sending} onClick={() => setDialog(true)}>
              <PencilLine aria-hidden="true" />
              {shown?.reports[0]?.side === mine ? 'Change score' : 'Report Score'}
            </Button>
          ) : null}
        </div>
      ) : null}
      {reports.offline && (actions.report || actions.dispute) ? (
        <p className={mutedClass}>You are offline: reporting needs a connection</p>
      ) : null}
      <CourtActions
        tournamentId={reports.tournamentId}
        match={match}
        mine={mine}
        claim={claim}
        canManage={reports.canManage}
        offline={reports.offline}
        noShowMinutes={reports.noShowMinutes}
        now={now}
        onDone={() => reports.answered()}
      />
      {dialog && mine ? (
        <ScoreDialog
          tournamentId={reports.tournamentId}
          match={{ ...match, teamA: match.teamA && { ...match.teamA, score: null }, teamB: match.teamB && { ...match.teamB, score: null } }}
          offline={reports.offline}
          onClose={() => setDialog(false)}
          onSaved={() => reports.answered()}
          onUpdated={() => reports.answered()}
          player={{
            title: `Report Score - Match ${match.matchNumber}`,
            description: `${bestOfLabel(match.bestOf)}. You play as ${sideName(match, mine)}; the other side confirms or disputes.`,
            onScore: (score) => {
              setDialog(false);
              report(score);
            },
          }}
        />
      ) : null}
    </section>
  );
}
