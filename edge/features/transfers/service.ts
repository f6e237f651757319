import { aliasedTable, and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { transferRequests } from '../../../db/schema/transfers.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { fail } from '../../lib/errors.ts';
import { notificationKinds } from '../notifications/schema.ts';
import {
  DESTINATION_LIMIT,
  TRANSFER_MESSAGES as M,
  type TransferDestination,
  type TransferRequest,
  type TransferStatus,
} from './schema.ts';

const fromTeam = aliasedTable(teams, 'from_team');
const toTeam = aliasedTable(teams, 'to_team');

const requestColumns = {
  id: transferRequests.id,
  reason: transferRequests.reason,
  status: transferRequests.status,
  createdAt: transferRequests.createdAt,
  decidedAt: transferRequests.decidedAt,
  playerId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  fromTeamId: fromTeam.id,
  fromTeamName: fromTeam.name,
  toTeamId: toTeam.id,
  toTeamName: toTeam.name,
};

interface RequestRow {
  id: number;
  reason: string | null;
  status: string;
  createdAt: Date;
  decidedAt: Date | null;
  playerId: string;
  firstName: string;
  lastName: string;
  fromTeamId: number;
  fromTeamName: string;
  toTeamId: number | null;
  toTeamName: string | null;
}

function toRequest(row: RequestRow): TransferRequest {
  return {
    id: row.id,
    // 000 s3: toTeamId absent means free agency.
    ...(row.toTeamId === null ? {} : { toTeamId: row.toTeamId }),
    reason: row.reason,
    status: row.status as TransferStatus,
    player: { id: row.playerId, firstName: row.firstName, lastName: row.lastName },
    fromTeam: { id: row.fromTeamId, name: row.fromTeamName },
    ...(row.toTeamId === null || row.toTeamName === null ? {} : { toTeam: { id: row.toTeamId, name: row.toTeamName } }),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

type Reader = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

function selectRequests(db: Reader) {
  return db
    .select(requestColumns)
    .from(transferRequests)
    .innerJoin(users, eq(users.id, transferRequests.userId))
    .innerJoin(fromTeam, eq(fromTeam.id, transferRequests.fromTeamId))
    .leftJoin(toTeam, eq(toTeam.id, transferRequests.toTeamId));
}

async function requestById(db: Reader, id: number): Promise<TransferRequest> {
  const [row] = await selectRequests(db).where(eq(transferRequests.id, id));
  return toRequest(row!);
}

/** Whose list: a player's own requests, or the requests the teams of an owner decide (D37). */
export type TransferScope = { playerId: string } | { deciderTeamIds: readonly number[] };

/**
 * The statement of GET /api/transfers: a player's own requests ('My Requests', index (user_id, id)) or the requests
 * an owner decides ('Incoming Requests', D37: index (decider_team_id, id)), newest first, `limit + 1` rows after the
 * cursor (an id). An owner has one team (POST /api/teams), so that is one index range read in order; a league that
 * gave an owner several would sort their pages. Exported for the plan test.
 */
export function transfersStatement(db: Db, scope: TransferScope, page: { limit: number; cursor?: number }) {
  const mine: SQL =
    'playerId' in scope
      ? eq(transferRequests.userId, scope.playerId)
      : scope.deciderTeamIds.length === 1
        ? eq(transferRequests.deciderTeamId, scope.deciderTeamIds[0]!)
        : inArray(transferRequests.deciderTeamId, [...scope.deciderTeamIds]);
  return selectRequests(db)
    .where(and(mine, page.cursor === undefined ? undefined : lt(transferRequests.id, page.cursor)))
    .orderBy(desc(transferRequests.id))
    .limit(page.limit + 1);
}

/** GET /api/transfers: one page of the caller's list and the next page's cursor (null on the last page). */
export async function listTransfers(
  db: Db,
  user: User,
  page: { limit: number; cursor?: number },
): Promise<{ requests: TransferRequest[]; nextCursor: string | null }> {
  if (user.role !== 'player' && user.role !== 'owner') fail(403, M.portalRoles);
  let scope: TransferScope = { playerId: user.id };
  if (user.role === 'owner') {
    const owned = await db.select({ id: teams.id }).from(teams).where(eq(teams.ownerId, user.id));
    if (owned.length === 0) return { requests: [], nextCursor: null };
    scope = { deciderTeamIds: owned.map((team) => team.id) };
  }
  const rows = await transfersStatement(db, scope, page);
  const requests = rows.slice(0, page.limit).map(toRequest);
  const nextCursor = rows.length > page.limit ? String(requests.at(-1)!.id) : null;
  return { requests, nextCursor };
}

/** GET /api/transfers/teams: teams a player may ask to join (not their own), by name, optionally searched. */
export async function transferDestinations(db: Db, user: User, search?: string): Promise<TransferDestination[]> {
  if (user.role !== 'player') fail(403, M.playersOnly);
  const [membership] = await db.select().from(teamMembers).where(eq(teamMembers.userId, user.id));
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select({ id: teams.id, name: teams.name, sport: teams.sport, city: teams.city })
    .from(teams)
    .where(
      and(
        membership ? ne(teams.id, membership.teamId) : undefined,
        pattern ? sql`${teams.name} like ${pattern} escape '\\'` : undefined,
      ),
    )
    .orderBy(sql`${teams.name} collate nocase`, asc(teams.id))
    .limit(DESTINATION_LIMIT);
}

/**
 * POST /api/transfers (000 s2, s5, s6): a player on a team asks to move to another team (`toTeamId`) or to free
 * agency (none). One pending request per player: checked here and held by the partial unique index
 * `transfer_requests_pending_uq`, which refuses a second one that raced past the check.
 */
export async function submitTransfer(
  db: Db,
  input: { user: User; toTeamId: number | null; reason: string | null; now: Date },
): Promise<TransferRequest> {
  const { user, toTeamId, reason, now } = input;
  if (user.role !== 'player') fail(403, M.playersOnly);
  try {
    const id = await db.transaction(
      async (tx) => {
        const [membership] = await tx.select().from(teamMembers).where(eq(teamMembers.userId, user.id));
        if (!membership) fail(409, M.notOnTeam);
        if (toTeamId !== null) {
          const [target] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, toTeamId));
          if (!target) fail(404, M.teamNotFound);
          if (target.id === membership.teamId) fail(409, M.sameTeam);
        }
        const [pending] = await tx
          .select({ id: transferRequests.id })
          .from(transferRequests)
          .where(and(eq(transferRequests.userId, user.id), eq(transferRequests.status, 'pending')));
        if (pending) fail(409, M.pendingExists);
        const [row] = await tx
          .insert(transferRequests)
          .values({
            userId: user.id,
            fromTeamId: membership.teamId,
            toTeamId,
            reason,
            status: 'pending',
            createdAt: now,
          })
          .returning({ id: transferRequests.id });
        return row!.id;
      },
      { behavior: 'immediate' },
    );
    return requestById(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) fail(409, M.pendingExists);
    throw error;
  }
}

type Decision = 'approved' | 'rejected';

/** The player's notification of the decision (D15), and the team's own owner's when another owner decided (D37). */
function decisionNotices(
  request: TransferRequest,
  decision: Decision,
  fromOwnerId: string,
  deciderId: string,
  now: Date,
) {
  const from = request.fromTeam.name;
  const to = request.toTeam?.name;
  const player = `${request.player.firstName} ${request.player.lastName}`;
  const body =
    decision === 'approved'
      ? to
        ? `You moved from ${from} to ${to}.`
        : `You left ${from} and are now a free agent.`
      : to
        ? `Your request to move from ${from} to ${to} was rejected.`
        : `Your request to leave ${from} for free agency was rejected.`;
  const rows: (typeof notifications.$inferInsert)[] = [
    {
      userId: request.player.id,
      kind: notificationKinds.transferDecided,
      title: decision === 'approved' ? 'Transfer approved' : 'Transfer rejected',
      body,
      link: '/transfer-portal',
      read: false,
      createdAt: now,
    },
  ];
  if (decision === 'approved' && to && fromOwnerId !== deciderId) {
    rows.push({
      userId: fromOwnerId,
      kind: notificationKinds.transferDecided,
      title: 'Player transferred',
      body: `${player} moved from ${from} to ${to}.`,
      link: '/teams',
      read: false,
      createdAt: now,
    });
  }
  return rows;
}

/**
 * PATCH /api/transfers/{id} (000 s4, D37): the deciding owner approves or rejects a pending request. Approval moves the
 * player in the same write transaction: off the old roster (a captain or coach position goes with the row) and,
 * unless to free agency, onto the new one as a player. The player is notified (D15).
 */
export async function decideTransfer(
  db: Db,
  input: { user: User; requestId: number; decision: Decision; now: Date },
): Promise<TransferRequest> {
  const { user, requestId, decision, now } = input;
  if (user.role !== 'owner') fail(403, M.ownersOnly);
  try {
    await db.transaction(
      async (tx) => {
        const [row] = await tx
          .select({
            request: transferRequests,
            deciderOwnerId: teams.ownerId,
          })
          .from(transferRequests)
          .innerJoin(teams, eq(teams.id, transferRequests.deciderTeamId))
          .where(eq(transferRequests.id, requestId));
        if (!row) fail(404, M.notFound);
        if (row.deciderOwnerId !== user.id) fail(403, M.notYours);
        if (row.request.status === 'cancelled') fail(409, M.cancelled);
        if (row.request.status !== 'pending') fail(409, M.decided);
        const { userId, fromTeamId, toTeamId } = row.request;

        const decided = await tx
          .update(transferRequests)
          .set({ status: decision, decidedAt: now, decidedBy: user.id })
          .where(and(eq(transferRequests.id, requestId), eq(transferRequests.status, 'pending')))
          .returning({ id: transferRequests.id });
        if (decided.length === 0) fail(409, M.decided);
        if (decision === 'approved') {
          const left = await tx
            .delete(teamMembers)
            .where(and(eq(teamMembers.teamId, fromTeamId), eq(teamMembers.userId, userId)))
            .returning({ userId: teamMembers.userId });
          // A pending request always has its player on the old roster (leaving cancels it, migration 0012).
          if (left.length === 0) fail(409, M.cancelled);
          if (toTeamId !== null) {
            await tx.insert(teamMembers).values({ teamId: toTeamId, userId, position: 'player', joinedAt: now });
          }
        }
        const [fromOwner] = await tx.select({ id: teams.ownerId }).from(teams).where(eq(teams.id, fromTeamId));
        const notices = decisionNotices(await requestById(tx, requestId), decision, fromOwner!.id, user.id, now);
        await tx.insert(notifications).values(notices);
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    // The player's one roster row is held by team_members_user_uq: a move that would break it is refused whole.
    if (isUniqueViolation(error)) fail(409, M.cancelled);
    throw error;
  }
  return requestById(db, requestId);
}
