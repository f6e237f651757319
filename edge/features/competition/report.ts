import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { matchHistory, type MatchRow } from '../../../db/schema/competition.ts';
import { scoreReports } from '../../../db/schema/score-reports.ts';
import { forfeitClaims } from '../../../db/schema/courts.ts';
import { tournaments, type Tournament } from '../../../db/schema/tournaments.ts';
import { fail } from '../../lib/errors.ts';
import { bracketView } from './bracket-read.ts';
import {
  compute,
  engineInput,
  historyRow,
  loadBracket,
  planWrite,
  reportedResults,
  resultSnapshot,
  rowValues,
  StaleMatchError,
  writeState,
  type LoadedBracket,
  type Tx,
} from './bracket-store.ts';
import { settleTournament } from './completion.ts';
import type { BracketState } from './engine/types.ts';
import { validateScore } from './engine/score.ts';
import { drainFollowAlertsAfterCommit } from './follower-alerts.ts';
import { roundCounts, shownRound } from './rounds.ts';
import type { BracketMatch, CorrectionConflict } from './schema.ts';
import { assertManager, loadOr404, type ActorContext } from './service.ts';

/**
 * Reporting and correcting a match's score (D13, D20, D40): decided from the loaded bracket by the pure engine, then
 * written as the difference (bracket-store.ts), in two database round trips where nothing else follows (ADR 059).
 */

/** D20: results can be corrected for this long after completion. */
export const CORRECTION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface ReportInput {
  tournamentId: number;
  matchId: number;
  scoreA: number;
  scoreB: number;
  /** The match's version the reporter saw (D40): a report against any other is refused, not applied. */
  version: number;
  confirm?: number[];
}

export type ReportOutcome =
  /** `bracket`: the bracket after the report, when it was written without reading it back (ADR 059). */
  | { ok: true; bracket?: BracketMatch[] }
  | { ok: false; conflict: CorrectionConflict }
  /** The version named is not the match's: nothing was written (the route answers 409 with the match as it is). */
  | { ok: false; stale: true };

/** How often a report tries its one-batch write before it takes the write lock instead (ADR 059). */
const ONE_BATCH_ATTEMPTS = 2;

/**
 * Reports a match's score, or corrects a completed one (D20). A report names the match's version it saw (D40): one
 * made against a stale version is refused and writes nothing, unless it asks for exactly the result the match holds
 * (then, as any repeat of the stored score, it changes nothing and succeeds). A correction that would clear later
 * results is refused (nothing written) unless `confirm` names exactly those matches; the confirmed change clears them
 * and the engine re-advances.
 *
 * A report that neither completes nor reopens the tournament is read in one batch and written in another, on
 * condition that the tournament's bracket has not moved in between (reportInOneBatch): two database round trips. Of
 * several reports sent against the same version exactly one is applied: the others find the bracket moved, read it
 * again and are refused as stale. Anything else (settlement, a team tournament's records, a bracket that keeps
 * moving) is one write transaction holding the write lock, in which the check and the write are conditional on that
 * version (writeState).
 */
export async function reportResult(db: Db, input: ReportInput, ctx: ActorContext): Promise<ReportOutcome> {
  let outcome: ReportOutcome;
  try {
    for (let attempt = 0; attempt < ONE_BATCH_ATTEMPTS; attempt++) {
      const quick = await reportInOneBatch(db, input, ctx);
      if (quick === 'transaction') break;
      if (quick !== 'moved') return quick;
    }
    outcome = await db.transaction((tx) => reportInTransaction(tx, input, ctx), { behavior: 'immediate' });
  } catch (error) {
    if (error instanceof StaleMatchError) return { ok: false, stale: true };
    throw error;
  }
  // D31: the follower notifications claimed inside, in batches of their own.
  await drainFollowAlertsAfterCommit(db, ctx.now);
  return outcome;
}

