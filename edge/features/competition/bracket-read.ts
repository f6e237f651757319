import { and, asc, desc, eq, inArray, lt, max, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { entrants, matches, matchHistory, type Entrant, type MatchRow } from '../../../db/schema/competition.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { tournaments, type Tournament } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { compute, engineInput, loadBracket } from './bracket-store.ts';
import { matchRoundName, roundCounts, shownRound, startEstimator } from './rounds.ts';
import {
  type BracketMatch,
  type BracketSide,
  type MatchHistoryEntry,
  type NextMatch,
  type PlayerMatch,
  type TournamentStandings,
} from './schema.ts';

/** Statuses whose bracket is public: pending or rejected hosted tournaments have none to show (D10). */
const PUBLIC = ['upcoming', 'live', 'completed', 'cancelled'] as const;

/** The tournament's bracket version (the ETag of its bracket and standings), or null when it has no public page. */
export async function bracketVersion(db: Db, tournamentId: number): Promise<number | null> {
  const [row] = await db
    .select({ v: tournaments.bracketVersion })
    .from(tournaments)
    .where(and(eq(tournaments.id, tournamentId), inArray(tournaments.status, [...PUBLIC])))
    .limit(1);
  return row ? row.v : null;
}

function side(e: Entrant | undefined, score: number | null): BracketSide | null {
  if (!e) return null;
  return {
    id: e.id,
    name: e.name,
    seed: e.seed,
    score,
    userId: e.userId,
    teamId: e.teamId,
    withdrawn: e.withdrawnAt !== null,
  };
}

/**
 * GET /api/tournaments/{id}/bracket: every match in display order (000 s3) with its round's name and version, start
 * times set or estimated. Its three reads are one batch, one database round trip (ADR 059).
 */
export async function readBracket(db: Db, tournamentId: number): Promise<BracketMatch[]> {
  const [entrantRows, matchRows, [t]] = await db.batch([
    db.select().from(entrants).where(eq(entrants.tournamentId, tournamentId)),
    db.select().from(matches).where(eq(matches.tournamentId, tournamentId)).orderBy(asc(matches.number)),
    db
      .select({ startedAt: tournaments.startedAt, startDate: tournaments.startDate })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId)),
  ]);
  return bracketView(entrantRows, matchRows, t ?? null);
}

/** The bracket as GET /bracket shows it, from its rows (a report answers with the rows it wrote, reading nothing). */
export function bracketView(
  entrantRows: readonly Entrant[],
  matchRows: readonly MatchRow[],
  t: Pick<Tournament, 'startedAt' | 'startDate'> | null,
): BracketMatch[] {
  const byId = new Map(entrantRows.map((e) => [e.id, e]));
  const ordered = [...matchRows].sort((a, b) => a.number - b.number);
  const estimate = startEstimator(ordered, t?.startedAt ?? t?.startDate ?? null);
  const counts = roundCounts(ordered);
  return ordered.map((m) => {
    const est = m.startTime ?? (m.status === 'completed' ? null : estimate(m));
    return {
      id: m.id,
      round: shownRound(m, counts),
      roundName: matchRoundName(m, counts),
      matchNumber: m.number,
      status: m.status,
      startTime: est ? est.toISOString() : null,
      startTimeEstimated: m.startTime === null && est !== null,
      winnerId: m.winnerId,
      teamA: side(byId.get(m.entrantAId ?? -1), m.scoreA),
      teamB: side(byId.get(m.entrantBId ?? -1), m.scoreB),
      stage: m.stage as BracketMatch['stage'],
      group: m.groupNumber,
      bestOf: m.bestOf === 5 ? 5 : 3,
      forfeit: m.forfeit,
      completedAt: m.completedAt ? m.completedAt.toISOString() : null,
      version: m.version,
      court: m.court ?? null,
      calledAt: m.calledAt ? m.calledAt.toISOString() : null,
      arrivedA: m.arrivedAAt != null,
      arrivedB: m.arrivedBAt != null,
    };
  });
}

/** One match of the bracket as GET /bracket shows it (the 409 of a stale report carries it), or null. */
export async function readBracketMatch(db: Db, tournamentId: number, matchId: number): Promise<BracketMatch | null> {
  return (await readBracket(db, tournamentId)).find((m) => m.id === matchId) ?? null;
}

