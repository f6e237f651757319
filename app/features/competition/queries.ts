import { queryOptions, useQueryClient, type QueryFunction } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  BracketMatch,
  MatchHistoryEntry,
  MvpPlayer,
  MvpResult,
  MyMvpVote,
  NextMatch,
  TournamentStandings,
} from '../../../edge/features/competition/schema.ts';
import type { ScoreReportAnswer, ScoreReportsView } from '../../../edge/features/score-reports/schema.ts';
import type { TournamentCourts } from '../../../edge/features/courts/schema.ts';
import { apiRequest, getQueryFn } from '../../lib/api-client.ts';

export type { BracketMatch, MatchHistoryEntry, MvpPlayer, MvpResult, MyMvpVote, NextMatch, TournamentStandings };

/**
 * The competition calls (000 s7 and issue 11's contract in edge/features/competition/schema.ts). Keys are the URL
 * segments, as in tournaments/queries.ts: the default query function joins them with '/'.
 */
const base = (id: number | string) => ['/api/tournaments', String(id)] as const;

/** The Bracket tab polls this while open and visible (ADR: a conditional poll; the server answers 304 to it). */
export const BRACKET_POLL_MS = 10_000;

/**
 * When an answer was made, if it is a saved copy: the service worker answers from its cache when the network fails
 * (D16), and that copy keeps the server's Date header. More than a minute older than the request means saved, not
 * fresh (a minute allows for clock skew); null means fresh.
 */
export function savedCopyTime(dateHeader: string | null, requestedAt: number): number | null {
  const date = Date.parse(dateHeader ?? '');
  return !Number.isNaN(date) && date < requestedAt - 60_000 ? date : null;
}

/** Saved-copy times of the brackets fetched in this page's life, by URL. */
const bracketSavedAt = new Map<string, number>();

/** The bracket, noting whether the answer was a saved copy (for 'Updated ... ago'). Errors as the api client's. */
const bracketQueryFn: QueryFunction<BracketMatch[]> = async ({ queryKey }) => {
  const url = queryKey.join('/');
  const requestedAt = Date.now();
  const res = await apiRequest('GET', url);
  const saved = savedCopyTime(res.headers.get('date'), requestedAt);
  if (saved === null) bracketSavedAt.delete(url);
  else bracketSavedAt.set(url, saved);
  return (await res.json()) as BracketMatch[];
};

export const bracketQueryOptions = (id: number | string) =>
  queryOptions<BracketMatch[]>({ queryKey: [...base(id), 'bracket'], queryFn: bracketQueryFn });

/** When the bracket on screen was fetched from the server: its saved copy's time when it is one. */
export function bracketUpdatedAt(id: number | string, dataUpdatedAt: number): number {
  const saved = bracketSavedAt.get(bracketQueryOptions(id).queryKey.join('/'));
  return saved === undefined ? dataUpdatedAt : Math.min(saved, dataUpdatedAt);
}

export const standingsQueryOptions = (id: number | string) =>
  queryOptions<TournamentStandings>({ queryKey: [...base(id), 'standings'] });

/** Admin or host only (D20). */
export const matchHistoryQueryOptions = (id: number | string) =>
  queryOptions<MatchHistoryEntry[]>({ queryKey: [...base(id), 'match-history'] });

/** 000 s7: only when live. */
export const mvpPlayersQueryOptions = (id: number | string) =>
  queryOptions<MvpPlayer[]>({ queryKey: [...base(id), 'players'] });

/** 000 s7: signed in and live only; a 401 (the session just ended) reads as null. */
export const myMvpVoteQueryOptions = (id: number | string) =>
  queryOptions({ queryKey: [...base(id), 'my-mvp-vote'], queryFn: getQueryFn<MyMvpVote>({ on401: 'returnNull' }) });

/** 000 s7, D6: admins only. */
export const mvpResultsQueryOptions = (id: number | string) =>
  queryOptions<MvpResult[]>({ queryKey: [...base(id), 'mvp-results'] });

/** Where the signed-in entrant plays next (Registration tab); null when nowhere or signed out. */
export const nextMatchQueryOptions = (id: number | string) =>
  queryOptions({ queryKey: [...base(id), 'next-match'], queryFn: getQueryFn<NextMatch | null>({ on401: 'returnNull' }) });

export interface ScoreReport {
  scoreA: number;
  scoreB: number;
  /** The match's version on screen (D40): a stale one is refused with 409 and the match as it is now. */
  version: number;
  /** The ids of the later matches a correction may clear, exactly as the 409 named them (D20). */
  confirm?: number[];
}

/**
 * POST /api/tournaments/{id}/matches/{matchId}/result: 200 with the whole bracket; 409 StaleMatchConflict (the
 * version is not the match's) or CorrectionConflict (D20); 400.
 */
