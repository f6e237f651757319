import { and, asc, eq, inArray, isNull, notExists } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { entrants, matches, mvpVotes, type MatchRow } from '../../../db/schema/competition.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { adminFlags } from '../../lib/admin.ts';
import { arrive, saveCourts } from '../courts/service.ts';
import { reportAsPlayer } from '../score-reports/service.ts';
import { reportResult } from './report.ts';
import { patchMatch, startTournament } from './service.ts';

/**
 * D18's demo league played through the engine (issue 11): the seed stores its live and completed tournaments with
 * their registrations only; this plays them as the clock and an admin would. Each is started at its start date and
 * every result is reported through the same service as the API, at times during the event, so brackets, standings,
 * MVPs, points and payouts all come from the engine. Deterministic: the earlier registration wins each match (the
 * seed lists entrants in their intended finishing order), live tournaments stop after their first round with their
 * next matches on the floor (courts, calls, a disputed players' report: stageLiveFloor).
 */

const MATCH_MINUTES = 20;
const MINUTE = 60 * 1000;
/** D41: the courts the live demo tournament's host lists. */
export const DEMO_COURTS = ['Court 1', 'Court 2'];

export interface DemoLeagueReport {
  played: number;
  reported: number;
}

export async function playDemoLeague(db: Db, opts: { now: Date; leagueEmailDomain: string }): Promise<DemoLeagueReport> {
  const toPlay = await db
    .select({ id: tournaments.id, status: tournaments.status, startDate: tournaments.startDate })
    .from(tournaments)
    .where(
      and(
        inArray(tournaments.status, ['live', 'completed']),
        isNull(tournaments.startedAt),
        notExists(db.select({ id: entrants.id }).from(entrants).where(eq(entrants.tournamentId, tournaments.id))),
      ),
    )
    .orderBy(asc(tournaments.startDate));
  const report: DemoLeagueReport = { played: 0, reported: 0 };

  for (const t of toPlay) {
    const order = await db
      .select({ id: tournamentRegistrations.id, userId: tournamentRegistrations.userId, teamId: tournamentRegistrations.teamId })
      .from(tournamentRegistrations)
      .where(and(eq(tournamentRegistrations.tournamentId, t.id), eq(tournamentRegistrations.status, 'registered')))
      .orderBy(asc(tournamentRegistrations.createdAt), asc(tournamentRegistrations.id));
    if (order.length < 2) continue;
    const rank = new Map(order.map((r, i) => [r.userId, i]));

    await db.update(tournaments).set({ status: 'upcoming', championId: null, championTeamId: null }).where(eq(tournaments.id, t.id));
    await db
      .update(tournamentRegistrations)
      .set({ placement: null })
      .where(eq(tournamentRegistrations.tournamentId, t.id));
    let clock = t.startDate.getTime();
    const ctx = () => ({ actor: null, leagueEmailDomain: opts.leagueEmailDomain, now: new Date(clock) });
    await startTournament(db, t.id, ctx());
    report.played += 1;

    if (t.status === 'completed') await seedMvpVotes(db, t.id, await votable(db, order), new Date(clock));

    for (let guard = 0; guard < 1000; guard++) {
      const open = await db
        .select({ m: matches, a: entrants.userId })
        .from(matches)
        .innerJoin(entrants, eq(entrants.id, matches.entrantAId))
        .where(and(eq(matches.tournamentId, t.id), inArray(matches.status, ['upcoming', 'live'])))
        .orderBy(asc(matches.number));
      const ready = open.filter(({ m }) => m.entrantBId !== null);
      if (ready.length === 0) break;
      const { m, a } = ready[0]!;
      // A live demo tournament stops after its first round, with its next matches on the floor.
      if (t.status === 'live' && m.round > 1) {
        await stageLiveFloor(db, t.id, ready.map((r) => r.m), { ...opts, after: clock });
        break;
      }
      const [b] = await db.select({ userId: entrants.userId }).from(entrants).where(eq(entrants.id, m.entrantBId!));
      const aWins = (rank.get(a ?? '') ?? 0) < (rank.get(b?.userId ?? '') ?? 0);
      const need = m.bestOf === 5 ? 3 : 2;
      const close = (m.number % 2) as 0 | 1;
      clock += MATCH_MINUTES * 60 * 1000;
      const outcome = await reportResult(
        db,
        { tournamentId: t.id, matchId: m.id, scoreA: aWins ? need : close, scoreB: aWins ? close : need, version: m.version },
        ctx(),
      );
      if (outcome.ok) report.reported += 1;
    }
  }
  return report;
}

/**
 * The live demo tournament's floor after its first round (D40, D41), as its host would have run it: the league admin
 * listed two courts and called the next two matches to them half an hour ago, and both sides of each came to their
 * court. The match on Court 2 is over but its players reported different scores, so it waits for the host ('Disputed
 * - the host decides'); the one on Court 1 is still being played. Every step goes through the API's services (history
 * rows, the players', host's and admins' notifications). Without a league admin (another LEAGUE_EMAIL_DOMAIN) nobody
 * lists courts: the matches are called without one. Times are minutes before `now`, never before `after` (the first
 * round's last result).
 */
