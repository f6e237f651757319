import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { matches, matchHistory } from '../../../db/schema/competition.ts';
import { forfeitClaims, type ForfeitClaimRow } from '../../../db/schema/courts.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import type { User } from '../../../db/schema/users.ts';
import { fail } from '../../lib/errors.ts';
import { historyRow, StaleMatchError, staleAnswer, type Tx } from '../competition/bracket-store.ts';
import { drainFollowAlertsAfterCommit } from '../competition/follower-alerts.ts';
import { loadMatch, managerIds, sideOf, type LoadedMatch, type ReportSide } from '../competition/match-sides.ts';
import { applyForfeitResult } from '../competition/report.ts';
import { canManage } from '../competition/service.ts';
import {
  claimedBody,
  COURT_TEXTS as T,
  decidedBody,
  tooSoonMessage,
  type CourtsInput,
  type TournamentCourts,
} from './schema.ts';

/**
 * D41 beyond the call itself (which is competition's 'mark live' with a court): the host's courts, 'I'm at the
 * court', and forfeit claims the host confirms (the match alone, as a D20 forfeit) or refuses. Each write is one
 * write transaction; every step is a match-history row.
 */

export interface CourtContext {
  user: User;
  leagueEmailDomain: string;
  now: Date;
}

export async function readCourts(db: Db, tournamentId: number): Promise<TournamentCourts> {
  const [t] = await db
    .select({ courts: tournaments.courts, noShowMinutes: tournaments.noShowMinutes, status: tournaments.status })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
    .limit(1);
  if (!t || t.status === 'pending' || t.status === 'rejected') fail(404, 'Tournament not found');
  return { courts: t.courts ?? [], noShowMinutes: t.noShowMinutes };
}

/** The host or an admin lists the courts and sets the no-show time. */
export async function saveCourts(
  db: Db,
  tournamentId: number,
  input: CourtsInput,
  ctx: CourtContext,
): Promise<TournamentCourts> {
  const [t] = await db.select().from(tournaments).where(eq(tournaments.id, tournamentId)).limit(1);
  if (!t || t.status === 'pending' || t.status === 'rejected') fail(404, 'Tournament not found');
  if (!canManage(ctx.user, t, ctx.leagueEmailDomain))
    fail(403, 'Only an admin or the tournament host can run this tournament');
  if (t.status === 'completed' || t.status === 'cancelled')
    fail(409, `This tournament is ${t.status}: its courts cannot change`);
  const [saved] = await db
    .update(tournaments)
    .set({
      courts: input.courts,
      noShowMinutes: input.noShowMinutes,
      bracketVersion: sql`${tournaments.bracketVersion} + 1`,
    })
    .where(eq(tournaments.id, tournamentId))
    .returning({ courts: tournaments.courts, noShowMinutes: tournaments.noShowMinutes });
  return { courts: saved!.courts ?? [], noShowMinutes: saved!.noShowMinutes };
}

/** The entrant's side of a called, live match (403 for anyone else, 409 while it is not called). */
async function calledMatch(tx: Tx, input: { tournamentId: number; matchId: number }, ctx: CourtContext) {
  const loaded = await loadMatch(tx, input.tournamentId, input.matchId);
  const side = await sideOf(tx, loaded, ctx.user.id);
  if (!side) fail(403, T.notPlayer);
  if (loaded.tournament.status !== 'live')
    fail(409, `This tournament is ${loaded.tournament.status}: its matches cannot change`);
  if (loaded.match.status !== 'live' || !loaded.match.calledAt) fail(409, T.notCalled);
  return { loaded, side };
}

/**
 * 'I'm at the court': the entrant's arrival, once (a repeat answers the first). It does not change the match's
 * version (a pending score report stays valid), but moves the tournament's bracketVersion so polls see it.
 */
export async function arrive(
  db: Db,
  input: { tournamentId: number; matchId: number },
  ctx: CourtContext,
): Promise<void> {
  await db.transaction(
    async (tx) => {
      const { loaded, side } = await calledMatch(tx, input, ctx);
      const column = side === 'A' ? matches.arrivedAAt : matches.arrivedBAt;
      const set = side === 'A' ? { arrivedAAt: ctx.now } : { arrivedBAt: ctx.now };
      const [written] = await tx
        .update(matches)
        .set(set)
        .where(and(eq(matches.id, loaded.match.id), isNull(column)))
        .returning({ id: matches.id });
      if (!written) return;
      await history(tx, loaded, 'arrival', ctx, null, { side });
      await moved(tx, loaded.tournament.id);
    },
    { behavior: 'immediate' },
  );
}

export type ClaimOutcome = { ok: true; claim: ForfeitClaimRow } | { ok: false; stale: true };

/**
 * An entrant at the court claims the win when the other side is not, once the no-show time has passed since the
 * call. The host and admins are told (and the other side); the host decides. A repeat answers the pending claim.
 */