export async function reportScore(id: number, matchId: number, report: ScoreReport): Promise<BracketMatch[]> {
  const res = await apiRequest('POST', `/api/tournaments/${id}/matches/${matchId}/result`, report);
  return (await res.json()) as BracketMatch[];
}

/** PATCH /api/tournaments/{id}/matches/{matchId}: mark live or back to upcoming, or set the start time. */
export async function patchMatch(
  id: number,
  matchId: number,
  patch: { status: 'live' | 'upcoming'; court?: string | null } | { startTime: string | null },
): Promise<BracketMatch> {
  const res = await apiRequest('PATCH', `/api/tournaments/${id}/matches/${matchId}`, patch);
  return (await res.json()) as BracketMatch;
}

/** POST /api/tournaments/{id}/withdraw: the opponent advances by forfeit (D20). */
export async function withdrawEntrant(id: number, userId: string): Promise<void> {
  await apiRequest('POST', `/api/tournaments/${id}/withdraw`, { userId });
}

/** POST /api/tournaments/{id}/start: the admin or host starts early (D12). */
export async function startTournament(id: number): Promise<void> {
  await apiRequest('POST', `/api/tournaments/${id}/start`);
}

/** POST /api/tournaments/{id}/mvp-vote (000 s7). */
export async function voteMvp(id: number, playerId: string): Promise<void> {
  await apiRequest('POST', `/api/tournaments/${id}/mvp-vote`, { playerId });
}

/**
 * After a change to the play (a score, a status, a withdrawal, the start), everything it may have moved: the
 * bracket, the standings, the history, where entrants play next, and the tournament itself (the final's result
 * completes it; the start makes it live).
 */
export function useRefreshCompetition(id: number) {
  const queryClient = useQueryClient();
  return useCallback(
    async (bracket?: BracketMatch[]) => {
      if (bracket) queryClient.setQueryData(bracketQueryOptions(id).queryKey, bracket);
      await Promise.all(
        (['bracket', 'standings', 'match-history', 'next-match', 'players', 'score-reports', 'courts'] as const).map((part) =>
          queryClient.invalidateQueries({ queryKey: [...base(id), part] }),
        ),
      );
      await queryClient.invalidateQueries({ queryKey: base(id), exact: true });
    },
    [id, queryClient],
  );
}

/**
 * D40: the signed-in member's view of the players' score reports (their live matches and the rounds they may see;
 * the host and admins see every round). Polled beside the bracket: each round change moves the same version, so an
 * unchanged poll is a 304.
 */
export const scoreReportsQueryOptions = (id: number | string) =>
  queryOptions({ queryKey: [...base(id), 'score-reports'], queryFn: getQueryFn<ScoreReportsView | null>({ on401: 'returnNull' }) });

/** POST .../score-reports: a player's report of their live match; 409 StaleMatchConflict when the version moved. */
export async function sendPlayerReport(id: number, matchId: number, report: Omit<ScoreReport, 'confirm'>): Promise<ScoreReportAnswer> {
  const res = await apiRequest('POST', `/api/tournaments/${id}/matches/${matchId}/score-reports`, report);
  return (await res.json()) as ScoreReportAnswer;
}

/** POST .../dispute: the other side disputes a pending report (the host decides). */
export async function sendDispute(id: number, matchId: number, version: number): Promise<ScoreReportAnswer> {
  const res = await apiRequest('POST', `/api/tournaments/${id}/matches/${matchId}/dispute`, { version });
  return (await res.json()) as ScoreReportAnswer;
}

/** D41: the tournament's courts and no-show time (public). */
export const courtsQueryOptions = (id: number | string) => queryOptions<TournamentCourts>({ queryKey: [...base(id), 'courts'] });

/** PUT .../courts: the host's list of courts and the no-show time. */
export async function saveCourts(id: number, courts: TournamentCourts): Promise<TournamentCourts> {
  const res = await apiRequest('PUT', `/api/tournaments/${id}/courts`, courts);
  return (await res.json()) as TournamentCourts;
}

/** POST .../arrival: 'I'm at the court'. */
export async function sendArrival(id: number, matchId: number): Promise<BracketMatch> {
  const res = await apiRequest('POST', `/api/tournaments/${id}/matches/${matchId}/arrival`);
  return (await res.json()) as BracketMatch;
}

/** POST .../forfeit-claims: the entrant at the court claims the win (D41). */
export async function sendForfeitClaim(id: number, matchId: number, version: number): Promise<void> {
  await apiRequest('POST', `/api/tournaments/${id}/matches/${matchId}/forfeit-claims`, { version });
}

/** POST .../forfeit-claims/{claimId}/decision: the host confirms or refuses. */
export async function sendClaimDecision(id: number, claimId: number, confirm: boolean): Promise<void> {
  await apiRequest('POST', `/api/tournaments/${id}/forfeit-claims/${claimId}/decision`, { confirm });
}