/** What a report does to a loaded bracket, decided without writing: a refusal is thrown (StaleMatchError when stale). */
export type ReportPlan =
  | { write: false; outcome: ReportOutcome }
  | { write: true; match: MatchRow; isCorrection: boolean; state: BracketState };

/**
 * Who the report speaks for: the host or an admin (the default: the caller must run the tournament), or the match's
 * players, whose agreed or unanswered report (D40) the score-reports feature has already checked and now applies.
 */
export type ReportAuthority = 'manager' | 'players';

async function planReport(
  loaded: LoadedBracket,
  input: ReportInput,
  ctx: ActorContext,
  authority: ReportAuthority = 'manager',
): Promise<ReportPlan> {
  if (loaded.tournament.status === 'pending' || loaded.tournament.status === 'rejected') fail(404, 'Tournament not found');
  if (authority === 'manager') assertManager(ctx, loaded.tournament);
  const match = loaded.matches.find((m) => m.id === input.matchId);
  if (!match) fail(404, 'Match not found');
  const t = loaded.tournament;
  assertResultsOpen(t, ctx.now);
  const invalid = validateScore(match.bestOf === 5 ? 5 : 3, { scoreA: input.scoreA, scoreB: input.scoreB });
  if (invalid) fail(400, invalid);

  const isCorrection = match.status === 'completed';
  const same = isCorrection && !match.forfeit && match.scoreA === input.scoreA && match.scoreB === input.scoreB;
  if (same) return { write: false, outcome: { ok: true } };
  // Before any other refusal that depends on the match's state: the reporter saw another state, so the answer
  // is what the match holds now.
  if (match.version !== input.version) throw new StaleMatchError(match.id);
  if (match.entrantAId === null || match.entrantBId === null) fail(409, 'Both sides of this match are not known yet');
  // A withdrawal's forfeit has no place in the results; a confirmed no-show claim (D41) has one and may be corrected.
  if (match.forfeit && match.resultSeq === null) fail(409, 'This match was decided by a withdrawal and has no score to report');

  const results = reportedResults(loaded.matches).filter((r) => r.key !== match.key);
  const seq = isCorrection && match.resultSeq !== null ? match.resultSeq : nextSeq(loaded.matches);
  results.push({ key: match.key, entrantAId: match.entrantAId, entrantBId: match.entrantBId, scoreA: input.scoreA, scoreB: input.scoreB, seq });
  results.sort((a, b) => a.seq - b.seq);
  const state = await compute(engineInput(loaded, results));

  const dependents = loaded.matches.filter((m) => state.dropped.includes(m.key) && m.key !== match.key);
  if (dependents.length > 0 && !sameIds(input.confirm ?? [], dependents.map((m) => m.id))) {
    const counts = roundCounts(loaded.matches);
    return {
      write: false,
      outcome: {
        ok: false,
        conflict: {
          message: `This correction clears the results of ${dependents.map((m) => `Match ${m.number}`).join(', ')}. Confirm to clear them and report them again.`,
          dependents: dependents.map((m) => ({ id: m.id, matchNumber: m.number, round: shownRound(m, counts), stage: m.stage as CorrectionConflict['dependents'][number]['stage'] })),
        },
      },
    };
  }
  return { write: true, match, isCorrection, state };
}

/**
 * The players' confirmed report (D40), applied inside the caller's write transaction through the same plan and write
 * as the host's (D20's corrections apply to it later as to any result). Throws StaleMatchError when the match moved.
 */
export async function applyPlayersReport(tx: Tx, input: ReportInput, ctx: ActorContext): Promise<ReportOutcome> {
  return reportInTransaction(tx, input, ctx, 'players');
}

