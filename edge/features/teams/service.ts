import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import type { MyTeam, RosterPlayer, RosterPosition } from './schema.ts';

/** Order of a roster: captain, coach, then players, each by points (highest first), then name. */
const positionRank: Record<RosterPlayer['position'], number> = { captain: 0, coach: 1, player: 2 };

const teamColumns = {
  id: teams.id,
  name: teams.name,
  tagline: teams.tagline,
  logoUrl: teams.logoUrl,
  sport: teams.sport,
  wins: teams.wins,
  losses: teams.losses,
};

/** Each team's roster in roster order, read with the team_members primary key (team_id first). */
async function rostersOf(db: Db, teamIds: readonly number[]): Promise<Map<number, RosterPlayer[]>> {
  const rosters = new Map<number, RosterPlayer[]>();
  if (teamIds.length === 0) return rosters;
  const members = await db
    .select({
      teamId: teamMembers.teamId,
      position: teamMembers.position,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      isVerified: users.isVerified,
      wtaPoints: users.wtaPoints,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(inArray(teamMembers.teamId, [...teamIds]));
  for (const { teamId, ...player } of members) {
    const list = rosters.get(teamId) ?? [];
    list.push({ ...player, isVerified: player.isVerified === true });
    rosters.set(teamId, list);
  }
  for (const list of rosters.values()) {
    list.sort(
      (a, b) =>
        positionRank[a.position] - positionRank[b.position] ||
        b.wtaPoints - a.wtaPoints ||
        a.lastName.localeCompare(b.lastName) ||
        a.firstName.localeCompare(b.firstName),
    );
  }
  return rosters;
}

function withRoster(team: Omit<MyTeam, 'roster' | 'coachId' | 'captainId'>, roster: RosterPlayer[]): MyTeam {
  return {
    ...team,
    coachId: roster.find((p) => p.position === 'coach')?.id ?? null,
    captainId: roster.find((p) => p.position === 'captain')?.id ?? null,
    roster,
  };
}

/** The owner's teams, oldest first, each with its roster. */
export async function myTeams(db: Db, ownerId: string): Promise<MyTeam[]> {
  const owned = await db
    .select(teamColumns)
    .from(teams)
    .where(eq(teams.ownerId, ownerId))
    .orderBy(asc(teams.createdAt), asc(teams.id));
  const rosters = await rostersOf(
    db,
    owned.map((t) => t.id),
  );
  return owned.map((team) => withRoster(team, rosters.get(team.id) ?? []));
}

/** One team as the owner page shows it, or null. */
export async function teamById(db: Db, teamId: number): Promise<MyTeam | null> {
  const [team] = await db.select(teamColumns).from(teams).where(eq(teams.id, teamId));
  if (!team) return null;
  return withRoster(team, (await rostersOf(db, [team.id])).get(team.id) ?? []);
}

/** The team's roster in roster order ([] for a team without players; null for no such team). */
export async function teamRoster(db: Db, teamId: number): Promise<RosterPlayer[] | null> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  if (!team) return null;
  return (await rostersOf(db, [teamId])).get(teamId) ?? [];
}

/** Who may change a team: its owner only (001 s6). */
export type TeamAccess = 'owner' | 'not-owner' | 'not-found';

export async function teamAccess(db: Db, teamId: number, userId: string): Promise<TeamAccess> {
  const [team] = await db.select({ ownerId: teams.ownerId }).from(teams).where(eq(teams.id, teamId));
  if (!team) return 'not-found';
  return team.ownerId === userId ? 'owner' : 'not-owner';
}

/**
 * Creates the owner's team (001 s2: the Create Team dialog shows only while the owner has none). One statement, so
 * two presses at once, or a role change to player racing it (D34), cannot leave two teams or a player owning one.
 */
export async function createTeam(
  db: Db,
  ownerId: string,
  fields: { name: string; tagline: string | null },
): Promise<{ id: number } | 'not-owner' | 'has-team'> {
  const rows = await db.all<{ id: number }>(sql`
    insert into teams (name, owner_id, tagline)
    select ${fields.name}, ${ownerId}, ${fields.tagline}
    where exists (select 1 from users where id = ${ownerId} and role = 'owner')
      and not exists (select 1 from teams where owner_id = ${ownerId})
    returning id`);
  if (rows[0]) return { id: Number(rows[0].id) };
  const [owner] = await db.select({ role: users.role }).from(users).where(eq(users.id, ownerId));
  return owner?.role === 'owner' ? 'has-team' : 'not-owner';
}

/** Edits the name or tagline of a team the caller owns; false when it is not theirs (checked in the same write). */
export async function editTeam(
  db: Db,
  teamId: number,
  ownerId: string,
  fields: { name?: string; tagline?: string | null },
): Promise<boolean> {
  const updated = await db
    .update(teams)
    .set(fields)
    .where(and(eq(teams.id, teamId), eq(teams.ownerId, ownerId)))
    .returning({ id: teams.id });
  return updated.length > 0;
}

/** Takes a player off the roster; their captain or coach role goes with the row. False when not on it. */
export async function removeFromRoster(db: Db, teamId: number, playerId: string): Promise<boolean> {
  const removed = await db
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, playerId)))
    .returning({ userId: teamMembers.userId });
  return removed.length > 0;
}

export type RolesChange = { coachId?: string | null; captainId?: string | null };

/**
 * Sets the coach and captain from the roster (or none). The new positions of the whole roster are written by one
 * statement, so two changes at once leave one consistent pair, and a player removed meanwhile holds no role.
 */
export async function setRoles(
  db: Db,
  teamId: number,
  change: RolesChange,
): Promise<'ok' | 'coach-not-on-roster' | 'captain-not-on-roster' | 'same-player'> {
  const roster = await db
    .select({ userId: teamMembers.userId, position: teamMembers.position })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  const onRoster = new Set(roster.map((m) => m.userId));
  const holder = (position: RosterPosition) => roster.find((m) => m.position === position)?.userId ?? null;
  const coach = change.coachId === undefined ? holder('coach') : change.coachId;
  const captain = change.captainId === undefined ? holder('captain') : change.captainId;
  if (coach !== null && !onRoster.has(coach)) return 'coach-not-on-roster';
  if (captain !== null && !onRoster.has(captain)) return 'captain-not-on-roster';
  if (coach !== null && coach === captain) return 'same-player';
  await db
    .update(teamMembers)
    .set({
      position: sql`case ${teamMembers.userId} when ${captain ?? ''} then 'captain' when ${coach ?? ''} then 'coach' else 'player' end`,
    })
    .where(eq(teamMembers.teamId, teamId));
  return 'ok';
}