/** GET /api/tournaments/{id}/standings: the engine's tables for round robin, Swiss and pools (D19). */
export async function readStandings(db: Db, tournamentId: number): Promise<TournamentStandings> {
  const loaded = await loadBracket(db, tournamentId);
  if (!loaded || loaded.entrants.length === 0)
    return { format: loaded ? engineInput(loaded).format : 'single-elimination', rows: [] };
  const state = await compute(engineInput(loaded));
  const byId = new Map(loaded.entrants.map((e) => [e.id, e]));
  return {
    format: state.format,
    rows: state.standings.map((s) => {
      const e = byId.get(s.entrantId);
      return {
        entrantId: s.entrantId,
        name: e?.name ?? '',
        seed: e?.seed ?? 0,
        userId: e?.userId ?? null,
        group: s.group,
        rank: s.rank,
        wins: s.wins,
        losses: s.losses,
        gamesWon: s.gamesWon,
        gamesLost: s.gamesLost,
        gameDifference: s.gamesWon - s.gamesLost,
        buchholz: s.buchholz ?? null,
        withdrawn: e?.withdrawnAt != null,
      };
    }),
  };
}

export const PLAYER_MATCH_LIMIT = 100;

/** How many of a member's entries (their own, and their teams' entries they were rostered on) a history reads. */
const MEMBER_ENTRY_LIMIT = 200;

const memberEntrantFields = { id: entrants.id, tournamentId: entrants.tournamentId, title: tournaments.title };

/** The team entrants whose roster at entry held the member (exported for its query plan test). */
export function rosteredEntrants(db: Db, userId: string, tournamentId?: number) {
  return db
    .select(memberEntrantFields)
    .from(teamEntryMembers)
    .innerJoin(
      entrants,
      and(
        eq(entrants.tournamentId, teamEntryMembers.tournamentId),
        eq(entrants.registrationId, teamEntryMembers.registrationId),
      ),
    )
    .innerJoin(tournaments, eq(tournaments.id, entrants.tournamentId))
    .where(
      and(
        eq(teamEntryMembers.userId, userId),
        tournamentId === undefined ? undefined : eq(teamEntryMembers.tournamentId, tournamentId),
      ),
    )
    .orderBy(desc(teamEntryMembers.tournamentId))
    .limit(MEMBER_ENTRY_LIMIT);
}

/**
 * The entrants a member plays as, newest first: their own entries (entrants_user_idx) and the team entries whose
 * roster at entry held them (D22: team_entry_members_user_idx, then the team's entrant within its tournament through
 * entrants_tournament_seed_uq; entrants has no registration index, and a tournament's entrants are few). Optionally
 * within one tournament. The owner of a team entry is its entrant's userId, so they see their team's matches too.
 */
export async function entrantsOfMember(db: Db, userId: string, tournamentId?: number) {
  const [own, rostered] = await Promise.all([
    db
      .select(memberEntrantFields)
      .from(entrants)
      .innerJoin(tournaments, eq(tournaments.id, entrants.tournamentId))
      .where(
        and(
          eq(entrants.userId, userId),
          tournamentId === undefined ? undefined : eq(entrants.tournamentId, tournamentId),
        ),
      )
      .orderBy(desc(entrants.id))
      .limit(MEMBER_ENTRY_LIMIT),
    rosteredEntrants(db, userId, tournamentId),
  ]);
  const byId = new Map([...own, ...rostered].map((e) => [e.id, e]));
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, MEMBER_ENTRY_LIMIT);
}

/**
 * GET /api/player/matches: the member's matches across tournaments, newest first (dashboard Match History, 000 s2).
 * Reads entrants by user (index) then matches by either side (two indexes), at most PLAYER_MATCH_LIMIT.
 */
