import { and, count, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { conversations, memberBlocks, messages } from '../../../db/schema/messages.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { adminFlags } from '../../lib/admin.ts';
import { fail, failUntil } from '../../lib/errors.ts';
import { isMinor } from '../../lib/minors.ts';
import { MESSAGE_LIMITS, MESSAGING_REFUSALS } from './schema.ts';

/** D27's rules for one message, checked inside the send's transaction so a refusal stores nothing. */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Sender = Pick<User, 'id' | 'role' | 'email'>;

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** True when either member blocked the other (two primary-key reads of member_blocks). */
export async function eitherBlocked(tx: Tx | Db, a: string, b: string): Promise<boolean> {
  const [row] = await tx
    .select({ blockerId: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(
      or(
        and(eq(memberBlocks.blockerId, a), eq(memberBlocks.blockedId, b)),
        and(eq(memberBlocks.blockerId, b), eq(memberBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The owner, coaches and captains of the minor's team (D27). */
async function isTeamStaffOf(tx: Tx, senderId: string, minorId: string): Promise<boolean> {
  const [membership] = await tx
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, minorId))
    .limit(1);
  if (!membership) return false;
  const [owner] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, membership.teamId), eq(teams.ownerId, senderId)))
    .limit(1);
  if (owner) return true;
  const [staff] = await tx
    .select({ position: teamMembers.position })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.teamId, membership.teamId),
        eq(teamMembers.userId, senderId),
        inArray(teamMembers.position, ['captain', 'coach']),
      ),
    )
    .limit(1);
  return staff !== undefined;
}

/**
 * Refuses (with D27's status and message) a message `sender` may not send to `recipient`: a block either way; a
 * minor who did not start the conversation and is not written to by an admin or their team's staff; the sending
 * limits. Answers whether the message starts a new conversation.
 */
export async function checkSendingRules(
  tx: Tx,
  sender: Sender,
  recipient: Pick<User, 'id' | 'dateOfBirth'>,
  ctx: { now: Date; leagueEmailDomain: string },
): Promise<{ startsConversation: boolean }> {
  if (await eitherBlocked(tx, sender.id, recipient.id)) fail(403, MESSAGING_REFUSALS.blocked);

  const [conversation] = await tx
    .select({ startedBy: conversations.startedBy })
    .from(conversations)
    .where(and(eq(conversations.userId, sender.id), eq(conversations.otherUserId, recipient.id)))
    .limit(1);

  if (isMinor(recipient.dateOfBirth, ctx.now) && conversation?.startedBy !== recipient.id) {
    const allowed =
      adminFlags(sender, ctx.leagueEmailDomain).isAdmin || (await isTeamStaffOf(tx, sender.id, recipient.id));
    if (!allowed) fail(403, MESSAGING_REFUSALS.minor);
  }

  const since = (ms: number) => new Date(ctx.now.getTime() - ms);
  const sent = and(eq(messages.senderId, sender.id), gt(messages.createdAt, since(MINUTE_MS)));
  const sentToday = and(eq(messages.senderId, sender.id), gt(messages.createdAt, since(DAY_MS)));
  /**
   * Refuses with 429 when `limit` of the window's rows exist, with `Retry-After` set to when the oldest one that
   * counts leaves the window (a range of `messages_sender_time_idx` or `conversations_started_idx`).
   */
  const enforce = async (
    table: typeof messages | typeof conversations,
    where: ReturnType<typeof and>,
    limit: number,
    windowMs: number,
    message: string,
  ) => {
    const [row] = await tx.select({ n: count() }).from(table).where(where);
    const n = row?.n ?? 0;
    if (n < limit) return;
    const [oldest] = await tx
      .select({ at: table.createdAt })
      .from(table)
      .where(where)
      .orderBy(table.createdAt)
      .limit(1)
      .offset(n - limit);
    failUntil(429, message, (oldest?.at.getTime() ?? ctx.now.getTime()) + windowMs - ctx.now.getTime());
  };
  await enforce(messages, sent, MESSAGE_LIMITS.perMinute, MINUTE_MS, MESSAGING_REFUSALS.perMinute);
  await enforce(messages, sentToday, MESSAGE_LIMITS.perDay, DAY_MS, MESSAGING_REFUSALS.perDay);

  if (!conversation) {
    const started = and(
      eq(conversations.startedBy, sender.id),
      gt(conversations.createdAt, since(DAY_MS)),
      eq(conversations.userId, sql`${conversations.startedBy}`),
    );
    await enforce(
      conversations,
      started,
      MESSAGE_LIMITS.newConversationsPerDay,
      DAY_MS,
      MESSAGING_REFUSALS.newConversations,
    );
  }
  return { startsConversation: !conversation };
}

/** The recipient of a message, or 404. */
export async function loadRecipient(tx: Tx, id: string): Promise<Pick<User, 'id' | 'dateOfBirth'>> {
  const [row] = await tx
    .select({ id: users.id, dateOfBirth: users.dateOfBirth })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!row) fail(404, MESSAGING_REFUSALS.unknownRecipient);
  return row;
}
