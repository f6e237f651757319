import { and, count, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { conversations, memberBlocks, messages } from '../../../db/schema/messages.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { adminFlags } from '../../lib/admin.ts';
import { fail, failUntil } from '../../lib/errors.ts';
import { adultCutoff, isMinor } from '../../lib/minors.ts';
import { MESSAGE_LIMITS, MESSAGING_REFUSALS } from './schema.ts';

/** D27's rules for one message, checked inside the send's transaction so a refusal stores nothing. */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Sender = Pick<User, 'id' | 'role' | 'email'>;

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const blockedEitherWay = (a: string, b: string) =>
  or(
    and(eq(memberBlocks.blockerId, a), eq(memberBlocks.blockedId, b)),
    and(eq(memberBlocks.blockerId, b), eq(memberBlocks.blockedId, a)),
  );

/** True when either member blocked the other (two primary-key reads of member_blocks). */
export async function eitherBlocked(tx: Tx | Db, a: string, b: string): Promise<boolean> {
  const [row] = await tx
    .select({ blockerId: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(blockedEitherWay(a, b))
    .limit(1);
  return row !== undefined;
}

/** The rows D27's limits count for a sender at `now`: their messages of the last minute and day, conversations begun today. */
function sendingWindows(senderId: string, now: Date) {
  const since = (ms: number) => new Date(now.getTime() - ms);
  return {
    sent: and(eq(messages.senderId, senderId), gt(messages.createdAt, since(MINUTE_MS))),
    sentToday: and(eq(messages.senderId, senderId), gt(messages.createdAt, since(DAY_MS))),
    startedToday: and(
      eq(conversations.startedBy, senderId),
      gt(conversations.createdAt, since(DAY_MS)),
      eq(conversations.userId, sql`${conversations.startedBy}`),
    ),
  };
}

/**
 * D27's rules as one SQL condition on the recipient's row `r` (users), for an INSERT that decides by itself whether it
 * may run (ADR 059): it holds only where `checkSendingRules` finds no refusal, built from the same conditions. It is
 * stricter where that is simpler: a minor written to by their team's staff is left to `checkSendingRules`, which
 * the caller runs whenever this refuses, to say why (or to send after all).
 */
export function sendingAllowedSql(sender: Sender, recipientId: string, ctx: { now: Date; leagueEmailDomain: string }): SQL {
  const { sent, sentToday, startedToday } = sendingWindows(sender.id, ctx.now);
  const conversation = and(eq(conversations.userId, sender.id), eq(conversations.otherUserId, recipientId));
  const count = (table: typeof messages | typeof conversations, where: SQL | undefined) =>
    sql`(select count(*) from ${table} where ${where})`;
  const minorAllowed = adminFlags(sender, ctx.leagueEmailDomain).isAdmin
    ? sql`1`
    : sql`(r.date_of_birth is null or r.date_of_birth <= ${adultCutoff(ctx.now)}
        or (select ${conversations.startedBy} from ${conversations} where ${conversation}) = r.id)`;
  return sql`not exists (select 1 from ${memberBlocks} where ${blockedEitherWay(sender.id, recipientId)})
    and ${minorAllowed}
    and ${count(messages, sent)} < ${MESSAGE_LIMITS.perMinute}
    and ${count(messages, sentToday)} < ${MESSAGE_LIMITS.perDay}
    and (exists (select 1 from ${conversations} where ${conversation})
      or ${count(conversations, startedToday)} < ${MESSAGE_LIMITS.newConversationsPerDay})`;
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

  const { sent, sentToday, startedToday: started } = sendingWindows(sender.id, ctx.now);
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
