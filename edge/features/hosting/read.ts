import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { hostedTournaments } from '../../../db/schema/hosting.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { cursorPlain, cursorText } from '../../lib/paging.ts';
import type { HostedTournament, HostedTournamentPage, ManagerStatus } from './schema.ts';

/**
 * Reads of hosted and managed tournaments (D10, D24, D32): one select of a tournament with its host-form row, its host
 * and its entrant count, used by the pending approvals, the host's submissions and the admin manager. Each list is a
 * keyset page read in the order of an index (tournaments_status_start_idx, tournaments_host_idx).
 */

type Reader = Pick<Db, 'select'>;

/** Entries holding or taking a spot: a correlated count on the (tournament_id, status) covering index. */
const entrantCount = sql<number>`(select count(*) from ${tournamentRegistrations} where ${tournamentRegistrations.tournamentId} = ${tournaments.id} and ${tournamentRegistrations.status} in ('registered', 'pending_payment'))`;

function selectHosted(db: Reader) {
  return db
    .select({
      tournament: tournaments,
      hosted: hostedTournaments,
      host: { id: users.id, firstName: users.firstName, lastName: users.lastName, isVerified: users.isVerified },
      entrantCount,
    })
    .from(tournaments)
    .leftJoin(hostedTournaments, eq(hostedTournaments.tournamentId, tournaments.id))
    .leftJoin(users, eq(users.id, tournaments.hostId))
    .$dynamic();
}

type HostedRow = Awaited<ReturnType<ReturnType<typeof selectHosted>['execute']>>[number];

function toHostedTournament({ tournament: t, hosted: h, host, entrantCount: count }: HostedRow): HostedTournament {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    sport: t.division,
    division: h?.level ?? null,
    format: t.format,
    status: t.status,
    buyIn: t.buyIn,
    prizePool: t.prizePool,
    maxPlayers: t.maxPlayers,
    maxTeams: t.maxTeams,
    teamSize: t.teamSize,
    venueName: h?.venueName ?? null,
    venueAddress: h?.venueAddress ?? null,
    location: t.location,
    startDate: t.startDate.toISOString(),
    endDate: t.endDate?.toISOString() ?? null,
    flyerUrl: t.flyerUrl,
    rules: h?.rules ?? null,
    requirements: h?.requirements ?? null,
    prizeDistribution: h ? { winner: h.winnerSplit, charity: h.charitySplit, wta: h.wtaSplit } : null,
    checkIn: t.checkIn,
    rejectionReason: t.rejectionReason,
    cancellationReason: t.cancellationReason,
    entrantCount: Number(count),
    createdAt: t.createdAt.toISOString(),
    host,
  };
}

/** One tournament with its host-form fields (any status), or null. */
export async function hostedTournamentById(db: Reader, id: number): Promise<HostedTournament | null> {
  const [row] = await selectHosted(db).where(eq(tournaments.id, id));
  return row ? toHostedTournament(row) : null;
}

/** A start-date cursor: `startMs.id` of the last row of the previous page. */
interface StartCursor {
  start: number;
  id: number;
}

export function encodeStartCursor(c: StartCursor): string {
  return cursorText(`${c.start}.${c.id}`);
}

export function decodeStartCursor(text: string): StartCursor | null {
  const plain = cursorPlain(text, 64);
  const match = plain === null ? null : /^(0|-?[1-9][0-9]{0,15})\.([1-9][0-9]{0,15})$/.exec(plain);
  if (!match) return null;
  const [start, id] = [Number(match[1]), Number(match[2])];
  return Number.isSafeInteger(start) && Number.isSafeInteger(id) ? { start, id } : null;
}

export function encodeIdCursor(id: number): string {
  return cursorText(String(id));
}

export function decodeIdCursor(text: string): number | null {
  const plain = cursorPlain(text, 32);
  if (plain === null || !/^[1-9][0-9]{0,15}$/.test(plain)) return null;
  const id = Number(plain);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * Tournaments of one status by start date from the (status, start_date) index: soonest first, or most recent first
 * (`newestFirst`, for finished ones). The rowid rides in the index, so (start_date, id) after the cursor is a seek.
 */
export async function tournamentsByStatus(
  db: Reader,
  options: {
    status: ManagerStatus | 'pending';
    cursor?: StartCursor | undefined;
    limit: number;
    newestFirst?: boolean;
  },
): Promise<HostedTournamentPage> {
  const { status, cursor, limit, newestFirst = false } = options;
  const where: SQL[] = [eq(tournaments.status, status)];
  if (cursor) {
    const start = new Date(cursor.start);
    const after = newestFirst
      ? or(lt(tournaments.startDate, start), and(eq(tournaments.startDate, start), lt(tournaments.id, cursor.id)))
      : or(gt(tournaments.startDate, start), and(eq(tournaments.startDate, start), gt(tournaments.id, cursor.id)));
    where.push(after!);
  }
  const order = newestFirst
    ? [desc(tournaments.startDate), desc(tournaments.id)]
    : [asc(tournaments.startDate), asc(tournaments.id)];
  const rows = await selectHosted(db)
    .where(and(...where))
    .orderBy(...order)
    .limit(limit + 1);
  const kept = rows.slice(0, limit).map(toHostedTournament);
  const last = kept.at(-1);
  return {
    tournaments: kept,
    nextCursor:
      rows.length > limit && last ? encodeStartCursor({ start: Date.parse(last.startDate), id: last.id }) : null,
  };
}

/** A host's own submissions, newest first, from the (host_id, id) index (D32's Hosted Tournaments tab). */
export async function hostedBy(
  db: Reader,
  hostId: string,
  options: { cursor?: number | undefined; limit: number },
): Promise<HostedTournamentPage> {
  const rows = await selectHosted(db)
    .where(and(eq(tournaments.hostId, hostId), options.cursor ? lt(tournaments.id, options.cursor) : undefined))
    .orderBy(desc(tournaments.id))
    .limit(options.limit + 1);
  const kept = rows.slice(0, options.limit).map(toHostedTournament);
  const last = kept.at(-1);
  return { tournaments: kept, nextCursor: rows.length > options.limit && last ? encodeIdCursor(last.id) : null };
}
