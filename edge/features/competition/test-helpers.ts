import { eq, inArray, sql } from 'drizzle-orm';
import { entrants, finalStandings, pointsLedger } from '../../../db/schema/competition.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp, type TestFixtures } from '../../test/app.ts';
import { addTournament, DAY, json, member, type Member } from '../payments/test-helpers.ts';
import type { Format } from './engine/types.ts';
import { leagueAdmin } from './money-fixtures.ts';
import type { BracketMatch } from './schema.ts';

/** A fresh API on a migrated database at the competition tests' fixed time, and a league admin on it. */
export async function competitionApp(): Promise<{ t: TestApp; admin: Member }> {
  const t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  return { t, admin: await leagueAdmin(t) };
}

/** A tournament due to start, with `n` registered players (registration order = player order). */
export async function tournamentWithPlayers(
  t: TestFixtures,
  options: { format?: Format; n: number; prizePool?: number; hostId?: string; points?: (i: number) => number },
) {
  const id = await addTournament(t, {
    format: options.format ?? 'single-elimination',
    prizePool: options.prizePool ?? 1000,
    maxPlayers: Math.max(options.n, 2),
    startDate: new Date(t.now().getTime() + DAY),
    hostId: options.hostId ?? null,
  });
  const players: Member[] = [];
  for (let i = 0; i < options.n; i++) {
    const p = await member(t);
    if (options.points) await t.db.update(users).set({ wtaPoints: options.points(i) }).where(eq(users.id, p.id));
    await t.db.insert(tournamentRegistrations).values({
      tournamentId: id,
      userId: p.id,
      status: 'registered',
      createdAt: new Date(t.now().getTime() - DAY + i * 1000),
    });
    players.push(p);
  }
  return { id, players };
}

export async function bracketOf(t: TestFixtures, id: number): Promise<BracketMatch[]> {
  return json<BracketMatch[]>(await t.request(`/api/tournaments/${id}/bracket`));
}

export async function statusOf(t: TestFixtures, id: number) {
  const [row] = await t.db.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, id));
  return row?.status;
}

/** Open matches with both sides known: the ones an admin can report now. */
export const playable = (bracket: BracketMatch[]) =>
  bracket.filter((m) => m.status !== 'completed' && m.teamA !== null && m.teamB !== null);

/** A valid winning score for side A or B of a best-of-N match. */
export function winningScore(m: Pick<BracketMatch, 'bestOf'>, aWins: boolean, close = false) {
  const need = m.bestOf === 5 ? 3 : 2;
  const lose = close ? need - 1 : 0;
  return aWins ? { scoreA: need, scoreB: lose } : { scoreA: lose, scoreB: need };
}

/** Reports every match until the tournament completes; `aWins` decides each (default: the better seed wins). */
export async function playToCompletion(
  t: TestFixtures,
  admin: Member,
  id: number,
  aWins: (m: BracketMatch) => boolean = (m) => (m.teamA?.seed ?? 0) < (m.teamB?.seed ?? 0),
) {
  // Each report answers with the whole bracket: the next match is picked from that answer.
  let bracket = await bracketOf(t, id);
  for (let guard = 0; guard < 2000; guard++) {
    const m = playable(bracket)[0];
    if (!m) break;
    bracket = await json<BracketMatch[]>(
      await admin.agent.post(`/api/tournaments/${id}/matches/${m.id}/result`, { ...winningScore(m, aWins(m)), version: m.version }),
    );
  }
  return bracketOf(t, id);
}

