import { and, asc, desc, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client.ts';
import { doorCheckIns } from '../../../db/schema/door.ts';
import { tickets } from '../../../db/schema/payments.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { adminFlags, runsDoorOf } from '../../lib/admin.ts';
import { exactlyOnce, type OnceAnswer } from '../../lib/client-request.ts';
import { fail } from '../../lib/errors.ts';
import { ticketNotRefunded } from '../../lib/ticket-validity.ts';
import { ticketTiers } from '../payments/constants.ts';
import {
  DOOR_MESSAGES as M,
  normaliseTicketCode,
  ticketCodeHash,
  type DoorConflict,
  type DoorTicket,
  type DoorTournament,
  type DoorVerdict,
  type TicketTierId,
} from './schema.ts';

export const CHECK_IN_ENDPOINT = 'POST /api/door/tournaments/:id/check-ins';
/** The door's list comes in pages of this many tickets (the screen reads them all while online). */
export const DOOR_TICKET_PAGE = 500;
export const DOOR_CONFLICT_PAGE = 50;
/** The tournaments whose doors are open: not yet finished. */
const OPEN_DOORS = ['upcoming', 'live'] as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const tierName = (tier: string) => ticketTiers[tier as TicketTierId]?.name ?? tier;

/** D6 admins run every door; a host runs the doors of their own tournaments (D26). */
function isLeagueAdmin(user: User, leagueEmailDomain: string): boolean {
  return adminFlags(user, leagueEmailDomain).isAdmin;
}

/** The tournament, when `user` may run its door: 404 when there is none, 403 for anyone but an admin or its host. */
export async function doorTournament(db: Db | Tx, user: User, tournamentId: number, leagueEmailDomain: string) {
  const [row] = await db
    .select({ id: tournaments.id, title: tournaments.title, hostId: tournaments.hostId })
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
    .limit(1);
  const admin = isLeagueAdmin(user, leagueEmailDomain);
  if (!row) fail(admin ? 404 : 403, admin ? M.tournamentNotFound : M.forbidden);
  if (!runsDoorOf(user, row, leagueEmailDomain)) fail(403, M.forbidden);
  return row;
}

/**
 * The tournaments whose door the caller may run, soonest first: every open one for an admin, their own for a host;
 * 403 for a member who is neither (the screen shows Access Denied). Read through tournaments_status_start_idx: open
 * tournaments are few, so a host's are filtered from them.
 */
export async function doorTournaments(db: Db, user: User, leagueEmailDomain: string): Promise<DoorTournament[]> {
  const admin = isLeagueAdmin(user, leagueEmailDomain);
  if (!admin) {
    const [hosted] = await db
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(eq(tournaments.hostId, user.id))
      .limit(1);
    if (!hosted) fail(403, M.noDoor);
  }
  const rows = await db
    .select({
      id: tournaments.id,
      title: tournaments.title,
      startDate: tournaments.startDate,
      startedAt: tournaments.startedAt,
      completedAt: tournaments.completedAt,
      status: tournaments.status,
      location: tournaments.location,
      checkIn: tournaments.checkIn,
    })
    .from(tournaments)
    .where(and(inArray(tournaments.status, [...OPEN_DOORS]), admin ? undefined : eq(tournaments.hostId, user.id)))
    .orderBy(asc(tournaments.startDate), asc(tournaments.id))
    .limit(200);
  return rows.map((r) => ({
    ...r,
    startDate: r.startDate.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
}

/**
 * One page of a tournament's door list (D26): code hashes, tier, first name and first use, never a code. Keyset
 * pages on the ticket id through tickets_tournament_idx.
 */
export async function doorTicketPage(
  db: Db,
  tournamentId: number,
  afterId: number | null,
  limit = DOOR_TICKET_PAGE,
): Promise<{ tickets: DoorTicket[]; lastId: number | null }> {
  const rows = await db
    .select({
      id: tickets.id,
      code: tickets.code,
      tier: tickets.tier,
      usedAt: tickets.usedAt,
      firstName: users.firstName,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(
      and(
        eq(tickets.tournamentId, tournamentId),
        afterId === null ? undefined : gt(tickets.id, afterId),
        ticketNotRefunded,
      ),
    )
    .orderBy(asc(tickets.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const list = await Promise.all(
    page.map(
      async (r): Promise<DoorTicket> => ({
        codeHash: await ticketCodeHash(r.code),
        tier: r.tier,
        tierName: tierName(r.tier),
        firstName: r.firstName,
        usedAt: r.usedAt ? r.usedAt.toISOString() : null,
      }),
    ),
  );
  return { tickets: list, lastId: rows.length > limit ? page.at(-1)!.id : null };
}

export interface CheckInRequest {
  code: string;
  offline: boolean;
  scannedAt?: string;
  replaces?: string;
}

export interface CheckInContext {
  user: User;
  tournamentId: number;
  now: Date;
  leagueEmailDomain: string;
  clientId: string | null;
  requestHash: string | null;
}

/**
 * Checks a code in at a tournament's door (D26). The first use is kept: a conditional update moves `usedAt` from
 * null exactly once, so of two doors checking one ticket at the same moment one is told valid and the other already
 * used. A door that admitted the holder offline and finds the ticket used by someone else records a conflict for
 * admins. With a client id it happens at most once: a replay (the outbox resending) gets the first answer.
 */
export async function checkIn(
  db: Db,
  input: CheckInRequest,
  ctx: CheckInContext,
): Promise<OnceAnswer<DoorVerdict, 200>> {
  const key = {
    userId: ctx.user.id,
    clientId: ctx.clientId,
    endpoint: CHECK_IN_ENDPOINT,
    requestHash: ctx.requestHash,
    now: ctx.now,
  };
  return exactlyOnce<DoorVerdict, 200>(db, key, async (tx) => {
    await doorTournament(tx, ctx.user, ctx.tournamentId, ctx.leagueEmailDomain);
    const code = normaliseTicketCode(input.code);
    const [ticket] = await tx
      .select({ id: tickets.id, tier: tickets.tier, usedAt: tickets.usedAt, firstName: users.firstName })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.userId))
      .where(and(eq(tickets.code, code), eq(tickets.tournamentId, ctx.tournamentId), ticketNotRefunded))
      .limit(1);
    // A refunded ticket is no ticket any more (edge/lib/ticket-validity.ts).
    if (!ticket) return { status: 200, body: { status: 'invalid', ticket: null, conflict: false } };

    const scanned = input.scannedAt ? new Date(input.scannedAt) : ctx.now;
    // A device's clock may run ahead: a scan is never later than the moment the server hears of it.
    const scannedAt = input.offline && scanned < ctx.now ? scanned : ctx.now;
    const shown = (usedAt: Date | null) => ({
      tier: ticket.tier,
      tierName: tierName(ticket.tier),
      firstName: ticket.firstName,
      usedAt: usedAt ? usedAt.toISOString() : null,
    });
    const row = {
      ticketId: ticket.id,
      tournamentId: ctx.tournamentId,
      checkedBy: ctx.user.id,
      clientId: ctx.clientId,
      offline: input.offline,
      scannedAt,
      receivedAt: ctx.now,
    };

    const [won] = await tx
      .update(tickets)
      .set({ usedAt: scannedAt, usedBy: ctx.user.id })
      .where(and(eq(tickets.id, ticket.id), isNull(tickets.usedAt)))
      .returning({ usedAt: tickets.usedAt });
    if (won) {
      await tx.insert(doorCheckIns).values({ ...row, outcome: 'admitted' });
      return { status: 200, body: { status: 'valid', ticket: shown(won.usedAt), conflict: false } };
    }

    const [current] = await tx.select({ usedAt: tickets.usedAt }).from(tickets).where(eq(tickets.id, ticket.id));
    const usedAt = current?.usedAt ?? ticket.usedAt;
    if (input.replaces) {
      // This door's own online attempt got through but its answer was lost: the admission is its own, not a
      // second door's.
      const [own] = await tx
        .select({ id: doorCheckIns.id })
        .from(doorCheckIns)
        .where(
          and(
            eq(doorCheckIns.ticketId, ticket.id),
            eq(doorCheckIns.outcome, 'admitted'),
            eq(doorCheckIns.checkedBy, ctx.user.id),
            eq(doorCheckIns.clientId, input.replaces),
          ),
        )
        .limit(1);
      if (own) return { status: 200, body: { status: 'valid', ticket: shown(usedAt), conflict: false } };
    }
    if (input.offline) await tx.insert(doorCheckIns).values({ ...row, outcome: 'conflict' });
    return { status: 200, body: { status: 'used', ticket: shown(usedAt), conflict: input.offline } };
  });
}

/**
 * Tickets admitted at two doors (D26), newest first, for admins: every tournament, or one. Keyset pages on the
 * check-in id through door_check_ins_outcome_idx / door_check_ins_tournament_idx.
 */
export async function conflictPage(
  db: Db,
  filter: { tournamentId?: number; beforeId: number | null; limit?: number },
): Promise<{ conflicts: DoorConflict[]; lastId: number | null }> {
  const limit = filter.limit ?? DOOR_CONFLICT_PAGE;
  const holder = alias(users, 'holder');
  const firstDoor = alias(users, 'first_door');
  const secondDoor = alias(users, 'second_door');
  const rows = await db
    .select({
      id: doorCheckIns.id,
      tournamentId: doorCheckIns.tournamentId,
      tournamentTitle: tournaments.title,
      tier: tickets.tier,
      firstName: holder.firstName,
      firstUsedAt: tickets.usedAt,
      firstCheckedBy: { firstName: firstDoor.firstName, lastName: firstDoor.lastName },
      scannedAt: doorCheckIns.scannedAt,
      checkedBy: { firstName: secondDoor.firstName, lastName: secondDoor.lastName },
      receivedAt: doorCheckIns.receivedAt,
    })
    .from(doorCheckIns)
    .innerJoin(tickets, eq(tickets.id, doorCheckIns.ticketId))
    .innerJoin(tournaments, eq(tournaments.id, doorCheckIns.tournamentId))
    .innerJoin(holder, eq(holder.id, tickets.userId))
    .leftJoin(firstDoor, eq(firstDoor.id, tickets.usedBy))
    .leftJoin(secondDoor, eq(secondDoor.id, doorCheckIns.checkedBy))
    .where(
      and(
        eq(doorCheckIns.outcome, 'conflict'),
        filter.tournamentId === undefined ? undefined : eq(doorCheckIns.tournamentId, filter.tournamentId),
        filter.beforeId === null ? undefined : lt(doorCheckIns.id, filter.beforeId),
      ),
    )
    .orderBy(desc(doorCheckIns.id))
    .limit(limit + 1);
  const name = (u: { firstName: string | null; lastName: string | null } | null) =>
    u?.firstName ? `${u.firstName} ${u.lastName ?? ''}`.trim() : null;
  const page = rows.slice(0, limit);
  return {
    conflicts: page.map((r) => ({
      id: r.id,
      tournamentId: r.tournamentId,
      tournamentTitle: r.tournamentTitle,
      tier: r.tier,
      tierName: tierName(r.tier),
      firstName: r.firstName,
      firstUsedAt: r.firstUsedAt ? r.firstUsedAt.toISOString() : null,
      firstCheckedBy: name(r.firstCheckedBy),
      scannedAt: r.scannedAt.toISOString(),
      checkedBy: name(r.checkedBy),
      receivedAt: r.receivedAt.toISOString(),
    })),
    lastId: rows.length > limit ? page.at(-1)!.id : null,
  };
}
