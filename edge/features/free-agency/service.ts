import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { teamMembers } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import { encodePoolCursor, type PoolCursor } from './cursor.ts';
import type { FreeAgencySport, FreeAgencyVerified, FreeAgent } from './schema.ts';

export interface PoolFilters {
  /** Part of the player's name (first, last or "first last"), any case; none for everyone. */
  search?: string;
  sport?: FreeAgencySport;
  verified?: FreeAgencyVerified;
  /** Rows to read; the route asks for one more than it answers, to know whether another page follows. */
  limit: number;
  cursor?: PoolCursor;
}

/** LIKE's wildcards typed by a person are matched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The pool's one statement: players on no roster, best first (points, then id, both descending), read in that order
 * from `users_role_points_idx` (role, wta_points, id) or, for one sport, `users_role_sport_points_idx`, so a page
 * never sorts the table and a cursor's page starts with an index seek. The roster check is a lookup in the unique
 * `team_members_user_uq` index per player read. Exported for the plan test.
 */
export function freeAgentsStatement(db: Db, filters: PoolFilters) {
  const where: (SQL | undefined)[] = [
    eq(users.role, 'player'),
    filters.sport && filters.sport !== 'all' ? eq(users.sport, filters.sport) : undefined,
    filters.verified === 'verified' ? eq(users.isVerified, true) : undefined,
    filters.verified === 'unverified' ? eq(users.isVerified, false) : undefined,
    filters.search
      ? sql`(${users.firstName} || ' ' || ${users.lastName}) like ${likePattern(filters.search)} escape '\\'`
      : undefined,
    filters.cursor
      ? sql`(${users.wtaPoints}, ${users.id}) < (${filters.cursor.points}, ${filters.cursor.id})`
      : undefined,
    sql`not exists (select 1 from ${teamMembers} where ${teamMembers.userId} = ${users.id})`,
  ];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      isVerified: users.isVerified,
      tagline: users.tagline,
      city: users.city,
      state: users.state,
      sport: users.sport,
      wtaPoints: users.wtaPoints,
      wins: users.wins,
      losses: users.losses,
      gamesPlayed: users.gamesPlayed,
    })
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.wtaPoints), desc(users.id))
    .limit(filters.limit + 1);
}

/** One page of the pool and the cursor of the next (null on the last page). */
export async function freeAgentsPage(
  db: Db,
  filters: PoolFilters,
): Promise<{ players: FreeAgent[]; nextCursor: string | null }> {
  const rows = await freeAgentsStatement(db, filters);
  const players = rows.slice(0, filters.limit).map((p) => ({ ...p, isVerified: p.isVerified === true }));
  const last = players.at(-1);
  const nextCursor =
    rows.length > filters.limit && last ? encodePoolCursor({ points: last.wtaPoints, id: last.id }) : null;
  return { players, nextCursor };
}
