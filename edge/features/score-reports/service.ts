import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { matchHistory, type MatchRow } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { scoreReports, type ScoreReportRow } from '../../../db/schema/score-reports.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import type { User } from '../../../db/schema/users.ts';
import { fail } from '../../lib/errors.ts';
import { historyRow, StaleMatchError, staleAnswer, type Tx } from '../competition/bracket-store.ts';
import { loadMatch, managerIds, sideOf, type LoadedMatch } from '../competition/match-sides.ts';
import { validateScore } from '../competition/engine/score.ts';
import { drainFollowAlertsAfterCommit } from '../competition/follower-alerts.ts';
import { applyPlayersReport } from '../competition/report.ts';
import {
  disputedBody,
  QUIET_CONFIRM_MS,
  reportedBody,
  SCORE_REPORT_TEXTS as T,
  scoreText,
  type ReportSide,
} from './schema.ts';

/**
 * D40, players report their own scores. A match's first report opens a round (pending); the other side's same
 * score confirms it, a different one or Dispute makes it disputed (the host and admins are told), and 10 quiet
 * minutes confirm it (clock.ts). A confirmed round is applied through competition's report path inside the same
 * write transaction, so the match gets exactly one result whoever is first: the other report, the clock, or the
 * host's report (which decides any open round, report.ts). Each step is a match-history row.
 */

export interface PlayerContext {
  user: User;
  leagueEmailDomain: string;
  now: Date;
}

export type PlayerReportOutcome = { ok: true; round: ScoreReportRow } | { ok: false; stale: true };

/** The match's open round, if it still describes the match (a round of an older version is voided here). */
async function openRound(tx: Tx, match: MatchRow, now: Date): Promise<ScoreReportRow | null> {
  const [round] = await tx
    .select()
    .from(scoreReports)
    .where(and(eq(scoreReports.matchId, match.id), inArray(scoreReports.state, ['pending', 'disputed'])))
    .limit(1);
  if (!round) return null;
  if (round.matchVersion === match.version) return round;
  await tx
    .update(scoreReports)
    .set({ state: 'void', confirmsAt: null, closedAt: now })
    .where(eq(scoreReports.id, round.id));
  return null;
}

/** The player's checks shared by reporting and disputing, in the order a caller should hear them. */
async function playerMatch(
  tx: Tx,
  input: { tournamentId: number; matchId: number; version: number },
  ctx: PlayerContext,
) {
  const loaded = await loadMatch(tx, input.tournamentId, input.matchId);
  const side = await sideOf(tx, loaded, ctx.user.id);
  if (!side) fail(403, T.notPlayer);
  if (loaded.tournament.status !== 'live')
    fail(409, `This tournament is ${loaded.tournament.status}: there are no results to report`);
  return { loaded, side };
}

/**
 * A player's report of a live match's score. A repeat of the side's own report changes nothing (an outbox's retry);
 * a different score from the same side replaces it while pending; the other side's same score confirms and applies
 * it; a different one disputes it. Refused with a stale answer when the version is not the match's.
 */
