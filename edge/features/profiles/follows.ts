import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { follows } from '../../../db/schema/follows.ts';
import { teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import type { FollowState } from './schema.ts';

/** Why a follow was refused: no such player or team, the caller themself (D31), or the caller's own team (ADR 031). */
export type FollowRefusal = 'not-found' | 'self' | 'own-team';

async function playerFollowState(db: Db, followerId: string, playerId: string): Promise<FollowState> {
  const [row] = await db
    .select({
      followerCount: sql<number>`count(*)`,
      following: sql<number>`coalesce(max(${follows.followerId} = ${followerId}), 0)`,
    })
    .from(follows)
    .where(eq(follows.playerId, playerId));
  return { following: Boolean(row?.following), followerCount: Number(row?.followerCount ?? 0) };
}

async function teamFollowState(db: Db, followerId: string, teamId: number): Promise<FollowState> {
  const [row] = await db
    .select({
      followerCount: sql<number>`count(*)`,
      following: sql<number>`coalesce(max(${follows.followerId} = ${followerId}), 0)`,
    })
    .from(follows)
    .where(eq(follows.teamId, teamId));
  return { following: Boolean(row?.following), followerCount: Number(row?.followerCount ?? 0) };
}

/**
 * Follows a player (D31). One conditional statement: the row is written only when the player exists, and a second
 * follow (a double press, a retried request) meets follows_player_uq and writes nothing.
 */
export async function followPlayer(
  db: Db,
  followerId: string,
  playerId: string,
  now: Date,
): Promise<FollowState | FollowRefusal> {
  if (followerId === playerId) return 'self';
  const written = await db.run(sql`
    insert into follows (follower_id, player_id, created_at)
    select ${followerId}, id, ${now.getTime()} from users where id = ${playerId}
    on conflict do nothing`);
  if (written.rowsAffected === 0 && !(await playerExists(db, playerId))) return 'not-found';
  return playerFollowState(db, followerId, playerId);
}

/** Stops following a player; following nobody is already the answer (idempotent). */
export async function unfollowPlayer(db: Db, followerId: string, playerId: string): Promise<FollowState | 'not-found'> {
  if (!(await playerExists(db, playerId))) return 'not-found';
  await db.delete(follows).where(and(eq(follows.playerId, playerId), eq(follows.followerId, followerId)));
  return playerFollowState(db, followerId, playerId);
}

/**
 * Follows a team (D31). The team's owner may not follow it (ADR 031): checked in the same statement that writes the
 * row, so nothing is written for a refusal whatever runs beside it.
 */
export async function followTeam(
  db: Db,
  followerId: string,
  teamId: number,
  now: Date,
): Promise<FollowState | FollowRefusal> {
  const written = await db.run(sql`
    insert into follows (follower_id, team_id, created_at)
    select ${followerId}, id, ${now.getTime()} from teams where id = ${teamId} and owner_id <> ${followerId}
    on conflict do nothing`);
  if (written.rowsAffected === 0) {
    const [team] = await db.select({ ownerId: teams.ownerId }).from(teams).where(eq(teams.id, teamId));
    if (!team) return 'not-found';
    if (team.ownerId === followerId) return 'own-team';
  }
  return teamFollowState(db, followerId, teamId);
}

/** Stops following a team (idempotent). */
export async function unfollowTeam(db: Db, followerId: string, teamId: number): Promise<FollowState | 'not-found'> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
  if (!team) return 'not-found';
  await db.delete(follows).where(and(eq(follows.teamId, teamId), eq(follows.followerId, followerId)));
  return teamFollowState(db, followerId, teamId);
}

async function playerExists(db: Db, playerId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, playerId));
  return row !== undefined;
}
