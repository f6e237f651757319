import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Download, Network } from 'lucide-react';
import { css, cx } from '../../../../styled-system/css';
import { button } from '../../../../styled-system/recipes';
import { useOnlineStatus } from '../../../lib/online-status.ts';
import { useRenderNow } from '../../../lib/render-env.ts';
import { Alert } from '../../../ui/alert.tsx';
import { VisuallyHidden } from '../../../ui/visually-hidden.tsx';
import { hasStandings } from '../bracket-layout.ts';
import { updatedAgoLabel } from '../match-display.ts';
import { BRACKET_POLL_MS, bracketQueryOptions, bracketUpdatedAt, courtsQueryOptions, standingsQueryOptions } from '../queries.ts';
import { CourtQueue } from './court-queue.tsx';
import { CourtsButton } from './courts-dialog.tsx';
import BracketView from './bracket-view.tsx';
import { MatchHistoryPanel } from './match-history-panel.tsx';
import { PlayerReportsContext, usePlayerReports } from './player-reports.tsx';
import { StandingsTables } from './standings-tables.tsx';
import { StartTournament } from './start-tournament.tsx';
import { TournamentDay } from './tournament-day.tsx';
import { useMatchManagement } from './use-match-management.tsx';

const panelClass = css({ display: 'flex', flexDirection: 'column', gap: '6', pt: '2', minWidth: '0' });
const headClass = css({
  alignItems: { base: 'flex-start', md: 'center' },
  display: 'flex',
  flexDirection: { base: 'column', md: 'row' },
  gap: '3',
  justifyContent: 'space-between',
});
const titleClass = css({ fontSize: '2xl', fontWeight: 'extrabold' });
const updatedClass = css({ color: 'fg.muted', minHeight: '5', textStyle: 'sm' });
const emptyClass = css({
  alignItems: 'center',
  borderColor: 'border.default',
  borderRadius: 'l3',
  borderStyle: 'dashed',
  borderWidth: '2px',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  px: '4',
  py: '10',
  textAlign: 'center',
  '& svg': { color: 'fg.muted', height: '10', width: '10' },
});
const emptyTitleClass = css({ fontSize: 'lg', fontWeight: 'bold' });
const mutedClass = css({ color: 'fg.muted' });
const skeletonClass = css({ animation: 'skeleton-pulse', background: 'bg.emphasized', borderRadius: 'l3' });
const skeletonRowClass = css({ display: 'flex', gap: '4', overflow: 'hidden' });
const skeletonCardClass = css({ flex: { base: '[0 0 100%]', md: '[0 0 17rem]' }, height: '32' });

export interface BracketTabProps {
  tournament: { id: number; status: string };
  /** The signed-in user is an admin (D6) or the tournament's host: the match cards carry their buttons. */
  canManage: boolean;
  /** Signed in: the players' score reports (D40) are asked for while the tournament is live. */
  signedIn?: boolean;
  /** The signed-in user's id: a host's tournament-day actions wait in the outbox under it (ADR 071). */
  userId?: string | null;
}

/**
 * The Bracket tab (000 s2; issue 11): loading, error, empty or the bracket by sections and rounds, with standings
 * for round robin, Swiss and pools. While open and visible it polls every 10 s; the browser's HTTP cache makes each
 * poll a conditional request the server answers 304 when nothing changed. Offline, the saved bracket shows.
 */
export default function BracketTab({ tournament, canManage, signedIn = false, userId = null }: BracketTabProps) {
  // A cancelled tournament's bracket no longer changes.
  const pollable = tournament.status !== 'cancelled';
  const poll = { refetchInterval: pollable ? BRACKET_POLL_MS : (false as const), refetchIntervalInBackground: false };
  const bracket = useQuery({ ...bracketQueryOptions(tournament.id), ...poll });
  const withStandings = hasStandings(bracket.data ?? []);
  const standings = useQuery({ ...standingsQueryOptions(tournament.id), ...poll, enabled: withStandings });
  // Re-renders every 15 s so relative times ('Updated 2 minutes ago', today's start times) move on their own.
  const now = useRenderNow(15_000);
  const offline = !useOnlineStatus();
  const live = tournament.status === 'live';
  const { manage, dialogs } = useMatchManagement(tournament.id, canManage, offline, bracket.data, live ? userId : null);
  const reports = usePlayerReports(tournament.id, signedIn && tournament.status === 'live', offline, canManage);
  const startable = canManage && tournament.status === 'upcoming';
  const courts = useQuery({ ...courtsQueryOptions(tournament.id), enabled: live });

  if (bracket.data === undefined) {
    if (bracket.isError) {
      return (
        <div className={panelClass}>
          <Alert role="alert" tone="danger" title="Failed to load bracket" icon={<AlertTriangle />}>
            <p>Please try refreshing the page</p>
          </Alert>
        </div>
      );
    }
    return (
      <div className={panelClass} aria-busy="true">
        <VisuallyHidden role="status">Loading bracket</VisuallyHidden>
        <div className={skeletonRowClass} aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className={cx(skeletonClass, skeletonCardClass)} />
          ))}
        </div>
      </div>
    );
  }

  return (
    <div className={panelClass}>
      <div className={headClass}>
        <div>
          <h2 className={titleClass}>Bracket</h2>
          {/* A live region: says when the bracket on screen was fetched (minutes, so it is not announced every poll). */}
          <p className={updatedClass} role="status">
            {bracket.dataUpdatedAt
              ? updatedAgoLabel(bracketUpdatedAt(tournament.id, bracket.dataUpdatedAt), now)
              : null}
          </p>
        </div>
        {startable ? <StartTournament tournamentId={tournament.id} offline={offline} /> : null}
        {canManage && (live || tournament.status === 'upcoming') ? <CourtsButton tournamentId={tournament.id} offline={offline} /> : null}
        {canManage && bracket.data.length > 0 ? (
          // Issue 38 item 6: the host's and admins' results download, one row per match.
          <a className={button({ variant: 'outline', size: 'sm' })} href={`/api/tournaments/${tournament.id}/results.csv`} download>
            <Download aria-hidden="true" />
            Download Results (CSV)
          </a>
        ) : null}
      </div>

      {bracket.data.length === 0 ? (
        <div className={emptyClass}>
          <Network aria-hidden="true" />
          <p className={emptyTitleClass}>No bracket data available</p>
          <p className={mutedClass}>Bracket will be generated once the tournament begins</p>
        </div>
      ) : (
        <PlayerReportsContext value={reports}>
          {/* The host's day (issue 37 item 5) in place of the players' court queue: the same courts, with buttons. */}
          {live && manage ? (
            <TournamentDay
              tournamentId={tournament.id}
              matches={bracket.data}
              courts={courts.data?.courts ?? []}
              manage={manage}
              noShowMinutes={courts.data?.noShowMinutes ?? 10}
              now={now}
            />
          ) : live ? (
            <CourtQueue matches={bracket.data} courts={courts.data?.courts ?? []} />
          ) : null}
          <BracketView
            matches={bracket.data}
            finished={tournament.status === 'completed'}
            now={now}
            manage={manage}
            beforeRounds={withStandings && standings.data ? <StandingsTables standings={standings.data} /> : null}
          />
        </PlayerReportsContext>
      )}
      {canManage ? <MatchHistoryPanel tournamentId={tournament.id} /> : null}
      {dialogs}
    </div>
  );
}