export async function claimForfeit(
  db: Db,
  input: { tournamentId: number; matchId: number; version: number },
  ctx: CourtContext,
): Promise<ClaimOutcome> {
  return db
    .transaction(
      async (tx): Promise<ClaimOutcome> => {
        const { loaded, side } = await calledMatch(tx, input, ctx);
        const { match, tournament } = loaded;
        if (match.version !== input.version) throw new StaleMatchError(match.id);
        const [pending] = await tx
          .select()
          .from(forfeitClaims)
          .where(and(eq(forfeitClaims.matchId, match.id), eq(forfeitClaims.state, 'pending')))
          .limit(1);
        if (pending && pending.matchVersion === match.version) {
          if (pending.side === side) return { ok: true, claim: pending };
          fail(409, T.claimPending);
        }
        if (pending)
          await tx
            .update(forfeitClaims)
            .set({ state: 'void', decidedAt: ctx.now })
            .where(eq(forfeitClaims.id, pending.id));
        const mine = side === 'A' ? match.arrivedAAt : match.arrivedBAt;
        const theirs = side === 'A' ? match.arrivedBAt : match.arrivedAAt;
        if (!mine) fail(409, T.arriveFirst);
        if (theirs) fail(409, T.opponentHere);
        const minutes = tournament.noShowMinutes;
        if (ctx.now.getTime() < match.calledAt!.getTime() + minutes * 60_000) fail(409, tooSoonMessage(minutes));
        const [claim] = await tx
          .insert(forfeitClaims)
          .values({
            tournamentId: tournament.id,
            matchId: match.id,
            matchVersion: match.version,
            side,
            claimantId: ctx.user.id,
            claimedAt: ctx.now,
            state: 'pending',
          })
          .returning();
        await history(tx, loaded, 'forfeit-claim', ctx, null, { side });
        const [me, them] = side === 'A' ? [loaded.sideA, loaded.sideB] : [loaded.sideB, loaded.sideA];
        const body = claimedBody(me.name, them.name, match.number, tournament.title, minutes);
        const ids = await managerIds(tx, tournament.hostId, ctx.leagueEmailDomain);
        if (them.userId) ids.add(them.userId);
        await tell(tx, loaded, [...ids], T.claimedTitle, body, ctx.now);
        await moved(tx, tournament.id);
        return { ok: true, claim: claim! };
      },
      { behavior: 'immediate' },
    )
    .catch(staleAnswer);
}

/**
 * The host or an admin confirms a pending claim (the match is a forfeit won by the claimant, this match alone) or
 * refuses it (the match is still to be played). A repeat of the same decision answers it; a claim whose match has
 * changed since no longer stands.
 */
export async function decideClaim(
  db: Db,
  input: { tournamentId: number; claimId: number; confirm: boolean },
  ctx: CourtContext,
): Promise<ForfeitClaimRow> {
  let confirmed = false;
  const decided = await db.transaction(
    async (tx) => {
      const [claim] = await tx
        .select()
        .from(forfeitClaims)
        .where(and(eq(forfeitClaims.id, input.claimId), eq(forfeitClaims.tournamentId, input.tournamentId)))
        .limit(1);
      if (!claim) fail(404, T.claimNotFound);
      const loaded = await loadMatch(tx, claim.tournamentId, claim.matchId);
      if (!canManage(ctx.user, loaded.tournament, ctx.leagueEmailDomain)) {
        fail(403, 'Only an admin or the tournament host can run this tournament');
      }
      const wanted = input.confirm ? 'confirmed' : 'refused';
      if (claim.state === wanted) return claim;
      if (claim.state !== 'pending') fail(409, T.claimDecided);
      if (loaded.match.version !== claim.matchVersion || loaded.match.status !== 'live') {
        await tx.update(forfeitClaims).set({ state: 'void', decidedAt: ctx.now }).where(eq(forfeitClaims.id, claim.id));
        return null;
      }
      const [row] = await tx
        .update(forfeitClaims)
        .set({ state: wanted, decidedById: ctx.user.id, decidedAt: ctx.now })
        .where(eq(forfeitClaims.id, claim.id))
        .returning();
      await history(
        tx,
        loaded,
        'forfeit-decision',
        ctx,
        { side: claim.side },
        { side: claim.side, confirmed: input.confirm },
      );
      const [winner, loser] = claim.side === 'A' ? [loaded.sideA, loaded.sideB] : [loaded.sideB, loaded.sideA];
      if (input.confirm) {
        confirmed = true;
        await applyForfeitResult(
          tx,
          {
            tournamentId: claim.tournamentId,
            matchId: claim.matchId,
            version: claim.matchVersion,
            winnerId: winner.id,
          },
          { actor: ctx.user, leagueEmailDomain: ctx.leagueEmailDomain, now: ctx.now },
        );
      } else {
        await moved(tx, claim.tournamentId);
      }
      const told = [claim.claimantId, input.confirm ? loser.userId : null].filter((id): id is string => id !== null);
      const title = input.confirm ? T.confirmedTitle : T.refusedTitle;
      await tell(
        tx,
        loaded,
        told,
        title,
        decidedBody(input.confirm, winner.name, loaded.match.number, loaded.tournament.title),
        ctx.now,
      );
      return row!;
    },
    { behavior: 'immediate' },
  );
  if (!decided) fail(409, T.claimStale);
  if (confirmed) await drainFollowAlertsAfterCommit(db, ctx.now);
  return decided;
}

async function history(
  tx: Tx,
  loaded: LoadedMatch,
  action: 'arrival' | 'forfeit-claim' | 'forfeit-decision',
  ctx: { user: Pick<User, 'id'>; now: Date },
  before: unknown,
  after: unknown,
) {
  await tx
    .insert(matchHistory)
    .values(
      historyRow(loaded.tournament.id, loaded.match, action, { actorId: ctx.user.id, now: ctx.now }, before, after),
    );
}

async function moved(tx: Tx, tournamentId: number) {
  await tx
    .update(tournaments)
    .set({ bracketVersion: sql`${tournaments.bracketVersion} + 1` })
    .where(eq(tournaments.id, tournamentId));
}

async function tell(tx: Tx, loaded: LoadedMatch, userIds: string[], title: string, body: string, now: Date) {
  if (userIds.length === 0) return;
  await tx.insert(notifications).values(
    [...new Set(userIds)].map((userId) => ({
      userId,
      kind: 'forfeit_claim',
      title,
      body,
      link: `/tournaments/${loaded.tournament.id}#bracket`,
      createdAt: now,
    })),
  );
}

export type { ReportSide };
