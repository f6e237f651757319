import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { entrants, type Entrant } from '../../../db/schema/competition.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, type Tournament } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import type { Tx } from './bracket-store.ts';
import type { BracketState } from './engine/types.ts';

/**
 * Team tournaments in the engine's storage (D22): the entrants are teams, each entered by its owner with the roster
 * it had at entry (team_entry_members, written by the payments module's team entry). This module answers who an
 * entrant's members are and writes what a team entrant changes outside the bracket: the team's record and its
 * members' teamWins/teamLosses per match, tournamentsPlayed at the start, championshipWins at completion. Each
 * write moves a figure by a difference from what the entrant row has already counted, so retries never count twice.
 */

/** D22: a tournament with maxTeams set is a team tournament. */
export const isTeamTournament = (t: Pick<Tournament, 'maxTeams'>) => t.maxTeams !== null;

/** A registered team entry about to become an entrant, best seed first. */
export interface TeamEntrantRow {
  registrationId: number;
  userId: string;
  teamId: number;
  name: string;
}

/**
 * The registered teams of a tournament at its start, seeded by the sum of their members' WTA points (the roster at
 * entry), then earliest registration (D22).
 */
export async function registeredTeams(tx: Tx, tournamentId: number): Promise<TeamEntrantRow[]> {
  const rosterPoints = sql<number>`coalesce((select sum(${users.wtaPoints}) from ${teamEntryMembers}
    join ${users} on ${users.id} = ${teamEntryMembers.userId}
    where ${teamEntryMembers.registrationId} = ${tournamentRegistrations.id}), 0)`;
  const rows = await tx
    .select({
      registrationId: tournamentRegistrations.id,
      userId: tournamentRegistrations.userId,
      teamId: teams.id,
      name: teams.name,
    })
    .from(tournamentRegistrations)
    .innerJoin(teams, eq(teams.id, tournamentRegistrations.teamId))
    .where(
      and(
        eq(tournamentRegistrations.tournamentId, tournamentId),
        eq(tournamentRegistrations.status, 'registered'),
        isNotNull(tournamentRegistrations.teamId),
      ),
    )
    .orderBy(desc(rosterPoints), asc(tournamentRegistrations.createdAt), asc(tournamentRegistrations.id));
  return rows;
}

/** D22: at the start each entered team has played one more tournament (startTournament runs once per tournament). */
export async function countTournamentPlayed(tx: Tx, teamIds: number[]): Promise<void> {
  if (teamIds.length === 0) return;
  await tx
    .update(teams)
    .set({ tournamentsPlayed: sql`${teams.tournamentsPlayed} + 1` })
    .where(inArray(teams.id, teamIds));
}

/** Each team entrant's members (the roster at entry), by entrant id; solo entrants are their own member. */
export async function membersByEntrant(
  tx: Pick<Tx, 'select'>,
  rows: readonly Entrant[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const byRegistration = new Map<number, number>();
  for (const e of rows) {
    if (e.teamId === null) out.set(e.id, e.userId ? [e.userId] : []);
    else {
      out.set(e.id, []);
      if (e.registrationId !== null) byRegistration.set(e.registrationId, e.id);
    }
  }
  if (byRegistration.size === 0) return out;
  const members = await tx
    .select({ registrationId: teamEntryMembers.registrationId, userId: teamEntryMembers.userId })
    .from(teamEntryMembers)
    .where(inArray(teamEntryMembers.registrationId, [...byRegistration.keys()]))
    .orderBy(asc(teamEntryMembers.userId));
  for (const m of members) out.get(byRegistration.get(m.registrationId)!)!.push(m.userId);
  return out;
}

/** What one team entrant's matches changed since it was last counted. */
export interface TeamStatsDelta {
  entrant: Entrant;
  wins: number;
  losses: number;
}

/**
 * D22, per match: the team's wins or losses and each member's teamWins or teamLosses move by the difference the
 * bracket store computed for the entrant (its counted* columns are already updated in the same transaction).
 */
export async function applyTeamStats(tx: Tx, deltas: readonly TeamStatsDelta[]): Promise<void> {
  const changed = deltas.filter((d) => d.wins !== 0 || d.losses !== 0);
  if (changed.length === 0) return;
  const members = await membersByEntrant(
    tx,
    changed.map((d) => d.entrant),
  );
  for (const { entrant, wins, losses } of changed) {
    await tx
      .update(teams)
      .set({ wins: sql`${teams.wins} + ${wins}`, losses: sql`${teams.losses} + ${losses}` })
      .where(eq(teams.id, entrant.teamId!));
    const ids = members.get(entrant.id) ?? [];
    if (ids.length === 0) continue;
    await tx
      .update(users)
      .set({ teamWins: sql`${users.teamWins} + ${wins}`, teamLosses: sql`${users.teamLosses} + ${losses}` })
      .where(inArray(users.id, ids));
  }
}

/** Who the settlement credits (D14, D22): per place, per entrant, and non-forfeit match wins per member. */
export interface CreditedMembers {
  placeMembers: string[][];
  entrantMembers: string[];
  matchWins: Record<string, number>;
}

/**
 * The members a completed bracket credits: the player of a solo entrant, every member of a team entrant's roster
 * at entry "as if they had played" (D22). A forfeit win counts no match-win points (D20).
 */
export async function creditedMembers(
  tx: Pick<Tx, 'select'>,
  rows: readonly Entrant[],
  state: BracketState,
): Promise<CreditedMembers> {
  const members = await membersByEntrant(tx, rows);
  const of = (entrantId: number) => members.get(entrantId) ?? [];
  const matchWins: Record<string, number> = {};
  for (const m of state.matches) {
    if (!m.completed || m.forfeit || m.winnerId === null) continue;
    for (const userId of of(m.winnerId)) matchWins[userId] = (matchWins[userId] ?? 0) + 1;
  }
  return {
    placeMembers: state.places.map(of),
    entrantMembers: rows.flatMap((e) => of(e.id)),
    matchWins,
  };
}

/**
 * D22 at completion: championshipWins +1 for the champion team, by difference from what each entrant counted, so
 * completing again (a retry, a correction that keeps the champion) changes nothing and a correction that crowns
 * another team moves the title. Returns the champion's team id (null when the champion is not a team).
 */
export async function settleChampionship(
  tx: Tx,
  rows: Entrant[],
  championEntrantId: number | null,
): Promise<number | null> {
  let championTeamId: number | null = null;
  for (const e of rows) {
    if (e.teamId === null) continue;
    const want = e.id === championEntrantId ? 1 : 0;
    if (want === 1) championTeamId = e.teamId;
    const delta = want - e.countedChampionship;
    if (delta === 0) continue;
    await tx
      .update(teams)
      .set({ championshipWins: sql`${teams.championshipWins} + ${delta}` })
      .where(eq(teams.id, e.teamId));
    await tx.update(entrants).set({ countedChampionship: want }).where(eq(entrants.id, e.id));
    e.countedChampionship = want;
  }
  return championTeamId;
}
