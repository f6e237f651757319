import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { isMinor } from '../../lib/minors.ts';
import { isVerifiedQuery, matchExpression } from './fts-query.ts';
import {
  ALL_TAB_SIZE,
  SEARCH_PAGE_SIZE,
  SEARCH_RESULT_CAP,
  type ApprovalStatus,
  type SearchCounts,
  type SearchFilter,
  type SearchPlayer,
  type SearchResult,
  type SearchTeam,
  type SearchTournament,
} from './constants.ts';

/**
 * Global search (D30) over the FTS5 indexes of migration 0024 (members_fts, teams_fts, tournaments_fts, kept by
 * triggers). Every statement starts from an index: the MATCH of an FTS table (ranked there by bm25 through its `rank`
 * column, so SQLite sorts nothing itself), or for 'Verified' the users_role_points_idx that carries is_verified.
 * What a caller may see is filtered on the few matching rows, never by reading a whole table.
 */

/**
 * The statuses everyone sees (D10), as the tournaments feature's `listedStatuses` (copied: features never import each
 * other). Pending and rejected hosted tournaments are unlisted; cancelled ones leave the lists (D33).
 */
const LISTED = ['upcoming', 'live', 'completed'] as const;

// Column weights for bm25 (higher = matters more): a hit in a name outranks one in a city, a motto or a description.
const MEMBER_RANK = `bm25(10.0, 2.0, 2.0, 2.0, 1.0)`;
const TEAM_RANK = `bm25(10.0, 2.0, 1.0)`;
const TOURNAMENT_RANK = `bm25(10.0, 3.0, 1.0, 2.0)`;

/** Who is searching: guests (null id) get D36's protection of minors; the tournaments seen depend on host and admin. */
export interface Searcher {
  id: string | null;
  isAdmin: boolean;
}

/** A ranked page of rows; a query built without one is the count form (see `paged`). */
export interface Window {
  limit: number;
  offset: number;
  /**
   * False past SEARCH_RESULT_CAP matches: rows in index (rowid) order. Ranking a common word's tens of thousands of
   * matches by bm25 took ~50 ms at 100,000 members; among that many, each a hit on the same word, it orders little.
   */
  ranked?: boolean;
}

/**
 * `select <columns> <from-where> order by <rank> limit` for a page, or for the count `select count(*)` over the first
 * SEARCH_RESULT_CAP + 1 rows in index order: counting needs no bm25, so the FTS engine computes none.
 */
function paged(
  columns: SQL,
  fromWhere: SQL,
  rankMatch: SQL,
  order: SQL,
  window: Window | undefined,
  unranked?: SQL,
): SQL {
  if (!window) return sql`select count(*) as n from (select 1 ${fromWhere} limit ${SEARCH_RESULT_CAP + 1})`;
  if (window.ranked === false && unranked)
    return sql`select ${columns} ${fromWhere} order by ${unranked} limit ${window.limit} offset ${window.offset}`;
  return sql`select ${columns} ${fromWhere} ${rankMatch} order by ${order} limit ${window.limit} offset ${window.offset}`;
}

/** Members not suspended or banned at `now` (D24, D30): one primary-key probe of member_standings per row. */
const visibleMember = (now: Date) => sql`not exists (select 1 from member_standings s where s.user_id = u.id
  and (s.banned_at is not null or s.suspended_until > ${now.getTime()}))`;

const memberColumns = sql`u.id as id, u.first_name as firstName, u.last_name as lastName, u.is_verified as isVerified,
  u.city as city, u.state as state, u.sport as sport, u.wta_points as wtaPoints,
  u.profile_image_url as profileImageUrl, u.date_of_birth as dateOfBirth`;

/** Members matching `match`, best first (or their capped count without a window). */
export function membersQuery(match: string, now: Date, window?: Window): SQL {
  return paged(
    memberColumns,
    sql`from members_fts join member_search_rows r on r.rowid = members_fts.rowid join users u on u.id = r.user_id
      where members_fts match ${match} and ${visibleMember(now)}`,
    sql`and members_fts.rank match ${MEMBER_RANK}`,
    sql`members_fts.rank`,
    window,
    sql`members_fts.rowid`,
  );
}

/**
 * The quick search 'Verified' (D30): verified members, walking users_role_points_idx backwards (role, then points,
 * highest first), its is_verified column checked in the index before a row is read. The order is the index's:
 * super_admin, player, owner, fan, admin, best points first within each; sorting by points alone would sort them all.
 */
export function verifiedMembersQuery(now: Date, window?: Window): SQL {
  return paged(
    memberColumns,
    sql`from users u indexed by users_role_points_idx where u.is_verified = 1 and ${visibleMember(now)}`,
    sql``,
    sql`u.role desc, u.wta_points desc, u.id desc`,
    window,
  );
}

export function teamsQuery(match: string, window?: Window): SQL {
  return paged(
    sql`t.id as id, t.name as name, t.tagline as tagline, t.logo_url as logoUrl, t.wins as wins`,
    sql`from teams_fts join teams t on t.id = teams_fts.rowid where teams_fts match ${match}`,
    sql`and teams_fts.rank match ${TEAM_RANK}`,
    sql`teams_fts.rank`,
    window,
    sql`teams_fts.rowid`,
  );
}

/**
 * D30: everyone sees listed tournaments; a signed-in host also their own unlisted ones (pending, rejected, and
 * cancelled, whose page they keep); admins see all.
 */
