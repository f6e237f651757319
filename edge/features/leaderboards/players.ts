import { and, desc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client.ts';
import { memberStandings } from '../../../db/schema/incidents.ts';
import { leaderboardPoints } from '../../../db/schema/record.ts';
import { users } from '../../../db/schema/users.ts';
import { isMinor } from '../../lib/minors.ts';
import { winRatePercent } from '../../lib/win-rate.ts';
import { encodeRankCursor, type RankCursor } from './cursor.ts';
import { prefixQuery } from './fts-query.ts';
import { pageRanks } from './ranks.ts';
import type { LeaderboardDivisionFilter, LeaderboardPlayer, LeaderboardSort, LeaderboardSport } from './schema.ts';

export interface PlayerBoardFilters {
  sport: LeaderboardSport;
  division: LeaderboardDivisionFilter;
  sort: LeaderboardSort;
  /** Words of a name, each matched by its beginning (any case); does not change anyone's rank. */
  search?: string;
  cursor?: RankCursor;
  limit: number;
  /** Suspensions in force at this time hide a member. */
  now: Date;
}

/**
 * Where a board reads from: all divisions read users (users_role[_sport]_{points,wins}_idx), a division reads its
 * leaderboard_points rows (D38; leaderboard_points_{rank,wins}_idx) and each row's member by primary key. `value` and
 * `key` are the sort key; `listed` is who the board lists (players, the sport, not suspended or banned).
 */
function boardSource(f: Pick<PlayerBoardFilters, 'sport' | 'division' | 'sort' | 'now'>, searching = false) {
  const byDivision = f.division !== 'all';
  const value = byDivision
    ? f.sort === 'wins'
      ? leaderboardPoints.wins
      : leaderboardPoints.points
    : f.sort === 'wins'
      ? users.wins
      : users.wtaPoints;
  const key = byDivision ? leaderboardPoints.userId : users.id;
  // A search starts from the few members named so (by key); a unary + keeps SQLite from walking a whole board's
  // index instead and testing each member against the search.
  const is = (column: SQLiteColumn, v: string) => (searching ? sql`+${column} = ${v}` : eq(column, v));
  const listed = and(
    byDivision ? is(leaderboardPoints.division, f.division) : undefined,
    is(users.role, 'player'),
    f.sport === 'all' ? undefined : is(users.sport, f.sport),
    // Hidden from public lists (D24): a ban, or a suspension still in force. member_standings is read by its key.
    sql`not exists (select 1 from ${memberStandings} where ${memberStandings.userId} = ${key} and (${or(
      isNotNull(memberStandings.bannedAt),
      gt(memberStandings.suspendedUntil, f.now),
    )}))`,
  )!;
  return { byDivision, value, key, listed };
}

/**
 * The rows of one page, best first by (value, id) descending. Without a search the page is an index range from the
 * cursor on; with one the matching members come from members_fts (prefix of the name column) and are sorted (a small
 * set: those named so). Exported for the plan test.
 */
export function playerPageStatement(db: Db, f: PlayerBoardFilters) {
  const match = f.search ? prefixQuery('name', f.search) : null;
  const { byDivision, value, key, listed } = boardSource(f, match !== null);
  const where = and(
    listed,
    f.cursor ? sql`(${value}, ${key}) < (${f.cursor.value}, ${f.cursor.id})` : undefined,
    match
      ? sql`${key} in (select r.user_id from members_fts mf join member_search_rows r on r.rowid = mf.rowid
          where members_fts match ${match})`
      : undefined,
  );
  const columns = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    profileImageUrl: users.profileImageUrl,
    dateOfBirth: users.dateOfBirth,
    isVerified: users.isVerified,
    sport: users.sport,
    bestDivision: users.bestDivision,
    points: byDivision ? leaderboardPoints.points : users.wtaPoints,
    wins: users.wins,
    losses: users.losses,
    gamesPlayed: users.gamesPlayed,
    value,
  };
  // CROSS JOIN keeps leaderboard_points outermost, so its index gives the order and each member is one key lookup.
  const rows = byDivision
    ? db
        .select(columns)
        .from(leaderboardPoints)
        .crossJoin(users)
        .where(and(eq(users.id, leaderboardPoints.userId), where))
    : db.select(columns).from(users).where(where);
  return rows.orderBy(desc(value), desc(key)).limit(f.limit + 1);
}

