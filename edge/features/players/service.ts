import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import type { CurrentTeam } from './schema.ts';

const teamColumns = { id: teams.id, name: teams.name, wins: teams.wins, losses: teams.losses };

/**
 * The user's current team: the team they most recently joined as a roster member, else (for an owner) the
 * first team they own; `{ hasTeam: false, team: null }` when neither exists.
 */
export async function currentTeam(db: Db, userId: string): Promise<CurrentTeam> {
  const [membership] = await db
    .select(teamColumns)
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(desc(teamMembers.joinedAt), desc(teams.id))
    .limit(1);
  if (membership) return { hasTeam: true, team: membership };

  const [owned] = await db
    .select(teamColumns)
    .from(teams)
    .where(eq(teams.ownerId, userId))
    .orderBy(asc(teams.createdAt), asc(teams.id))
    .limit(1);
  return owned ? { hasTeam: true, team: owned } : { hasTeam: false, team: null };
}
