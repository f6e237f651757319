// The one statement behind the tournament list, the detail and the division pages (ADR 008, ADR 025): the JSON of
// each tournament built by SQLite, paged from the list-order index. Split from service.ts, which keeps the other reads.
import { and, asc, eq, fillPlaceholders, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client.ts';
import { CHECKOUT_HOLD_MS } from '../payments/schema.ts';
import { hostedTournaments } from '../../../db/schema/hosting.ts';
import { teams } from '../../../db/schema/teams.ts';
import { waitlistEntries } from '../../../db/schema/waitlist.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { encodeCursor, type ListCursor } from './cursor.ts';
import {
  listRankOf,
  type DivisionSlug,
  type PlayerSummary,
  type TeamSummary,
  type Tournament,
  type TournamentStatus,
} from './schema.ts';

/** The statuses a visitor may see (D10): pending and rejected hosted tournaments are never listed. */
export const listedStatuses = ['live', 'upcoming', 'completed'] as const satisfies readonly TournamentStatus[];
/** A cancelled tournament leaves the lists but keeps its page, with the reason (D33). */
export const pageStatuses = [...listedStatuses, 'cancelled'] as const satisfies readonly TournamentStatus[];
/**
 * Registrations that hold a spot (D9): paid, or waiting for payment and taken less than CHECKOUT_HOLD_MS before
 * `holdCutoff`'s moment. Cancelled rows and lapsed holds do not. `cutoff` is a bound value or a placeholder.
 */
export function holdsSpot(cutoff: SQL | number): SQL {
  return sql`(${tournamentRegistrations.status} = 'registered' or (${tournamentRegistrations.status} = 'pending_payment' and ${tournamentRegistrations.createdAt} > ${cutoff}))`;
}

/** The oldest createdAt (ms) of a pending_payment row that still holds its spot at `now`. */
export function holdCutoff(now: Date): number {
  return now.getTime() - CHECKOUT_HOLD_MS;
}

export interface TournamentFilters {
  /** One or more statuses (all listed ones when absent); never pending or rejected. */
  status?: TournamentStatus | readonly TournamentStatus[];
  division?: DivisionSlug;
  limit?: number;
  offset?: number;
  /** Only rows after this one in list order (keyset paging, ADR 025). */
  cursor?: ListCursor;
  /** The injected clock: unpaid holds older than CHECKOUT_HOLD_MS at this moment no longer count. Default: now. */
  now?: Date;
}

export const playerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  city: users.city,
  isVerified: users.isVerified,
};

/** ISO 8601 text of an integer-millisecond column, exactly as `Date#toISOString` writes it (null stays null). */
const isoDate = (column: AnySQLiteColumn) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`;

/** `json_object('key', value, ...)` from a record whose keys are code constants. */
function jsonObject(fields: Record<string, SQL>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`);
  return sql`json_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The contract's `Tournament`, built as JSON by SQLite. Why not rows mapped in JavaScript: at 5,000 tournaments,
 * reading 21 columns a row through the libSQL client took ~210 ms, SQLite writing one JSON text a row ~55 ms
 * (the rest was the client building row objects). `Record<keyof Tournament, SQL>` makes the compiler insist on
 * every field of the contract; the API tests compare the output with `Date#toISOString` and the contract shape.
 */
const tournamentJsonFields: Record<Exclude<keyof Tournament, 'hostSplits' | 'checkIn'>, SQL> = {
  id: sql`${tournaments.id}`,
  title: sql`${tournaments.title}`,
  description: sql`${tournaments.description}`,
  location: sql`${tournaments.location}`,
  division: sql`${tournaments.division}`,
  startDate: isoDate(tournaments.startDate),
  endDate: isoDate(tournaments.endDate),
  startedAt: isoDate(tournaments.startedAt),
  completedAt: isoDate(tournaments.completedAt),
  format: sql`${tournaments.format}`,
  status: sql`${tournaments.status}`,
  buyIn: sql`${tournaments.buyIn}`,
  prizePool: sql`${tournaments.prizePool}`,
  maxPlayers: sql`${tournaments.maxPlayers}`,
  maxTeams: sql`${tournaments.maxTeams}`,
  teamSize: sql`${tournaments.teamSize}`,
  flyerUrl: sql`${tournaments.flyerUrl}`,
  createdAt: isoDate(tournaments.createdAt),
  hostId: sql`${tournaments.hostId}`,
  cancellationReason: sql`${tournaments.cancellationReason}`,
  // A correlated count on the (tournament_id, status) covering index: one statement, and unlike a grouped
  // subquery it only counts the tournaments being returned (a detail or a page never scans every registration).
  registeredCount: sql`(select count(*) from ${tournamentRegistrations} where ${and(
    eq(tournamentRegistrations.tournamentId, tournaments.id),
    inArray(tournamentRegistrations.status, ['registered', 'pending_payment']),
    holdsSpot(sql`${sql.placeholder('holdCutoff')}`),
  )})`,
  // D42: members and teams in line (waiting or offered), on waitlist_tournament_state_idx. While any are, the spots
  // freed are theirs: the screens read 0 available.
  waitlisted: sql`(select count(*) from ${waitlistEntries} where ${and(
    eq(waitlistEntries.tournamentId, tournaments.id),
    inArray(waitlistEntries.state, ['waiting', 'offered']),
  )})`,
  champion: sql`case when ${users.id} is null then null else ${jsonObject({
    id: sql`${users.id}`,
    firstName: sql`${users.firstName}`,
    lastName: sql`${users.lastName}`,
    profileImageUrl: sql`${users.profileImageUrl}`,
    city: sql`${users.city}`,
    isVerified: sql`json(case when ${users.isVerified} = 1 then 'true' else 'false' end)`,
  } satisfies Record<keyof PlayerSummary, SQL>)} end`,
  // Only completed team tournaments have one: a primary-key read of the one team, never a join for the others.
  // json(): a subquery's value loses SQLite's JSON subtype, and json_object would quote it as text.
  championTeam: sql`case when ${tournaments.championTeamId} is null then null else json((select ${jsonObject({
    id: sql`${teams.id}`,
    name: sql`${teams.name}`,
  } satisfies Record<keyof TeamSummary, SQL>)} from ${teams} where ${teams.id} = ${tournaments.championTeamId})) end`,
};
const tournamentJson = jsonObject(tournamentJsonFields);
/**
 * A tournament's own page adds the host's declared splits (D21), a primary-key read of its host-form row: only the
 * detail pays for it, so the list's bytes and time stay as they were.
 */