async function reportInTransaction(
  tx: Tx,
  input: ReportInput,
  ctx: ActorContext,
  authority: ReportAuthority = 'manager',
): Promise<ReportOutcome> {
  const loaded = await loadOr404(tx, input.tournamentId);
  const plan = await planReport(loaded, input, ctx, authority);
  if (!plan.write) return plan.outcome;
  // The host's report decides the players' open round (the players' own confirmation closes it in its caller); a
  // result from either ends a forfeit claim still waiting for the host.
  if (authority === 'manager') await tx.update(scoreReports).set(decided(ctx.now)).where(openRoundOf(plan.match.id));
  await tx.update(forfeitClaims).set(claimVoid(ctx.now)).where(pendingClaimOf(plan.match.id));
  const { match, isCorrection, state } = plan;
  const t = loaded.tournament;
  const outcome = await writeState(tx, loaded, state, { actorId: ctx.actor?.id ?? null, now: ctx.now, completedKey: match.key });
  const after = outcome.rows.get(match.key);
  await tx
    .insert(matchHistory)
    .values(historyRow(t.id, match, isCorrection ? 'correct' : 'report', { actorId: ctx.actor?.id ?? null, now: ctx.now }, resultSnapshot(match), after ? resultSnapshot(after) : null));
  await settleTournament(tx, { ...loaded, matches: [...outcome.rows.values()] }, state, ctx);
  return { ok: true } as const;
}

/**
 * D41: a confirmed no-show claim decides this match alone, as a forfeit won by `winnerId` (no games, no match-win
 * points, D20), placed in the results' order like any report so a later correction replays around it. Inside the
 * caller's write transaction; StaleMatchError when the match moved since `version`.
 */
export async function applyForfeitResult(
  tx: Tx,
  input: { tournamentId: number; matchId: number; version: number; winnerId: number },
  ctx: ActorContext,
): Promise<void> {
  const loaded = await loadOr404(tx, input.tournamentId);
  const t = loaded.tournament;
  if (t.status !== 'live') fail(409, `This tournament is ${t.status}: its matches cannot change`);
  const match = loaded.matches.find((m) => m.id === input.matchId);
  if (!match) fail(404, 'Match not found');
  if (match.version !== input.version) throw new StaleMatchError(match.id);
  if (match.status === 'completed') fail(409, 'This match is already completed');
  if (match.entrantAId === null || match.entrantBId === null) fail(409, 'Both sides of this match are not known yet');
  const results = reportedResults(loaded.matches).filter((r) => r.key !== match.key);
  results.push({
    key: match.key,
    entrantAId: match.entrantAId,
    entrantBId: match.entrantBId,
    scoreA: 0,
    scoreB: 0,
    seq: nextSeq(loaded.matches),
    forfeitWinnerId: input.winnerId,
  });
  const state = await compute(engineInput(loaded, results));
  // The forfeit is the result: the players' open report round of this match (pending or disputed) is void.
  await tx.update(scoreReports).set({ state: 'void', confirmsAt: null, closedAt: ctx.now }).where(openRoundOf(match.id));
  const outcome = await writeState(tx, loaded, state, { actorId: ctx.actor?.id ?? null, now: ctx.now, completedKey: match.key });
  const after = outcome.rows.get(match.key);
  await tx
    .insert(matchHistory)
    .values(historyRow(t.id, match, 'report', { actorId: ctx.actor?.id ?? null, now: ctx.now }, resultSnapshot(match), after ? resultSnapshot(after) : null));
  await settleTournament(tx, { ...loaded, matches: [...outcome.rows.values()] }, state, ctx);
}

/** D40: the host's or an admin's report decides the players' open round (pending or disputed) of that match. */
function decided(now: Date) {
  return { state: 'decided' as const, confirmsAt: null, closedAt: now };
}

function openRoundOf(matchId: number) {
  return and(eq(scoreReports.matchId, matchId), inArray(scoreReports.state, ['pending', 'disputed']));
}

/** D41: a result reported for the match (by the host, an admin or both players) ends its pending forfeit claim. */
function claimVoid(now: Date) {
  return { state: 'void' as const, decidedAt: now };
}

function pendingClaimOf(matchId: number) {
  return and(eq(forfeitClaims.matchId, matchId), eq(forfeitClaims.state, 'pending'));
}

