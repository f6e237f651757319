import { aliasedTable, and, count, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teamInvites } from '../../../db/schema/team-invites.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { fail } from '../../lib/errors.ts';
import { notificationKinds } from '../notifications/schema.ts';
import {
  INVITE_LIFETIME_DAYS,
  INVITE_LIST_LIMIT,
  INVITE_MESSAGES as M,
  MAX_PENDING_INVITES_PER_TEAM,
  type TeamInvite,
  type TeamInviteStatus,
} from './schema.ts';

const DAY = 24 * 60 * 60 * 1000;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A stored `pending` whose 14 days have passed reads as lapsed (D37); joining a team writes `lapsed` (migration 0012). */
const effectiveStatus = (now: Date) =>
  sql<TeamInviteStatus>`case when ${teamInvites.status} = 'pending' and ${teamInvites.expiresAt} <= ${now.getTime()} then 'lapsed' else ${teamInvites.status} end`;

const invitee = aliasedTable(users, 'invitee');

function inviteColumns(now: Date) {
  return {
    id: teamInvites.id,
    teamId: teams.id,
    teamName: teams.name,
    teamWins: teams.wins,
    teamLosses: teams.losses,
    playerId: invitee.id,
    firstName: invitee.firstName,
    lastName: invitee.lastName,
    status: effectiveStatus(now),
    createdAt: teamInvites.createdAt,
    expiresAt: teamInvites.expiresAt,
    answeredAt: teamInvites.answeredAt,
    notificationId: teamInvites.notificationId,
  };
}

type InviteRow = Awaited<ReturnType<typeof selectInvites>>[number];

function toInvite(row: InviteRow): TeamInvite {
  return {
    id: row.id,
    team: { id: row.teamId, name: row.teamName, wins: row.teamWins, losses: row.teamLosses },
    player: { id: row.playerId, firstName: row.firstName, lastName: row.lastName },
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
    notificationId: row.notificationId,
  };
}

function selectInvites(db: Db | Tx, now: Date) {
  return db
    .select(inviteColumns(now))
    .from(teamInvites)
    .innerJoin(teams, eq(teams.id, teamInvites.teamId))
    .innerJoin(invitee, eq(invitee.id, teamInvites.userId));
}

async function inviteById(db: Db | Tx, inviteId: number, now: Date): Promise<TeamInvite> {
  const [row] = await selectInvites(db, now).where(eq(teamInvites.id, inviteId));
  return toInvite(row!);
}

/**
 * GET /api/team-invites: a player's invites (newest first), or the open invites of an owner's teams (so the pool
 * shows who is invited already). Others: 403.
 */
export async function listInvites(db: Db, user: User, now: Date): Promise<TeamInvite[]> {
  if (user.role === 'player') {
    const rows = await selectInvites(db, now)
      .where(eq(teamInvites.userId, user.id))
      .orderBy(desc(teamInvites.id))
      .limit(INVITE_LIST_LIMIT);
    return rows.map(toInvite);
  }
  if (user.role !== 'owner') fail(403, M.listRoles);
  const owned = db.select({ id: teams.id }).from(teams).where(eq(teams.ownerId, user.id));
  const rows = await selectInvites(db, now)
    .where(and(inArray(teamInvites.teamId, owned), eq(teamInvites.status, 'pending'), gt(teamInvites.expiresAt, now)))
    .orderBy(desc(teamInvites.id))
    .limit(INVITE_LIST_LIMIT);
  return rows.map(toInvite);
}

/**
 * POST /api/team-invites (D37): the owner of `teamId` invites a player who is on no team and has no open invite from
 * that team. One write transaction checks, writes the player's notification (D15) and the invite; the partial unique
 * index `team_invites_pending_uq` still refuses a duplicate that raced past the checks.
 */