export async function playerMatches(db: Db, userId: string): Promise<PlayerMatch[]> {
  const mine = await entrantsOfMember(db, userId);
  if (mine.length === 0) return [];
  const ids = mine.map((e) => e.id);
  const rows = await db
    .select()
    .from(matches)
    .where(or(inArray(matches.entrantAId, ids), inArray(matches.entrantBId, ids)));
  const tournamentIds = [...new Set(mine.map((e) => e.tournamentId))];
  const [others, shape] = await Promise.all([
    // Only the opponents met, not every entrant of every tournament played.
    db
      .select({ id: entrants.id, name: entrants.name, userId: entrants.userId, teamId: entrants.teamId })
      .from(entrants)
      .where(inArray(entrants.id, opponentIds(rows, new Set(ids)))),
    // Rounds per stage, for the round names: one grouped row per stage, not every match.
    db
      .select({
        tournamentId: matches.tournamentId,
        stage: matches.stage,
        groupNumber: matches.groupNumber,
        round: max(matches.round),
      })
      .from(matches)
      .where(inArray(matches.tournamentId, tournamentIds))
      .groupBy(matches.tournamentId, matches.stage, matches.groupNumber),
  ]);
  const names = new Map(others.map((e) => [e.id, e]));
  const titleOf = new Map(mine.map((e) => [e.tournamentId, e.title]));
  const countsOf = new Map<number, Map<string, number>>();
  for (const id of tournamentIds) {
    countsOf.set(
      id,
      roundCounts(shape.filter((s) => s.tournamentId === id).map((s) => ({ ...s, round: s.round ?? 0 }))),
    );
  }
  const mineIds = new Set(ids);
  return rows
    .map((m): PlayerMatch => {
      const meA = mineIds.has(m.entrantAId ?? -1);
      const me = meA ? m.entrantAId! : m.entrantBId!;
      const them = meA ? m.entrantBId : m.entrantAId;
      const opponent = them === null ? null : names.get(them);
      const result: PlayerMatch['result'] =
        m.status === 'completed' ? (m.winnerId === me ? 'win' : 'loss') : m.status === 'live' ? 'live' : 'upcoming';
      return {
        matchId: m.id,
        tournamentId: m.tournamentId,
        tournamentTitle: titleOf.get(m.tournamentId) ?? '',
        round: shownRound(m, countsOf.get(m.tournamentId) ?? new Map()),
        roundName: matchRoundName(m, countsOf.get(m.tournamentId) ?? new Map()),
        stage: m.stage as PlayerMatch['stage'],
        // A team opponent is its team, not the owner who entered it: no member to point to.
        opponent: opponent ? { name: opponent.name, userId: opponent.teamId === null ? opponent.userId : null } : null,
        scoreFor: meA ? m.scoreA : m.scoreB,
        scoreAgainst: meA ? m.scoreB : m.scoreA,
        result,
        forfeit: m.forfeit,
        completedAt: m.completedAt ? m.completedAt.toISOString() : null,
      };
    })
    .sort((a, b) => (b.completedAt ?? '9999').localeCompare(a.completedAt ?? '9999') || b.matchId - a.matchId)
    .slice(0, PLAYER_MATCH_LIMIT);
}

function opponentIds(rows: MatchRow[], mine: Set<number>): number[] {
  const out = new Set<number>();
  for (const m of rows) {
    for (const id of [m.entrantAId, m.entrantBId]) if (id !== null && !mine.has(id)) out.add(id);
  }
  return [...out];
}

/** GET /api/tournaments/{id}/next-match: the signed-in entrant's next open match in a live tournament, or null. */
export async function nextMatchOf(db: Db, tournamentId: number, userId: string): Promise<NextMatch | null> {
  const [me] = await entrantsOfMember(db, userId, tournamentId);
  if (!me) return null;
  const rows = await db
    .select()
    .from(matches)
    .where(
      and(eq(matches.tournamentId, tournamentId), or(eq(matches.entrantAId, me.id), eq(matches.entrantBId, me.id))),
    )
    .orderBy(asc(matches.number));
  const next = rows.find((m) => m.status !== 'completed');
  if (!next) return null;
  const all = await db
    .select({ stage: matches.stage, groupNumber: matches.groupNumber, round: max(matches.round) })
    .from(matches)
    .where(eq(matches.tournamentId, tournamentId))
    .groupBy(matches.stage, matches.groupNumber);
  const them = next.entrantAId === me.id ? next.entrantBId : next.entrantAId;
  const [opp] =
    them === null ? [] : await db.select({ name: entrants.name }).from(entrants).where(eq(entrants.id, them));
  return {
    matchId: next.id,
    matchNumber: next.number,
    roundName: matchRoundName(next, roundCounts(all.map((s) => ({ ...s, round: s.round ?? 0 })))),
    opponent: opp?.name ?? null,
    status: next.status === 'live' ? 'live' : 'upcoming',
    startTime: next.startTime ? next.startTime.toISOString() : null,
  };
}

export const HISTORY_PAGE = 100;

/** GET /api/tournaments/{id}/match-history: newest first, paged by id (`before`). */
export async function readMatchHistory(db: Db, tournamentId: number, before?: number): Promise<MatchHistoryEntry[]> {
  const rows = await db
    .select({
      h: matchHistory,
      actorFirst: users.firstName,
      actorLast: users.lastName,
    })
    .from(matchHistory)
    .leftJoin(users, eq(users.id, matchHistory.actorId))
    .where(and(eq(matchHistory.tournamentId, tournamentId), before ? lt(matchHistory.id, before) : undefined))
    .orderBy(desc(matchHistory.id))
    .limit(HISTORY_PAGE);
  return rows.map(({ h, actorFirst, actorLast }) => ({
    id: h.id,
    matchNumber: h.matchNumber,
    action: h.action,
    actor:
      h.actorId && actorFirst !== null ? { id: h.actorId, firstName: actorFirst, lastName: actorLast ?? '' } : null,
    before: h.before ? (JSON.parse(h.before) as unknown) : null,
    after: h.after ? (JSON.parse(h.after) as unknown) : null,
    createdAt: h.createdAt.toISOString(),
  }));
}
