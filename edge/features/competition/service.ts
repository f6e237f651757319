import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { entrants, matches, matchHistory, type MatchRow } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { tournamentRegistrations, tournaments, type Tournament } from '../../../db/schema/tournaments.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { adminFlags } from '../../lib/admin.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import {
  compute,
  engineInput,
  historyRow,
  loadBracket,
  updateMatch,
  writeState,
  type LoadedBracket,
  type Tx,
} from './bracket-store.ts';
import { settleTournament } from './completion.ts';
import { matchCalledTitle, playingElsewhereMessage } from './schema.ts';
import { countTournamentPlayed, isTeamTournament, registeredTeams } from './team-entries.ts';
import { claimLiveAlert, drainFollowAlertsAfterCommit } from './follower-alerts.ts';
import { endCheckInAtStart } from '../check-in/clock.ts';

/**
 * Starting, marking matches, and withdrawing (D12, D13, D19, D20; reporting and correcting are in report.ts). Each
 * operation is one write transaction
 * that loads the tournament's bracket, lets the pure engine replay the results, and writes the difference
 * (bracket-store.ts); completion and reopening follow from the engine's state (completion.ts).
 */

export type Actor = Pick<User, 'id' | 'role' | 'email'>;

export interface ActorContext {
  /** Null for the tournament clock. */
  actor: Actor | null;
  leagueEmailDomain: string;
  now: Date;
}

/** The admin (D6) or the tournament's host may run it; everyone else gets 403. */
export function canManage(actor: Actor, tournament: Pick<Tournament, 'hostId'>, leagueEmailDomain: string): boolean {
  return adminFlags(actor, leagueEmailDomain).isAdmin || (tournament.hostId !== null && tournament.hostId === actor.id);
}

export function assertManager(ctx: ActorContext, tournament: Tournament) {
  if (ctx.actor && !canManage(ctx.actor, tournament, ctx.leagueEmailDomain)) {
    fail(403, 'Only an admin or the tournament host can run this tournament');
  }
}

export async function loadOr404(tx: Tx, tournamentId: number): Promise<LoadedBracket> {
  const loaded = await loadBracket(tx, tournamentId);
  if (!loaded || loaded.tournament.status === 'pending' || loaded.tournament.status === 'rejected') {
    fail(404, 'Tournament not found');
  }
  return loaded;
}

/** The tournament (404), the caller's right to run it (403) and one of its matches (404). */
async function loadManagedMatch(tx: Tx, input: { tournamentId: number; matchId: number }, ctx: ActorContext) {
  const loaded = await loadOr404(tx, input.tournamentId);
  assertManager(ctx, loaded.tournament);
  const match = loaded.matches.find((m) => m.id === input.matchId);
  if (!match) fail(404, 'Match not found');
  return { loaded, match };
}