export async function createInvite(
  db: Db,
  input: { owner: User; teamId: number; playerId: string; now: Date },
): Promise<TeamInvite> {
  const { owner, teamId, playerId, now } = input;
  if (owner.role !== 'owner') fail(403, M.ownersOnly);
  try {
    const inviteId = await db.transaction(
      async (tx) => {
        const [team] = await tx.select().from(teams).where(eq(teams.id, teamId));
        if (!team) fail(404, M.teamNotFound);
        if (team.ownerId !== owner.id) fail(403, M.notYourTeam);
        const [player] = await tx.select().from(users).where(eq(users.id, playerId));
        if (!player) fail(404, M.playerNotFound);
        if (player.role !== 'player') fail(409, M.notAPlayer);
        const [onTeam] = await tx.select().from(teamMembers).where(eq(teamMembers.userId, playerId));
        if (onTeam) fail(409, M.playerOnTeam);

        // An open invite past its 14 days is lapsed: written as such so it no longer holds the one-open-invite slot.
        await tx
          .update(teamInvites)
          .set({ status: 'lapsed' })
          .where(
            and(eq(teamInvites.teamId, teamId), eq(teamInvites.status, 'pending'), lte(teamInvites.expiresAt, now)),
          );
        const [open] = await tx
          .select({ n: count() })
          .from(teamInvites)
          .where(
            and(eq(teamInvites.teamId, teamId), eq(teamInvites.status, 'pending'), gt(teamInvites.expiresAt, now)),
          );
        const [again] = await tx
          .select({ id: teamInvites.id })
          .from(teamInvites)
          .where(
            and(eq(teamInvites.teamId, teamId), eq(teamInvites.userId, playerId), eq(teamInvites.status, 'pending')),
          );
        if (again) fail(409, M.alreadyInvited);
        if ((open?.n ?? 0) >= MAX_PENDING_INVITES_PER_TEAM) fail(409, M.tooMany);

        const [notification] = await tx
          .insert(notifications)
          .values({
            userId: playerId,
            kind: notificationKinds.teamInvite,
            title: 'Team invite',
            body:
              `${owner.firstName} ${owner.lastName} invited you to join ${team.name}. ` +
              `Accept or decline here within ${INVITE_LIFETIME_DAYS} days.`,
            // The team's public page, so the player can look at the team before answering.
            link: `/teams/${teamId}`,
            read: false,
            createdAt: now,
          })
          .returning({ id: notifications.id });
        const [invite] = await tx
          .insert(teamInvites)
          .values({
            teamId,
            userId: playerId,
            invitedBy: owner.id,
            status: 'pending',
            notificationId: notification!.id,
            createdAt: now,
            expiresAt: new Date(now.getTime() + INVITE_LIFETIME_DAYS * DAY),
          })
          .returning({ id: teamInvites.id });
        return invite!.id;
      },
      { behavior: 'immediate' },
    );
    return inviteById(db, inviteId, now);
  } catch (error) {
    if (isUniqueViolation(error)) fail(409, M.alreadyInvited);
    throw error;
  }
}

/**
 * PATCH /api/team-invites/{id}: the invited player accepts or declines an open invite. Accepting joins the roster in
 * the same write transaction; the unique `team_members_user_uq` index makes "one team per player" hold even for two
 * accepts that race, and joining lapses the player's other open invites (trigger of migration 0012).
 */
export async function answerInvite(
  db: Db,
  input: { user: User; inviteId: number; answer: 'accepted' | 'declined'; now: Date },
): Promise<TeamInvite> {
  const { user, inviteId, answer, now } = input;
  try {
    await db.transaction(
      async (tx) => {
        const [invite] = await tx.select().from(teamInvites).where(eq(teamInvites.id, inviteId));
        if (!invite) fail(404, M.notFound);
        if (invite.userId !== user.id) fail(403, M.notYours);
        if (invite.status === 'accepted' || invite.status === 'declined') fail(409, M.answered);
        const [onTeam] = await tx.select().from(teamMembers).where(eq(teamMembers.userId, user.id));
        if (onTeam) fail(409, M.joinedTeam);
        if (invite.status === 'lapsed' || invite.expiresAt <= now) fail(409, M.lapsed);
        if (answer === 'accepted' && user.role !== 'player') fail(409, M.playersOnly);

        const answered = await tx
          .update(teamInvites)
          .set({ status: answer, answeredAt: now })
          .where(and(eq(teamInvites.id, inviteId), eq(teamInvites.status, 'pending')))
          .returning({ teamId: teamInvites.teamId });
        if (answered.length === 0) fail(409, M.answered);
        if (answer === 'accepted') {
          await tx
            .insert(teamMembers)
            .values({ teamId: invite.teamId, userId: user.id, position: 'player', joinedAt: now });
        }
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    if (isUniqueViolation(error)) fail(409, M.joinedTeam);
    throw error;
  }
  return inviteById(db, inviteId, now);
}