/** D14 from scratch: what every member should hold for this tournament, from its bracket and final standings. */
export async function expectedPoints(t: TestFixtures, id: number): Promise<Map<string, number>> {
  const bracket = await bracketOf(t, id);
  const entrantRows = await t.db.select().from(entrants).where(eq(entrants.tournamentId, id));
  const [standings] = await t.db.select().from(finalStandings).where(eq(finalStandings.tournamentId, id));
  // A solo entrant's member is its player; a team entrant's are its roster at entry (D22).
  const members = new Map(entrantRows.map((e) => [e.id, e.teamId === null ? [e.userId!] : []]));
  const registrationOf = new Map(entrantRows.filter((e) => e.teamId !== null).map((e) => [e.registrationId!, e.id]));
  if (registrationOf.size > 0) {
    const rows = await t.db
      .select()
      .from(teamEntryMembers)
      .where(inArray(teamEntryMembers.registrationId, [...registrationOf.keys()]));
    for (const row of rows) members.get(registrationOf.get(row.registrationId)!)!.push(row.userId);
  }
  const points = new Map<string, number>();
  const add = (userId: string | null | undefined, n: number) => {
    if (userId) points.set(userId, (points.get(userId) ?? 0) + n);
  };
  const credit = (entrantId: number | null | undefined, n: number) => {
    for (const userId of members.get(entrantId ?? -1) ?? []) add(userId, n);
  };
  for (const e of entrantRows) credit(e.id, 5);
  for (const m of bracket) if (m.status === 'completed' && !m.forfeit && m.winnerId !== null) credit(m.winnerId, 10);
  if (standings) {
    credit(standings.winnerId, 100);
    credit(standings.runnerUpId, 60);
    credit(standings.thirdPlaceId, 40);
    credit(standings.fourthPlaceId, 25);
    add(standings.mvpUserId, 20);
  }
  return points;
}

/** The ledger's sum per member for this tournament. */
export async function ledgerPoints(t: TestFixtures, id: number): Promise<Map<string, number>> {
  const rows = await t.db
    .select({ userId: pointsLedger.userId, points: sql<number>`sum(${pointsLedger.points})` })
    .from(pointsLedger)
    .where(eq(pointsLedger.tournamentId, id))
    .groupBy(pointsLedger.userId);
  return new Map(rows.filter((r) => r.points !== 0).map((r) => [r.userId, r.points]));
}

/** A team entered in a test tournament: its owner, its roster at entry and its registration. */
export interface EnteredTeam {
  id: number;
  name: string;
  owner: Member;
  members: Member[];
  registrationId: number;
}

/**
 * A team tournament (D22) due to start, with `n` registered teams (registration order = team order), each with its
 * roster at entry stored as the team entry stores it. `points(team, member)` sets the members' WTA points.
 */
export async function tournamentWithTeams(
  t: TestFixtures,
  options: {
    n: number;
    size?: (team: number) => number;
    format?: Format;
    prizePool?: number;
    teamSize?: number;
    points?: (team: number, member: number) => number;
  },
) {
  const id = await addTournament(t, {
    title: 'Team Takeover',
    format: options.format ?? 'single-elimination',
    prizePool: options.prizePool ?? 1000,
    maxPlayers: null,
    maxTeams: Math.max(options.n, 2),
    teamSize: options.teamSize ?? 2,
    startDate: new Date(t.now().getTime() + DAY),
  });
  const entered: EnteredTeam[] = [];
  for (let i = 0; i < options.n; i++) {
    const owner = await member(t, { role: 'owner', waiver: false });
    const name = `Team ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? i : ''}`;
    const [team] = await t.db.insert(teams).values({ name, ownerId: owner.id }).returning({ id: teams.id });
    const members: Member[] = [];
    for (let j = 0; j < (options.size?.(i) ?? 2); j++) {
      const p = await member(t);
      if (options.points) await t.db.update(users).set({ wtaPoints: options.points(i, j) }).where(eq(users.id, p.id));
      await t.db.insert(teamMembers).values({ teamId: team!.id, userId: p.id, position: 'player', joinedAt: t.now() });
      members.push(p);
    }
    const [registration] = await t.db
      .insert(tournamentRegistrations)
      .values({
        tournamentId: id,
        userId: owner.id,
        teamId: team!.id,
        status: 'registered',
        createdAt: new Date(t.now().getTime() - DAY + i * 1000),
      })
      .returning({ id: tournamentRegistrations.id });
    await t.db.insert(teamEntryMembers).values(
      members.map((m) => ({
        registrationId: registration!.id,
        tournamentId: id,
        teamId: team!.id,
        userId: m.id,
        position: 'player',
        createdAt: t.now(),
      })),
    );
    entered.push({ id: team!.id, name, owner, members, registrationId: registration!.id });
  }
  return { id, teams: entered };
}