/**
 * How many listed rows come before (value, id) and how many of them have a greater value: an index range counted
 * in the board's order (the rows ahead of a page, or above one value when `id` is null). Exported for the plan test.
 */
export function rankCountStatement(db: Db, f: PlayerBoardFilters, at: { value: number; id: string | null }) {
  const { byDivision, value, key, listed } = boardSource(f);
  const ahead = at.id === null ? gt(value, at.value) : sql`(${value}, ${key}) > (${at.value}, ${at.id})`;
  const columns = {
    before: sql<number>`count(*)`.mapWith(Number),
    above: sql<number>`coalesce(sum(${value} > ${at.value}), 0)`.mapWith(Number),
  };
  return byDivision
    ? db
        .select(columns)
        .from(leaderboardPoints)
        .crossJoin(users)
        .where(and(eq(users.id, leaderboardPoints.userId), listed, ahead))
    : db.select(columns).from(users).where(and(listed, ahead));
}

/**
 * Listed rows per value above `floor` (best first): one range read that ranks every value of a searched page at once
 * (rank of a value = 1 + the rows of greater values). Exported for the plan test.
 */
export function valueCountsStatement(db: Db, f: PlayerBoardFilters, floor: number) {
  const { byDivision, value, listed } = boardSource(f);
  const columns = { value, rows: sql<number>`count(*)`.mapWith(Number) };
  const rows = byDivision
    ? db
        .select(columns)
        .from(leaderboardPoints)
        .crossJoin(users)
        .where(and(eq(users.id, leaderboardPoints.userId), listed, gt(value, floor)))
    : db
        .select(columns)
        .from(users)
        .where(and(listed, gt(value, floor)));
  return rows.groupBy(value).orderBy(desc(value));
}

/** One page of Player Points or Player Wins and the cursor of the next (null on the last page). */
export async function playerBoardPage(
  db: Db,
  f: PlayerBoardFilters,
  viewerId: string | null,
): Promise<{ players: LeaderboardPlayer[]; nextCursor: string | null }> {
  // Search words that are all syntax (a lone quote) find nobody rather than everybody.
  if (f.search && !prefixQuery('name', f.search)) return { players: [], nextCursor: null };
  const rows = await playerPageStatement(db, f);
  const page = rows.slice(0, f.limit);
  const values = page.map((r) => r.value);
  let ranks: number[] = [];
  if (page.length && !f.search) {
    const [counts] = await rankCountStatement(db, f, { value: page[0]!.value, id: page[0]!.id });
    ranks = pageRanks(values, counts!.above, counts!.before);
  } else if (page.length) {
    // A searched page skips rows, so each value's rank is counted: how many listed rows have more (search aside).
    const counts = await valueCountsStatement(db, f, values.at(-1)!);
    ranks = values.map((value) => 1 + counts.reduce((sum, c) => (c.value > value ? sum + c.rows : sum), 0));
  }
  const players = page.map((r, i): LeaderboardPlayer => {
    // D36: no photo of a minor to guests.
    const hidePhoto = viewerId === null && isMinor(r.dateOfBirth, f.now);
    return {
      id: r.id,
      firstName: r.firstName,
      lastName: r.lastName,
      profileImageUrl: hidePhoto ? null : r.profileImageUrl,
      isVerified: r.isVerified === true,
      sport: r.sport,
      bestDivision: r.bestDivision,
      points: r.points,
      wins: r.wins,
      losses: r.losses,
      gamesPlayed: r.gamesPlayed,
      winRate: winRatePercent(r.wins, r.gamesPlayed),
      rank: ranks[i]!,
    };
  });
  const last = page.at(-1);
  const nextCursor = rows.length > f.limit && last ? encodeRankCursor({ value: last.value, id: last.id }) : null;
  return { players, nextCursor };
}
