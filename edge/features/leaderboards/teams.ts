import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import { encodeRankCursor, type RankCursor } from './cursor.ts';
import { prefixQuery } from './fts-query.ts';
import { pageRanks } from './ranks.ts';
import type { LeaderboardTeam } from './schema.ts';

export interface TeamBoardFilters {
  /** Words of the team's name, each matched by its beginning; does not change any rank. */
  search?: string;
  cursor?: RankCursor;
  limit: number;
}

/**
 * One page of Team Rankings, most wins first (wins, id descending): an index range of teams_wins_idx from the cursor
 * on, each owner by primary key. With a search the teams named so come from teams_fts and are sorted (a small set).
 * Exported for the plan test.
 */
export function teamPageStatement(db: Db, f: TeamBoardFilters) {
  const match = f.search ? prefixQuery('name', f.search) : null;
  const cursorId = f.cursor ? Number(f.cursor.id) : null;
  return db
    .select({
      id: teams.id,
      name: teams.name,
      logoUrl: teams.logoUrl,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerVerified: users.isVerified,
      wins: teams.wins,
      losses: teams.losses,
      tournamentsPlayed: teams.tournamentsPlayed,
    })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(
      and(
        f.cursor ? sql`(${teams.wins}, ${teams.id}) < (${f.cursor.value}, ${cursorId})` : undefined,
        match ? sql`${teams.id} in (select rowid from teams_fts where teams_fts match ${match})` : undefined,
      ),
    )
    .orderBy(desc(teams.wins), desc(teams.id))
    .limit(f.limit + 1);
}

/** Teams ahead of (wins, id), and how many of them have more wins (`id` null: above `wins`). For the plan test too. */
export function teamRankCountStatement(db: Db, at: { wins: number; id: number | null }) {
  return db
    .select({
      before: sql<number>`count(*)`.mapWith(Number),
      above: sql<number>`coalesce(sum(${teams.wins} > ${at.wins}), 0)`.mapWith(Number),
    })
    .from(teams)
    .where(at.id === null ? gt(teams.wins, at.wins) : sql`(${teams.wins}, ${teams.id}) > (${at.wins}, ${at.id})`);
}

/** One page of Team Rankings and the cursor of the next (null on the last page). */
export async function teamBoardPage(
  db: Db,
  f: TeamBoardFilters,
): Promise<{ teams: LeaderboardTeam[]; nextCursor: string | null }> {
  if (f.search && !prefixQuery('name', f.search)) return { teams: [], nextCursor: null };
  const rows = await teamPageStatement(db, f);
  const page = rows.slice(0, f.limit);
  const values = page.map((r) => r.wins);
  let ranks: number[] = [];
  if (page.length && !f.search) {
    const [counts] = await teamRankCountStatement(db, { wins: page[0]!.wins, id: page[0]!.id });
    ranks = pageRanks(values, counts!.above, counts!.before);
  } else if (page.length) {
    const rankOf = new Map<number, number>();
    for (const wins of new Set(values)) {
      const [counts] = await teamRankCountStatement(db, { wins, id: null });
      rankOf.set(wins, counts!.before + 1);
    }
    ranks = values.map((wins) => rankOf.get(wins)!);
  }
  const list = page.map(
    (r, i): LeaderboardTeam => ({
      id: r.id,
      name: r.name,
      logoUrl: r.logoUrl,
      owner: { firstName: r.ownerFirstName, lastName: r.ownerLastName, isVerified: r.ownerVerified === true },
      wins: r.wins,
      losses: r.losses,
      tournamentsPlayed: r.tournamentsPlayed,
      rank: ranks[i]!,
    }),
  );
  const last = page.at(-1);
  const nextCursor = rows.length > f.limit && last ? encodeRankCursor({ value: last.wins, id: String(last.id) }) : null;
  return { teams: list, nextCursor };
}