/** The registered players of a solo tournament, seeded by WTA points then earliest registration (D13). */
async function registeredPlayers(tx: Tx, tournamentId: number) {
  const rows = await tx
    .select({
      registrationId: tournamentRegistrations.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(tournamentRegistrations)
    .innerJoin(users, eq(users.id, tournamentRegistrations.userId))
    .where(and(eq(tournamentRegistrations.tournamentId, tournamentId), eq(tournamentRegistrations.status, 'registered')))
    .orderBy(desc(users.wtaPoints), asc(tournamentRegistrations.createdAt), asc(tournamentRegistrations.id));
  return rows.map((r) => ({ registrationId: r.registrationId, userId: r.userId, teamId: null, name: `${r.firstName} ${r.lastName}`.trim() }));
}

export type StartOutcome = { started: true } | { started: false; reason: 'too-few-entrants' };

/**
 * Upcoming -> live (D12): unpaid holds are dropped, the registered players become entrants seeded by WTA points then
 * earliest registration (D13), or in a team tournament the registered teams (D22), and the engine draws the bracket. Fewer than 2 entrants: nothing is started and the
 * caller cancels (D33). The clock calls it with no actor once the start has come; an admin or the host may start early.
 */
export async function startTournament(db: Db, tournamentId: number, ctx: ActorContext): Promise<StartOutcome> {
  const outcome = await db.transaction(
    async (tx) => {
      const loaded = await loadOr404(tx, tournamentId);
      const t = loaded.tournament;
      assertManager(ctx, t);
      if (t.status !== 'upcoming') fail(409, `This tournament is ${t.status}, not upcoming`);
      if (!ctx.actor && t.startDate.getTime() > ctx.now.getTime()) fail(409, 'This tournament has not reached its start');

      // Unpaid holds do not play (D9): their checkout may still complete, and the payments module refunds a
      // payment that arrives for a spot that no longer exists.
      await tx
        .update(tournamentRegistrations)
        .set({ status: 'cancelled' })
        .where(and(eq(tournamentRegistrations.tournamentId, t.id), eq(tournamentRegistrations.status, 'pending_payment')));

      // D39: with check-in, only the checked-in play: the rest are withdrawn as no-shows now if the close has not.
      if (t.checkIn) await endCheckInAtStart(tx, t, ctx.now);

      // D22: a team tournament's entrants are the registered teams (seeded by their rosters' points).
      const registered = isTeamTournament(t) ? await registeredTeams(tx, t.id) : await registeredPlayers(tx, t.id);
      if (registered.length < 2) return { started: false, reason: 'too-few-entrants' } as const;

      const inserted = await tx
        .insert(entrants)
        .values(
          registered.map((r, i) => ({
            tournamentId: t.id,
            userId: r.userId,
            teamId: r.teamId,
            registrationId: r.registrationId,
            name: r.name,
            seed: i + 1,
            createdAt: ctx.now,
          })),
        )
        .returning();
      await countTournamentPlayed(tx, registered.flatMap((r) => (r.teamId === null ? [] : [r.teamId])));
      await tx.update(tournaments).set({ status: 'live', startedAt: ctx.now }).where(eq(tournaments.id, t.id));
      const live: LoadedBracket = { tournament: { ...t, status: 'live', startedAt: ctx.now }, entrants: inserted, matches: [] };
      const state = await compute(engineInput(live, []));
      await writeState(tx, live, state, { actorId: ctx.actor?.id ?? null, now: ctx.now });
      await tx.insert(matchHistory).values({
        tournamentId: t.id,
        action: 'start',
        actorId: ctx.actor?.id ?? null,
        after: JSON.stringify({ entrants: inserted.length, format: state.format }),
        createdAt: ctx.now,
      });
      // D24: an admin's (or the host's, or the clock's) start is in the audit log with the change.
      await recordAudit(tx, {
        actorId: ctx.actor?.id ?? null,
        action: auditActions.tournamentStart,
        targetType: 'tournament',
        targetId: t.id,
        before: { status: 'upcoming' },
        after: { status: 'live', entrants: inserted.length, format: state.format },
        at: ctx.now,
      });
      // D31: the entrants' followers hear that it is live (claimed once here; written after the commit).
      await claimLiveAlert(tx, t, ctx.now);
      // A tournament that plays itself out at once (everyone withdrawn but one) completes here.
      await settleTournament(tx, { ...live, matches: [] }, state, ctx);
      return { started: true } as const;
    },
    { behavior: 'immediate' },
  );
  // D31: the follower notifications claimed inside, in batches of their own.
  await drainFollowAlertsAfterCommit(db, ctx.now);
  return outcome;
}

export interface MatchPatch {
  tournamentId: number;
  matchId: number;
  status?: 'live' | 'upcoming';
  startTime?: string | null;
  /** D41: the court a call names (with status 'live', or to move a live match); null for none. */
  court?: string | null;
}

/**
 * Marks a match live (or back to upcoming) or sets its start time, raising its version (a report against the version
 * before is stale). Marking it live calls both sides: each entrant's member gets a 'match called' notification (D15).
 */
export async function patchMatch(db: Db, input: MatchPatch, ctx: ActorContext): Promise<MatchRow> {
  return db.transaction(
    async (tx) => {
      const { loaded, match } = await loadManagedMatch(tx, input, ctx);
      const t = loaded.tournament;
      if (t.status !== 'live') fail(409, `This tournament is ${t.status}: its matches cannot change`);
      const set: Partial<typeof matches.$inferInsert> = {};
      if (input.status !== undefined && input.status !== match.status) {
        if (match.status === 'completed') fail(409, 'This match is completed: correct its score instead');
        if (input.status === 'live' && (match.entrantAId === null || match.entrantBId === null)) {
          fail(409, 'Both sides of this match are not known yet');
        }
        set.status = input.status;
        if (input.status === 'live') {
          // D41: calling it marks it live; nobody plays two matches at once.
          assertNotPlayingElsewhere(loaded, match);
          set.calledAt = ctx.now;
          set.court = courtOf(t, input.court ?? null);
        } else {
          Object.assign(set, { court: null, calledAt: null, arrivedAAt: null, arrivedBAt: null });
        }
      } else if (input.court !== undefined) {
        if (match.status !== 'live') fail(409, 'Call this match to a court to mark it live');
        // The same call sent again (the host's outbox retrying a call whose answer was lost, ADR 071) changes nothing.
        const court = courtOf(t, input.court);
        if (court !== match.court) set.court = court;
      }
      if (input.startTime !== undefined) set.startTime = input.startTime === null ? null : new Date(input.startTime);
      if (Object.keys(set).length === 0) return match;

      const updated = await updateMatch(tx, match, set);
      await tx
        .insert(matchHistory)
        .values(
          historyRow(
            t.id,
            match,
            set.status || set.court !== undefined ? 'live' : 'schedule',
            { actorId: ctx.actor?.id ?? null, now: ctx.now },
            { status: match.status, startTime: match.startTime, ...(match.court ? { court: match.court } : {}) },
            { status: updated.status, startTime: updated.startTime, ...(updated.court ? { court: updated.court } : {}) },
          ),
        );
      await bumpVersion(tx, t.id);
      if (set.status === 'live') await notifyMatchCalled(tx, loaded, updated, ctx.now);
      return updated;
    },
    { behavior: 'immediate' },
  );
}

/** D41: one of the tournament's courts (its own spelling), or null for a call without one. */
function courtOf(t: Tournament, court: string | null): string | null {
  if (court === null) return null;
  const found = (t.courts ?? []).find((c) => c.toLowerCase() === court.trim().toLowerCase());
  if (!found) fail(400, "Choose one of this tournament's courts");
  return found;
}

/** D41: a call is refused while either entrant is in another live match ('Name is playing on Court N'). */
function assertNotPlayingElsewhere(loaded: LoadedBracket, match: MatchRow) {
  const sides = [match.entrantAId, match.entrantBId];
  const other = loaded.matches.find(
    (m) => m.id !== match.id && m.status === 'live' && (sides.includes(m.entrantAId) || sides.includes(m.entrantBId)),
  );
  if (!other) return;
  const busy = sides.find((id) => id !== null && (other.entrantAId === id || other.entrantBId === id));
  const name = loaded.entrants.find((e) => e.id === busy)?.name ?? 'An entrant';
  fail(409, playingElsewhereMessage(name, other));
}

async function bumpVersion(tx: Tx, tournamentId: number) {
  await tx
    .update(tournaments)
    .set({ bracketVersion: sql`${tournaments.bracketVersion} + 1` })
    .where(eq(tournaments.id, tournamentId));
}

async function notifyMatchCalled(tx: Tx, loaded: LoadedBracket, match: MatchRow, now: Date) {
  const byId = new Map(loaded.entrants.map((e) => [e.id, e]));
  const a = byId.get(match.entrantAId ?? -1);
  const b = byId.get(match.entrantBId ?? -1);
  const rows = [
    [a, b],
    [b, a],
  ]
    .filter(([me]) => me?.userId)
    .map(([me, them]) => ({
      userId: me!.userId!,
      kind: 'match_called',
      title: matchCalledTitle(match.court, them?.name ?? 'your opponent'),
      body: `Match ${match.number} of ${loaded.tournament.title} is live: you play ${them?.name ?? 'your opponent'} now.`,
      link: `/tournaments/${loaded.tournament.id}#bracket`,
      createdAt: now,
    }));
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}

/**
 * Withdraws (disqualifies) a player (D20). Before the start their registration is cancelled (no refund); during
 * play every open match of theirs becomes a forfeit won by the opponent, who advances without games or match-win
 * points.
 */
export async function withdrawPlayer(db: Db, tournamentId: number, userId: string, ctx: ActorContext): Promise<void> {
  await db.transaction(
    async (tx) => {
      const loaded = await loadOr404(tx, tournamentId);
      const t = loaded.tournament;
      assertManager(ctx, t);
      if (t.status === 'upcoming') {
        const changed = await tx
          .update(tournamentRegistrations)
          .set({ status: 'cancelled' })
          .where(
            and(
              eq(tournamentRegistrations.tournamentId, t.id),
              eq(tournamentRegistrations.userId, userId),
              inArray(tournamentRegistrations.status, ['registered', 'pending_payment']),
            ),
          )
          .returning({ id: tournamentRegistrations.id });
        if (changed.length === 0) fail(404, 'This player is not registered for this tournament');
        await tx.insert(matchHistory).values({ tournamentId: t.id, action: 'withdraw', actorId: ctx.actor?.id ?? null, after: JSON.stringify({ userId }), createdAt: ctx.now });
        return;
      }
      if (t.status !== 'live') fail(409, `This tournament is ${t.status}: nobody can be withdrawn`);
      const entrant = loaded.entrants.find((e) => e.userId === userId);
      if (!entrant) fail(404, 'This player is not in this tournament');
      if (entrant.withdrawnAt) return;
      await tx.update(entrants).set({ withdrawnAt: ctx.now }).where(eq(entrants.id, entrant.id));
      entrant.withdrawnAt = ctx.now;
      const state = await compute(engineInput(loaded));
      const outcome = await writeState(tx, loaded, state, { actorId: ctx.actor?.id ?? null, now: ctx.now });
      // The entrant changed even when no match did: the bracket's version moves with it (a report read before this
      // withdrawal then finds its bracket moved, ADR 059; the bracket's ETag shows the withdrawal).
      if (!outcome.changed) await bumpVersion(tx, t.id);
      await tx.insert(matchHistory).values({ tournamentId: t.id, action: 'withdraw', actorId: ctx.actor?.id ?? null, after: JSON.stringify({ userId, entrantId: entrant.id }), createdAt: ctx.now });
      await settleTournament(tx, { ...loaded, matches: [...outcome.rows.values()] }, state, ctx);
    },
    { behavior: 'immediate' },
  );
  // D31: the follower notifications claimed inside, in batches of their own.
  await drainFollowAlertsAfterCommit(db, ctx.now);
}

/** The highest result sequence of a tournament (tests and the bench read it). */
export async function lastResultSeq(db: Db, tournamentId: number): Promise<number> {
  const [row] = await db.select({ seq: max(matches.resultSeq) }).from(matches).where(eq(matches.tournamentId, tournamentId));
  return row?.seq ?? 0;
}