export async function reportAsPlayer(
  db: Db,
  input: {
    tournamentId: number;
    matchId: number;
    scoreA: number;
    scoreB: number;
    version: number;
  },
  ctx: PlayerContext,
): Promise<PlayerReportOutcome> {
  let confirmed = false;
  const outcome = await db
    .transaction(
      async (tx): Promise<PlayerReportOutcome> => {
        const { loaded, side } = await playerMatch(tx, input, ctx);
        const { match } = loaded;
        if (match.version !== input.version) {
          // A repeat that arrives after its round was confirmed: the match holds exactly what was sent.
          const answered = await answeredRepeat(tx, match, input, ctx.user.id);
          if (answered) return { ok: true, round: answered };
          throw new StaleMatchError(match.id);
        }
        if (match.status === 'completed') fail(409, T.completed);
        if (match.status !== 'live') fail(409, T.notLive);
        const invalid = validateScore(match.bestOf === 5 ? 5 : 3, {
          scoreA: input.scoreA,
          scoreB: input.scoreB,
        });
        if (invalid) fail(400, invalid);

        const round = await openRound(tx, match, ctx.now);
        const score = { scoreA: input.scoreA, scoreB: input.scoreB };
        const said = { side, ...score };
        if (!round) {
          const [opened] = await tx
            .insert(scoreReports)
            .values({
              tournamentId: loaded.tournament.id,
              matchId: match.id,
              matchVersion: match.version,
              state: 'pending',
              side,
              reporterId: ctx.user.id,
              ...score,
              reportedAt: ctx.now,
              confirmsAt: new Date(ctx.now.getTime() + QUIET_CONFIRM_MS),
            })
            .returning();
          await history(tx, loaded, 'score-report', ctx, null, said);
          await tellOtherSide(tx, loaded, side, score, ctx.now);
          await moved(tx, loaded.tournament.id);
          return { ok: true, round: opened! };
        }
        if (round.state === 'disputed') {
          const own = round.side === side ? round : { scoreA: round.otherScoreA, scoreB: round.otherScoreB };
          if (own.scoreA === input.scoreA && own.scoreB === input.scoreB) return { ok: true, round };
          fail(409, T.disputed);
        }
        if (round.side === side) {
          if (round.scoreA === input.scoreA && round.scoreB === input.scoreB) return { ok: true, round };
          const [updated] = await tx
            .update(scoreReports)
            .set({
              ...score,
              reporterId: ctx.user.id,
              reportedAt: ctx.now,
              confirmsAt: new Date(ctx.now.getTime() + QUIET_CONFIRM_MS),
            })
            .where(eq(scoreReports.id, round.id))
            .returning();
          await history(tx, loaded, 'score-report', ctx, { side, scoreA: round.scoreA, scoreB: round.scoreB }, said);
          await tellOtherSide(tx, loaded, side, score, ctx.now);
          await moved(tx, loaded.tournament.id);
          return { ok: true, round: updated! };
        }
        if (round.scoreA === input.scoreA && round.scoreB === input.scoreB) {
          confirmed = true;
          return {
            ok: true,
            round: await confirmRound(tx, loaded, round, ctx),
          };
        }
        const disputed = await disputeRound(tx, loaded, round, side, score, ctx);
        return { ok: true, round: disputed };
      },
      { behavior: 'immediate' },
    )
    .catch(staleAnswer);
  // D31: a confirmed result may have claimed follower notifications; they are written after the commit.
  if (confirmed) await drainFollowAlertsAfterCommit(db, ctx.now);
  return outcome;
}

/** The other side presses Dispute on a pending report: the round is disputed and the host and admins are told. */
export async function disputeAsPlayer(
  db: Db,
  input: { tournamentId: number; matchId: number; version: number },
  ctx: PlayerContext,
): Promise<PlayerReportOutcome> {
  return db
    .transaction(
      async (tx): Promise<PlayerReportOutcome> => {
        const { loaded, side } = await playerMatch(tx, input, ctx);
        const { match } = loaded;
        if (match.version !== input.version) throw new StaleMatchError(match.id);
        if (match.status === 'completed') fail(409, T.completed);
        const round = await openRound(tx, match, ctx.now);
        if (!round) fail(409, T.nothingToDispute);
        if (round.state === 'disputed') return { ok: true, round };
        if (round.side === side) fail(409, T.ownReport);
        const disputed = await disputeRound(tx, loaded, round, side, null, ctx);
        return { ok: true, round: disputed };
      },
      { behavior: 'immediate' },
    )
    .catch(staleAnswer);
}

/**
 * Disputes a pending round: by the other side's different score (`score`), or its Dispute (null). The round stays
 * unapplied, and the host and admins are told what each side said.
 */
async function disputeRound(
  tx: Tx,
  loaded: LoadedMatch,
  round: ScoreReportRow,
  side: ReportSide,
  score: { scoreA: number; scoreB: number } | null,
  ctx: PlayerContext,
): Promise<ScoreReportRow> {
  const counter = score
    ? { otherReporterId: ctx.user.id, otherScoreA: score.scoreA, otherScoreB: score.scoreB, otherReportedAt: ctx.now }
    : {};
  const [disputed] = await tx
    .update(scoreReports)
    .set({ state: 'disputed', ...counter, disputedById: ctx.user.id, disputedAt: ctx.now, confirmsAt: null })
    .where(eq(scoreReports.id, round.id))
    .returning();
  const first = { side: round.side, scoreA: round.scoreA, scoreB: round.scoreB };
  await history(tx, loaded, 'score-dispute', ctx, first, score ? { side, ...score } : { side });
  const [firstName, otherName] = [round.side, side].map((s) => (s === 'A' ? loaded.sideA : loaded.sideB).name);
  const said = score ? `reported ${scoreText(score)}` : 'disputed it';
  await tellManagers(tx, loaded, `${firstName} reported ${scoreText(round)} and ${otherName} ${said}`, ctx);
  await moved(tx, loaded.tournament.id);
  return disputed!;
}

/**
 * Confirms a pending round and applies its score as the match's result (the other side's agreement, or the clock's
 * 10 quiet minutes when `ctx.user` is null). Throws StaleMatchError when the match moved since.
 */
