import { and, asc, count, desc, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sponsors } from '../../../db/schema/sponsors.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import type {
  DivisionSlug,
  MyRegistration,
  NextTournament,
  PlayerSummary,
  Sponsor,
  Tournament,
  TournamentRegistration,
  TournamentStatus,
} from './schema.ts';

/** The statuses a visitor may see (D10): pending and rejected hosted tournaments are never listed. */
export const listedStatuses = ['live', 'upcoming', 'completed'] as const satisfies readonly TournamentStatus[];
/** Registrations that hold a spot: paid, or waiting for payment (D9). Cancelled ones do not. */
const spotHolding = ['registered', 'pending_payment'] as const;

export interface TournamentFilters {
  /** One or more statuses (all listed ones when absent); never pending or rejected. */
  status?: TournamentStatus | readonly TournamentStatus[];
  division?: DivisionSlug;
  limit?: number;
  offset?: number;
}

const playerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  city: users.city,
  isVerified: users.isVerified,
};

const tournamentColumns = {
  id: tournaments.id,
  title: tournaments.title,
  description: tournaments.description,
  location: tournaments.location,
  division: tournaments.division,
  startDate: tournaments.startDate,
  endDate: tournaments.endDate,
  format: tournaments.format,
  status: tournaments.status,
  buyIn: tournaments.buyIn,
  prizePool: tournaments.prizePool,
  maxPlayers: tournaments.maxPlayers,
  flyerUrl: tournaments.flyerUrl,
  createdAt: tournaments.createdAt,
};

/** The list order of the screens: live first, then upcoming soonest first, then completed most recent first. */
const statusRank = sql`case ${tournaments.status} when 'live' then 0 when 'upcoming' then 1 else 2 end`;
const startKey = sql`case when ${tournaments.status} = 'completed' then -${tournaments.startDate} else ${tournaments.startDate} end`;

/**
 * The one query behind the list, the detail and the division pages: listed tournaments with their spot count
 * (a grouped subquery joined once, never a query per row) and their champion. Exported so the benchmark's bare
 * server runs exactly this SQL (`.toSQL()`).
 */
export function tournamentsQuery(db: Db, filters: TournamentFilters & { id?: number } = {}) {
  const counts = db
    .select({ tournamentId: tournamentRegistrations.tournamentId, n: count().as('registered_count') })
    .from(tournamentRegistrations)
    .where(inArray(tournamentRegistrations.status, spotHolding))
    .groupBy(tournamentRegistrations.tournamentId)
    .as('registration_counts');

  const statuses = filters.status === undefined ? listedStatuses : [filters.status].flat();
  const where: SQL[] = [
    statuses.length === 1 ? eq(tournaments.status, statuses[0]!) : inArray(tournaments.status, statuses),
  ];
  if (filters.division) where.push(eq(tournaments.division, filters.division));
  if (filters.id !== undefined) where.push(eq(tournaments.id, filters.id));

  const query = db
    .select({
      ...tournamentColumns,
      registeredCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
      champion: playerColumns,
    })
    .from(tournaments)
    .leftJoin(counts, eq(counts.tournamentId, tournaments.id))
    .leftJoin(users, eq(users.id, tournaments.championId))
    .where(and(...where))
    .orderBy(statusRank, startKey, asc(tournaments.id))
    .$dynamic();
  if (filters.limit !== undefined) query.limit(filters.limit);
  // SQLite needs a LIMIT before an OFFSET; -1 means "no limit".
  if (filters.offset) query.limit(filters.limit ?? -1).offset(filters.offset);
  return query;
}

type TournamentRow = Awaited<ReturnType<typeof tournamentsQuery>>[number];

function toPlayer(p: { isVerified: boolean | null } & Omit<PlayerSummary, 'isVerified'>): PlayerSummary {
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    profileImageUrl: p.profileImageUrl,
    city: p.city,
    isVerified: p.isVerified === true,
  };
}

/** A database row as the contract shows it: dates as ISO strings, listed status, champion or null. */
export function toTournament(row: TournamentRow): Tournament {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    division: row.division,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate ? row.endDate.toISOString() : null,
    format: row.format,
    status: row.status as TournamentStatus,
    buyIn: row.buyIn,
    prizePool: row.prizePool,
    maxPlayers: row.maxPlayers,
    flyerUrl: row.flyerUrl,
    createdAt: row.createdAt.toISOString(),
    registeredCount: row.registeredCount,
    champion: row.champion ? toPlayer(row.champion) : null,
  };
}

/** Listed tournaments in screen order (live, upcoming soonest first, completed most recent first). */
export async function listTournaments(db: Db, filters: TournamentFilters = {}): Promise<Tournament[]> {
  const rows = await tournamentsQuery(db, filters);
  return rows.map(toTournament);
}