/** Results are open while live and for 7 days after completion (D20). */
function assertResultsOpen(t: Tournament, now: Date) {
  if (t.status === 'live') return;
  if (t.status === 'completed') {
    const completedAt = t.completedAt?.getTime() ?? t.endDate?.getTime() ?? 0;
    if (now.getTime() - completedAt <= CORRECTION_WINDOW_MS) return;
    fail(409, 'Results can only be corrected for 7 days after the tournament completed');
  }
  fail(409, `This tournament is ${t.status}: there are no results to report`);
}

function nextSeq(rows: MatchRow[]): number {
  return rows.reduce((m, r) => Math.max(m, r.resultSeq ?? 0), 0) + 1;
}

function sameIds(a: number[], b: number[]): boolean {
  const x = new Set(a);
  return x.size === b.length && b.every((id) => x.has(id));
}


/**
 * The report in two batches, each one database round trip (ADR 059): the bracket is read in one, and the write is
 * the other, on condition that the tournament is as it was read. That condition is the batch's first statement, which
 * also moves the tournament's bracketVersion: if the version, the status or the host moved since the read, it sets
 * bracketVersion to NULL, the column's NOT NULL refuses it and the whole batch is rolled back ('moved': read again).
 * Every change to a tournament's matches or entrants moves its bracketVersion (writeState, patchMatch, withdrawals),
 * so nothing the report was computed from can change unseen. Answers 'transaction' for what needs reads between its
 * writes: a result that completes a tournament or changes a completed one (settlement) and a team entrant's records.
 * The bracket is answered from the rows written, without reading it back.
 */
async function reportInOneBatch(
  db: Db,
  input: ReportInput,
  ctx: ActorContext,
): Promise<ReportOutcome | 'moved' | 'transaction'> {
  const loaded = await loadBracket(db, input.tournamentId);
  if (!loaded) fail(404, 'Tournament not found');
  const plan = await planReport(loaded, input, ctx);
  if (!plan.write) return plan.outcome;
  const t = loaded.tournament;
  if (plan.state.complete || t.status !== 'live') return 'transaction';
  const actor = { actorId: ctx.actor?.id ?? null, now: ctx.now };
  const write = planWrite(db, loaded, plan.state, { ...actor, completedKey: plan.match.key });
  if (write.teamDeltas.length > 0) return 'transaction';
  const engineMatch = plan.state.matches.find((m) => m.key === plan.match.key);
  const after = engineMatch ? resultSnapshot({ ...plan.match, ...rowValues(engineMatch, plan.match, ctx.now) }) : null;
  const unmoved = sql`${tournaments.bracketVersion} = ${t.bracketVersion} and ${tournaments.status} = ${t.status}
    and ${tournaments.hostId} is ${t.hostId}`;
  let results: unknown[];
  try {
    results = await db.batch([
      db
        .update(tournaments)
        .set({ bracketVersion: sql`case when ${unmoved} then ${tournaments.bracketVersion} + 1 end` })
        .where(eq(tournaments.id, t.id)),
      ...write.steps.map((step) => step.query),
      db
        .insert(matchHistory)
        .values(historyRow(t.id, plan.match, plan.isCorrection ? 'correct' : 'report', actor, resultSnapshot(plan.match), after)),
      db.update(scoreReports).set(decided(ctx.now)).where(openRoundOf(plan.match.id)),
      db.update(forfeitClaims).set(claimVoid(ctx.now)).where(pendingClaimOf(plan.match.id)),
    ]);
  } catch (error) {
    if (bracketMoved(error)) return 'moved';
    throw error;
  }
  write.steps.forEach((step, i) => step.take?.(results[i + 1] as never));
  return { ok: true, bracket: bracketView(loaded.entrants, [...write.rows.values()], t) };
}

/** The one-batch write's condition refused it: the tournament moved since it was read. */
function bracketMoved(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const { message } = e as { message?: unknown };
    if (typeof message === 'string' && message.includes('NOT NULL constraint failed: tournaments.bracket_version')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