const tournamentDetailJson = jsonObject({
  ...tournamentJsonFields,
  hostSplits: sql`json((select ${jsonObject({
    winner: sql`${hostedTournaments.winnerSplit}`,
    charity: sql`${hostedTournaments.charitySplit}`,
    wta: sql`${hostedTournaments.wtaSplit}`,
  } satisfies Record<
    keyof NonNullable<Tournament['hostSplits']>,
    SQL
  >)} from ${hostedTournaments} where ${hostedTournaments.tournamentId} = ${tournaments.id}))`,
  checkIn: sql`json(case when ${tournaments.checkIn} = 1 then 'true' else 'false' end)`,
} satisfies Record<keyof Tournament, SQL>);

const isListedStatus = (s: TournamentStatus): s is (typeof listedStatuses)[number] =>
  (listedStatuses as readonly TournamentStatus[]).includes(s);

/** What changes the text of the list statement; the values themselves are bound as placeholders. */
interface QueryShape {
  statuses: readonly TournamentStatus[];
  division: boolean;
  id: boolean;
  /** A LIMIT clause (also needed for an OFFSET, which SQLite takes only after one). */
  limit: boolean;
  offset: boolean;
  /** Rows after a keyset cursor (ADR 025). */
  cursor: boolean;
}

function prepareTournamentsQuery(db: Db, shape: QueryShape) {
  const where: SQL[] = [];
  const single = shape.statuses.length === 1 ? shape.statuses[0]! : null;
  const ranks = shape.statuses.every(isListedStatus) ? shape.statuses.filter(isListedStatus).map(listRankOf) : null;
  if (shape.id || !ranks) {
    // A tournament's own page (cancelled ones too, D33): found by its id, the status only decides whether it shows.
    where.push(single ? eq(tournaments.status, single) : inArray(tournaments.status, shape.statuses));
    if (shape.id) where.push(eq(tournaments.id, sql.placeholder('id')));
  } else if (ranks.length === 1) {
    where.push(eq(tournaments.listRank, ranks[0]!));
  } else if (ranks.length === listedStatuses.length) {
    // Every listed status: `is not null` (not `in (0, 1, 2)`) lets a cursor's row-value range seek in the index.
    where.push(sql`${tournaments.listRank} is not null`);
  } else {
    where.push(inArray(tournaments.listRank, ranks));
  }
  if (shape.division) where.push(eq(tournaments.division, sql.placeholder('division')));
  if (shape.cursor) {
    // Within one status the rank is fixed: a (key, id) range seeks after `list_rank = ?`, where a three-value one
    // would not (EXPLAIN QUERY PLAN in ADR 025).
    where.push(
      single
        ? sql`(${tournaments.listKey}, ${tournaments.id}) > (${sql.placeholder('cursorKey')}, ${sql.placeholder('cursorId')})`
        : sql`(${tournaments.listRank}, ${tournaments.listKey}, ${tournaments.id}) > (${sql.placeholder('cursorRank')}, ${sql.placeholder('cursorKey')}, ${sql.placeholder('cursorId')})`,
    );
  }

  // Two levels, so a page never builds JSON for rows it skips: the page (ids and sort keys, read in order from the
  // (list_rank, list_key, id) index: no sort, and LIMIT stops early), then the JSON of just those rows.
  const page = db
    .select({
      id: tournaments.id,
      rank: sql<number>`${tournaments.listRank}`.as('page_rank'),
      key: sql<number>`${tournaments.listKey}`.as('page_key'),
    })
    .from(tournaments)
    .where(and(...where))
    .orderBy(asc(tournaments.listRank), asc(tournaments.listKey), asc(tournaments.id))
    .$dynamic();
  if (shape.limit) page.limit(sql.placeholder('limit'));
  if (shape.offset) page.offset(sql.placeholder('offset'));
  const listed = page.as('listed_page');

  return db
    .select({
      json: sql<string>`${shape.id ? tournamentDetailJson : tournamentJson}`,
      rank: listed.rank,
      key: listed.key,
      id: listed.id,
    })
    .from(listed)
    .innerJoin(tournaments, eq(tournaments.id, listed.id))
    .leftJoin(users, eq(users.id, tournaments.championId))
    .orderBy(asc(listed.rank), asc(listed.key), asc(listed.id))
    .prepare();
}