/** One listed tournament, or null when it does not exist or is pending/rejected (D10). */
export async function getTournament(db: Db, id: number): Promise<Tournament | null> {
  const [row] = await tournamentsQuery(db, { id });
  return row ? toTournament(row) : null;
}

/** A tournament id from the path: positive integers only; anything else names no tournament. */
export function parseTournamentId(raw: string): number | null {
  if (!/^[1-9][0-9]{0,14}$/.test(raw)) return null;
  return Number(raw);
}

async function isListed(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(eq(tournaments.id, id), inArray(tournaments.status, listedStatuses)))
    .limit(1);
  return row !== undefined;
}

/** The soonest upcoming tournament that has not started by `now`, or all nulls. */
export async function nextTournament(db: Db, now: Date): Promise<NextTournament> {
  const [row] = await db
    .select({ id: tournaments.id, title: tournaments.title, startDate: tournaments.startDate })
    .from(tournaments)
    .where(and(eq(tournaments.status, 'upcoming'), gt(tournaments.startDate, now)))
    .orderBy(asc(tournaments.startDate), asc(tournaments.id))
    .limit(1);
  if (!row) return { id: null, title: null, startDate: null };
  return { id: row.id, title: row.title, startDate: row.startDate.toISOString() };
}

/** Spot-holding registrations of a listed tournament, oldest first; null when the tournament is not listed. */
export async function tournamentRegistrationsOf(db: Db, id: number): Promise<TournamentRegistration[] | null> {
  if (!(await isListed(db, id))) return null;
  const rows = await db
    .select({
      id: tournamentRegistrations.id,
      userId: tournamentRegistrations.userId,
      status: tournamentRegistrations.status,
      createdAt: tournamentRegistrations.createdAt,
      player: playerColumns,
    })
    .from(tournamentRegistrations)
    .innerJoin(users, eq(users.id, tournamentRegistrations.userId))
    .where(and(eq(tournamentRegistrations.tournamentId, id), inArray(tournamentRegistrations.status, spotHolding)))
    .orderBy(asc(tournamentRegistrations.createdAt), asc(tournamentRegistrations.id));
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    status: r.status as TournamentRegistration['status'],
    createdAt: r.createdAt.toISOString(),
    player: toPlayer(r.player),
  }));
}

const tierRank = sql`case ${sponsors.tier} when 'title' then 0 when 'gold' then 1 when 'silver' then 2 else 3 end`;

/** Sponsors of a listed tournament by tier (title, gold, silver, bronze), then name; null when not listed. */
export async function tournamentSponsorsOf(db: Db, id: number): Promise<Sponsor[] | null> {
  if (!(await isListed(db, id))) return null;
  return db
    .select({
      id: sponsors.id,
      tier: sponsors.tier,
      companyName: sponsors.companyName,
      website: sponsors.website,
      description: sponsors.description,
      logoUrl: sponsors.logoUrl,
    })
    .from(sponsors)
    .where(eq(sponsors.tournamentId, id))
    .orderBy(tierRank, sql`${sponsors.companyName} collate nocase`, asc(sponsors.id));
}

/** The signed-in user's registrations (not cancelled) to listed tournaments, newest tournament first. */
export async function myRegistrations(db: Db, userId: string): Promise<MyRegistration[]> {
  const rows = await db
    .select({
      id: tournamentRegistrations.id,
      tournamentId: tournamentRegistrations.tournamentId,
      status: tournamentRegistrations.status,
      createdAt: tournamentRegistrations.createdAt,
      placement: tournamentRegistrations.placement,
      tournament: {
        id: tournaments.id,
        title: tournaments.title,
        startDate: tournaments.startDate,
        status: tournaments.status,
        location: tournaments.location,
        buyIn: tournaments.buyIn,
      },
    })
    .from(tournamentRegistrations)
    .innerJoin(tournaments, eq(tournaments.id, tournamentRegistrations.tournamentId))
    .where(
      and(
        eq(tournamentRegistrations.userId, userId),
        ne(tournamentRegistrations.status, 'cancelled'),
        inArray(tournaments.status, listedStatuses),
      ),
    )
    .orderBy(desc(tournaments.startDate), desc(tournaments.id));
  return rows.map((r) => ({
    id: r.id,
    tournamentId: r.tournamentId,
    status: r.status as MyRegistration['status'],
    createdAt: r.createdAt.toISOString(),
    placement: r.placement,
    tournament: {
      ...r.tournament,
      startDate: r.tournament.startDate.toISOString(),
      status: r.tournament.status as TournamentStatus,
    },
  }));
}