async function stageLiveFloor(
  db: Db,
  tournamentId: number,
  next: MatchRow[],
  opts: { now: Date; leagueEmailDomain: string; after: number },
): Promise<void> {
  const { leagueEmailDomain } = opts;
  const at = (minutesAgo: number) => new Date(Math.max(opts.after, opts.now.getTime() - minutesAgo * MINUTE));
  const host = await leagueAdmin(db, leagueEmailDomain);
  if (host) {
    await saveCourts(db, tournamentId, { courts: DEMO_COURTS, noShowMinutes: 10 }, { user: host, leagueEmailDomain, now: at(31) });
  }
  const called: MatchRow[] = [];
  for (const [i, m] of next.slice(0, DEMO_COURTS.length).entries()) {
    const court = host ? DEMO_COURTS[i]! : null;
    called.push(await patchMatch(db, { tournamentId, matchId: m.id, status: 'live', court }, { actor: host, leagueEmailDomain, now: at(30 - i) }));
  }
  const sides = await playersOf(db, called);
  for (const [i, m] of called.entries()) {
    for (const [j, user] of [sides.get(m.entrantAId!), sides.get(m.entrantBId!)].entries()) {
      if (user) await arrive(db, { tournamentId, matchId: m.id }, { user, leagueEmailDomain, now: at(28 - i - j) });
    }
  }
  // The second match's players disagree: side A says it won, side B that it did.
  const disputed = called[1];
  if (!disputed) return;
  const [a, b] = [sides.get(disputed.entrantAId!), sides.get(disputed.entrantBId!)];
  if (!a || !b) return;
  const need = disputed.bestOf === 5 ? 3 : 2;
  const input = { tournamentId, matchId: disputed.id, version: disputed.version };
  await reportAsPlayer(db, { ...input, scoreA: need, scoreB: need - 1 }, { user: a, leagueEmailDomain, now: at(5) });
  await reportAsPlayer(db, { ...input, scoreA: need - 1, scoreB: need }, { user: b, leagueEmailDomain, now: at(3) });
}

/** The league admin who runs the demo's live tournament (admin@ before the commissioner), or null when none is. */
async function leagueAdmin(db: Db, leagueEmailDomain: string): Promise<User | null> {
  const staff = await db.select().from(users).where(inArray(users.role, ['admin', 'super_admin'])).orderBy(asc(users.email));
  const admins = staff.filter((u) => adminFlags(u, leagueEmailDomain).isAdmin);
  return admins.find((u) => u.role === 'admin') ?? admins[0] ?? null;
}

/** The member behind each solo entrant of these matches, by entrant id. */
async function playersOf(db: Db, called: MatchRow[]): Promise<Map<number, User>> {
  const ids = called.flatMap((m) => [m.entrantAId, m.entrantBId]).filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db.select({ entrantId: entrants.id, user: users }).from(entrants).innerJoin(users, eq(users.id, entrants.userId)).where(inArray(entrants.id, ids));
  return new Map(rows.map((r) => [r.entrantId, r.user]));
}

/**
 * One member per entry, in registration order, whom the fans may vote for: the player, or for a team entry (D22) a
 * member of its roster at entry (its captain when it has one), never the owner who entered it.
 */
async function votable(db: Db, order: { id: number; userId: string; teamId: number | null }[]): Promise<string[]> {
  const rosters = await db
    .select({ registrationId: teamEntryMembers.registrationId, userId: teamEntryMembers.userId, position: teamEntryMembers.position })
    .from(teamEntryMembers)
    .where(inArray(teamEntryMembers.registrationId, order.filter((r) => r.teamId !== null).map((r) => r.id)))
    .orderBy(asc(teamEntryMembers.userId));
  return order.flatMap((r) => {
    if (r.teamId === null) return [r.userId];
    const roster = rosters.filter((m) => m.registrationId === r.id);
    const pick = roster.find((m) => m.position === 'captain') ?? roster[0];
    return pick ? [pick.userId] : [];
  });
}

/**
 * Fans' MVP votes for a completed demo tournament, cast while it was live: most go to the runner-up (the crowd's
 * favourite), so the MVP is not always the champion.
 */
async function seedMvpVotes(db: Db, tournamentId: number, entrantUsers: string[], at: Date) {
  const voters = await db.select({ id: users.id }).from(users).where(eq(users.role, 'fan')).orderBy(asc(users.id)).limit(6);
  const favourite = entrantUsers[1] ?? entrantUsers[0]!;
  const rows = voters.map((v, i) => ({
    tournamentId,
    voterId: v.id,
    playerId: i % 3 === 2 ? entrantUsers[0]! : favourite,
    createdAt: at,
  }));
  if (rows.length > 0) await db.insert(mvpVotes).values(rows).onConflictDoNothing();
}