export async function confirmRound(
  tx: Tx,
  loaded: LoadedMatch,
  round: ScoreReportRow,
  ctx: {
    user: Pick<User, 'id' | 'role' | 'email'> | null;
    leagueEmailDomain: string;
    now: Date;
  },
): Promise<ScoreReportRow> {
  const [confirmed] = await tx
    .update(scoreReports)
    .set({
      state: 'confirmed',
      confirmedById: ctx.user?.id ?? null,
      confirmsAt: null,
      closedAt: ctx.now,
    })
    .where(eq(scoreReports.id, round.id))
    .returning();
  await history(tx, loaded, 'score-confirm', ctx, null, {
    side: round.side,
    scoreA: round.scoreA,
    scoreB: round.scoreB,
  });
  const applied = await applyPlayersReport(
    tx,
    {
      tournamentId: loaded.tournament.id,
      matchId: loaded.match.id,
      scoreA: round.scoreA,
      scoreB: round.scoreB,
      version: round.matchVersion,
    },
    { actor: ctx.user, leagueEmailDomain: ctx.leagueEmailDomain, now: ctx.now },
  );
  // A live match's result clears no later one, so a correction conflict cannot arise; say so if it ever does.
  if (!applied.ok)
    fail(
      409,
      'conflict' in applied
        ? applied.conflict.message
        : 'This match was just updated: reload the bracket and try again',
    );
  return confirmed!;
}

/** After its round was confirmed, the same side sending the same score again (an outbox retry) gets the round. */
async function answeredRepeat(
  tx: Tx,
  match: MatchRow,
  input: { scoreA: number; scoreB: number },
  userId: string,
): Promise<ScoreReportRow | null> {
  if (match.status !== 'completed' || match.scoreA !== input.scoreA || match.scoreB !== input.scoreB) return null;
  const [round] = await tx
    .select()
    .from(scoreReports)
    .where(and(eq(scoreReports.matchId, match.id), eq(scoreReports.state, 'confirmed')))
    .orderBy(sql`${scoreReports.id} desc`)
    .limit(1);
  if (!round || round.scoreA !== input.scoreA || round.scoreB !== input.scoreB) return null;
  return round.reporterId === userId || round.confirmedById === userId ? round : null;
}

async function history(
  tx: Tx,
  loaded: LoadedMatch,
  action: 'score-report' | 'score-confirm' | 'score-dispute',
  ctx: { user: Pick<User, 'id'> | null; now: Date },
  before: unknown,
  after: unknown,
) {
  await tx
    .insert(matchHistory)
    .values(
      historyRow(
        loaded.tournament.id,
        loaded.match,
        action,
        { actorId: ctx.user?.id ?? null, now: ctx.now },
        before,
        after,
      ),
    );
}

/** Every round change moves the tournament's bracketVersion: the reports' ETag (and a host's one-batch report) see it. */
async function moved(tx: Tx, tournamentId: number) {
  await tx
    .update(tournaments)
    .set({ bracketVersion: sql`${tournaments.bracketVersion} + 1` })
    .where(eq(tournaments.id, tournamentId));
}

async function tellOtherSide(
  tx: Tx,
  loaded: LoadedMatch,
  side: ReportSide,
  score: { scoreA: number; scoreB: number },
  now: Date,
) {
  const [reporter, other] = side === 'A' ? [loaded.sideA, loaded.sideB] : [loaded.sideB, loaded.sideA];
  if (!other.userId) return;
  await tx.insert(notifications).values({
    userId: other.userId,
    kind: 'score_reported',
    title: T.reportedTitle,
    body: reportedBody(reporter.name, scoreText(score), loaded.match.number, loaded.tournament.title),
    link: `/tournaments/${loaded.tournament.id}#bracket`,
    createdAt: now,
  });
}

/** D40: the host and every league admin hear of a dispute (the push queue's trigger sends it by Web Push). */
async function tellManagers(tx: Tx, loaded: LoadedMatch, what: string, ctx: { leagueEmailDomain: string; now: Date }) {
  const ids = await managerIds(tx, loaded.tournament.hostId, ctx.leagueEmailDomain);
  if (ids.size === 0) return;
  await tx.insert(notifications).values(
    [...ids].map((userId) => ({
      userId,
      kind: 'score_disputed',
      title: T.disputedTitle,
      body: disputedBody(loaded.match.number, loaded.tournament.title, what),
      link: `/tournaments/${loaded.tournament.id}#bracket`,
      createdAt: ctx.now,
    })),
  );
}