// Building this statement costs about as much as running it for a page: build it once per shape and database.
const prepared = new WeakMap<Db, Map<string, ReturnType<typeof prepareTournamentsQuery>>>();

function preparedFor(db: Db, shape: QueryShape) {
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  const key = JSON.stringify(shape);
  let statement = byShape.get(key);
  if (!statement) byShape.set(key, (statement = prepareTournamentsQuery(db, shape)));
  return statement;
}

/**
 * The one statement behind the list, the detail and the division pages: rows of [JSON `Tournament`, list_rank,
 * list_key, id] (spot count and champion included), listed tournaments only, in screen order. `toSQL()` lets the
 * benchmark's bare server run exactly this SQL.
 */
export function tournamentsStatement(db: Db, filters: TournamentFilters & { id?: number } = {}) {
  const shape: QueryShape = {
    statuses: filters.status === undefined ? listedStatuses : [filters.status].flat(),
    division: filters.division !== undefined,
    id: filters.id !== undefined,
    limit: filters.limit !== undefined || !!filters.offset,
    offset: !!filters.offset,
    cursor: filters.cursor !== undefined,
  };
  const statement = preparedFor(db, shape);
  const values = {
    division: filters.division,
    id: filters.id,
    // Without a limit, an OFFSET still needs one: the largest there is.
    limit: filters.limit ?? Number.MAX_SAFE_INTEGER,
    offset: filters.offset,
    cursorRank: filters.cursor?.rank,
    cursorKey: filters.cursor?.key,
    cursorId: filters.cursor?.id,
    holdCutoff: holdCutoff(filters.now ?? new Date()),
  };
  return {
    /** Rows of [JSON text of one `Tournament`, list_rank, list_key, id]. */
    values: () => statement.values(values),
    toSQL: () => {
      const { sql: text, params } = statement.getQuery();
      return { sql: text, params: fillPlaceholders(params, values) };
    },
  };
}

/** One page of the list: the JSON text of a `Tournament[]`, ready to send, and the cursor of the next page. */
export interface TournamentPage {
  json: string;
  /** Null on the last page. */
  nextCursor: string | null;
}

/**
 * A page from the rows of `tournamentsStatement` run with `limit + 1`: the extra row only says that another page
 * follows (so the last page never points at an empty one). Shared with the benchmark's bare server.
 */
export function pageOfRows(rows: readonly (readonly unknown[])[], limit: number): TournamentPage {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ rank: Number(last[1]), key: Number(last[2]), id: Number(last[3]) })
      : null;
  return { json: `[${kept.map((row) => row[0]).join(',')}]`, nextCursor };
}

/**
 * A page of listed tournaments in screen order (live, upcoming soonest first, completed most recent first): at most
 * `limit`, after `cursor` when given (keyset: an index seek, however deep the page). The list endpoint's fast path.
 */
export async function listTournamentsPage(
  db: Db,
  filters: TournamentFilters & { limit: number },
): Promise<TournamentPage> {
  const rows = await tournamentsStatement(db, { ...filters, limit: filters.limit + 1 }).values();
  return pageOfRows(rows, filters.limit);
}

/** Listed tournaments in screen order (live, upcoming soonest first, completed most recent first). */
export async function listTournaments(db: Db, filters: TournamentFilters = {}): Promise<Tournament[]> {
  const rows = await tournamentsStatement(db, filters).values();
  return rows.map((row) => JSON.parse(row[0] as string) as Tournament);
}

/** One tournament's page: listed or cancelled (D33); null when it does not exist or is pending/rejected (D10). */
export async function getTournament(db: Db, id: number, now?: Date): Promise<Tournament | null> {
  const text = await getTournamentJson(db, id, now);
  return text === null ? null : (JSON.parse(text) as Tournament);
}

/** `getTournament` as the JSON text SQLite wrote, ready to send (the detail endpoint's fast path, ADR 026). */
export async function getTournamentJson(db: Db, id: number, now?: Date): Promise<string | null> {
  const [row] = await tournamentsStatement(db, { id, now, status: pageStatuses }).values();
  return row ? (row[0] as string) : null;
}
