import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import type { MyTeam, RosterPlayer } from './schema.ts';

/** Order of a roster: captain, coach, then players, each by points (highest first), then name. */
const positionRank: Record<RosterPlayer['position'], number> = { captain: 0, coach: 1, player: 2 };

/** The owner's teams, oldest first, each with its roster. */
export async function myTeams(db: Db, ownerId: string): Promise<MyTeam[]> {
  const owned = await db
    .select({
      id: teams.id,
      name: teams.name,
      tagline: teams.tagline,
      sport: teams.sport,
      wins: teams.wins,
      losses: teams.losses,
    })
    .from(teams)
    .where(eq(teams.ownerId, ownerId))
    .orderBy(asc(teams.createdAt), asc(teams.id));
  if (owned.length === 0) return [];

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
    .where(
      inArray(
        teamMembers.teamId,
        owned.map((t) => t.id),
      ),
    );

  const rosters = new Map<number, RosterPlayer[]>();
  for (const { teamId, ...player } of members) {
    const list = rosters.get(teamId) ?? [];
    list.push({ ...player, isVerified: player.isVerified === true });
    rosters.set(teamId, list);
  }
  return owned.map((team) => ({
    ...team,
    roster: (rosters.get(team.id) ?? []).sort(
      (a, b) =>
        positionRank[a.position] - positionRank[b.position] ||
        b.wtaPoints - a.wtaPoints ||
        a.lastName.localeCompare(b.lastName) ||
        a.firstName.localeCompare(b.firstName),
    ),
  }));
}