function visibleTournament(searcher: Searcher): SQL {
  if (searcher.isAdmin) return sql`1`;
  const listed = sql`t.status in (${sql.join(
    LISTED.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  return searcher.id === null ? listed : sql`(${listed} or t.host_id = ${searcher.id})`;
}

export function tournamentsQuery(match: string, searcher: Searcher, window?: Window): SQL {
  return paged(
    sql`t.id as id, t.title as title, t.start_date as startDate, t.started_at as startedAt,
      t.completed_at as completedAt, t.prize_pool as prizePool, t.status as status`,
    sql`from tournaments_fts join tournaments t on t.id = tournaments_fts.rowid
      where tournaments_fts match ${match} and ${visibleTournament(searcher)}`,
    sql`and tournaments_fts.rank match ${TOURNAMENT_RANK}`,
    sql`tournaments_fts.rank`,
    window,
    sql`tournaments_fts.rowid`,
  );
}

/**
 * approvalStatus (D30, 001 s4): approved for a tournament that is or was listed; pending or rejected for a hosted
 * submission awaiting or refused review. A cancelled tournament was approved: only an upcoming or live one can be
 * cancelled (D33), so it keeps 'approved' and its status tells that it is cancelled.
 */
export function approvalStatusOf(status: SearchTournament['status']): ApprovalStatus {
  return status === 'pending' || status === 'rejected' ? status : 'approved';
}

type MemberRow = Omit<SearchPlayer, 'isVerified'> & { isVerified: number; dateOfBirth: string | null };

function toPlayer({ dateOfBirth, ...row }: MemberRow, searcher: Searcher, now: Date): SearchPlayer {
  // D36: a guest sees no photo and no city of a member under 18.
  const hidden = searcher.id === null && isMinor(dateOfBirth, now);
  return {
    ...row,
    isVerified: row.isVerified === 1,
    city: hidden ? null : row.city,
    profileImageUrl: hidden ? null : row.profileImageUrl,
  };
}

type TournamentRow = Omit<SearchTournament, 'approvalStatus' | 'startDate' | 'startedAt' | 'completedAt'> & {
  startDate: number;
  startedAt: number | null;
  completedAt: number | null;
};

const isoOrNull = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const toTournament = ({ startDate, startedAt, completedAt, ...row }: TournamentRow): SearchTournament => ({
  ...row,
  startDate: new Date(startDate).toISOString(),
  startedAt: isoOrNull(startedAt),
  completedAt: isoOrNull(completedAt),
  approvalStatus: approvalStatusOf(row.status),
});

export interface SearchInput {
  q: string;
  filter: SearchFilter;
  /** Rows to skip in the filter's tab (0 for the first page; always 0 for 'all'). */
  offset: number;
  searcher: Searcher;
  now: Date;
}

/** One search: the tab's rows, every tab's (capped) count, and the next page's offset when there is one. */
export async function search(db: Db, input: SearchInput): Promise<{ result: SearchResult; nextOffset: number | null }> {
  const { filter, searcher, now } = input;
  const match = matchExpression(input.q);
  const verified = isVerifiedQuery(input.q);
  const members = verified
    ? (w?: Window) => verifiedMembersQuery(now, w)
    : match === null
      ? null
      : (w?: Window) => membersQuery(match, now, w);
  const teamRows = match === null ? null : (w?: Window) => teamsQuery(match, w);
  const tournamentRows = match === null ? null : (w?: Window) => tournamentsQuery(match, searcher, w);

  const limit = filter === 'all' ? ALL_TAB_SIZE : SEARCH_PAGE_SIZE;
  const offset = filter === 'all' ? 0 : input.offset;
  const countOf = async (query: ((w?: Window) => SQL) | null) => {
    if (!query) return 0;
    const [row] = await db.all<{ n: number }>(query());
    return Number(row?.n ?? 0);
  };
  // Counts first: past the cap a type's rows come in index order rather than ranked (see Window.ranked).
  const [userCount, teamCount, tournamentCount] = await Promise.all([
    countOf(members),
    countOf(teamRows),
    countOf(tournamentRows),
  ]);
  // One extra row tells whether a next page exists, without counting.
  const rowsOf = async <T>(query: ((w?: Window) => SQL) | null, shown: boolean, count: number) =>
    query && shown ? db.all<T>(query({ limit: limit + 1, offset, ranked: count <= SEARCH_RESULT_CAP })) : [];
  const [userRows, teamList, tournamentList] = await Promise.all([
    rowsOf<MemberRow>(members, filter === 'all' || filter === 'players', userCount),
    rowsOf<SearchTeam>(teamRows, filter === 'all' || filter === 'teams', teamCount),
    rowsOf<TournamentRow>(tournamentRows, filter === 'all' || filter === 'tournaments', tournamentCount),
  ]);

  const raw: SearchCounts = { users: userCount, teams: teamCount, tournaments: tournamentCount };
  const shownRows = filter === 'players' ? userRows : filter === 'teams' ? teamList : tournamentList;
  const next = offset + limit;
  const nextOffset = filter !== 'all' && shownRows.length > limit && next < SEARCH_RESULT_CAP ? next : null;
  return {
    result: {
      users: userRows.slice(0, limit).map((row) => toPlayer(row, searcher, now)),
      teams: teamList.slice(0, limit),
      tournaments: tournamentList.slice(0, limit).map(toTournament),
      counts: {
        users: Math.min(raw.users, SEARCH_RESULT_CAP),
        teams: Math.min(raw.teams, SEARCH_RESULT_CAP),
        tournaments: Math.min(raw.tournaments, SEARCH_RESULT_CAP),
      },
      countsCapped: {
        users: raw.users > SEARCH_RESULT_CAP,
        teams: raw.teams > SEARCH_RESULT_CAP,
        tournaments: raw.tournaments > SEARCH_RESULT_CAP,
      },
    },
    nextOffset,
  };
}
