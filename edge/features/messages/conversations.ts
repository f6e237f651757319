import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { conversations, memberBlocks, messageInboxes, messages } from '../../../db/schema/messages.ts';
import { users } from '../../../db/schema/users.ts';
import { fail } from '../../lib/errors.ts';
import { cursorPlain, cursorText } from '../../lib/paging.ts';
import {
  CONVERSATION_PAGE_SIZE,
  MESSAGING_REFUSALS,
  THREAD_PAGE_SIZE,
  type ConversationSummary,
  type Message,
} from './schema.ts';

/**
 * Reading conversations (001 s3, s7): the list from `conversations` (one index range, newest first), a thread from
 * `messages_pair_idx`, and the inbox version that makes an unchanged poll a 304 (ADR 039).
 */

const inboxQuery = (db: Db, userId: string) =>
  db
    .select({ version: messageInboxes.version, unread: messageInboxes.unread })
    .from(messageInboxes)
    .where(eq(messageInboxes.userId, userId))
    .limit(1);

type InboxRow = Awaited<ReturnType<typeof inboxQuery>>[number];
const inboxOf = (row: InboxRow | undefined) => row ?? { version: 0, unread: 0 };

/** The member's inbox version and unread total (0 and 0 before their first message either way). */
export async function readInbox(db: Db, userId: string): Promise<{ version: number; unread: number }> {
  const [row] = await inboxQuery(db, userId);
  return inboxOf(row);
}

/** The ETag of everything a member's messaging polls read: theirs alone, moved by any change to it. */
export function inboxTag(userId: string, version: number): string {
  return `W/"inbox-${userId}-${version}"`;
}

const ID_TEXT = /^[A-Za-z0-9_-]{1,64}$/;

/** A member as the list's rows, the thread's header and the picker show them. */
export const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  isVerified: users.isVerified,
  role: users.role,
};

function encodeListCursor(at: number, otherUserId: string) {
  return cursorText(`${at}~${otherUserId}`);
}

function decodeListCursor(text: string): { at: number; otherUserId: string } {
  const plain = cursorPlain(text, 120);
  const match = plain === null ? null : /^(0|[1-9][0-9]{0,15})~(.+)$/.exec(plain);
  if (!match || !ID_TEXT.test(match[2]!)) fail(400, MESSAGING_REFUSALS.badCursor);
  return { at: Number(match[1]), otherUserId: match[2]! };
}

const blockedByMe = (me: string) =>
  sql<number>`exists (select 1 from ${memberBlocks} where ${memberBlocks.blockerId} = ${me} and ${memberBlocks.blockedId} = ${conversations.otherUserId})`;
const blockedMe = (me: string) =>
  sql<number>`exists (select 1 from ${memberBlocks} where ${memberBlocks.blockerId} = ${conversations.otherUserId} and ${memberBlocks.blockedId} = ${me})`;

/**
 * GET /api/messages/conversations: the member's conversations, the latest first, CONVERSATION_PAGE_SIZE a page.
 * `q` keeps those whose other member's name contains it (any case); it reads only this member's conversations.
 */
export async function listConversations(
  db: Db,
  me: string,
  query: { q?: string; cursor?: string },
): Promise<{ items: ConversationSummary[]; nextCursor: string | null }> {
  const filters: SQL[] = [eq(conversations.userId, me)];
  if (query.cursor) {
    const after = decodeListCursor(query.cursor);
    // A row value, so SQLite seeks the index to the cursor (an OR of the two cases walks from the newest row).
    filters.push(
      sql`(${conversations.lastMessageAt}, ${conversations.otherUserId}) < (${after.at}, ${after.otherUserId})`,
    );
  }
  if (query.q) {
    filters.push(sql`instr(lower(${users.firstName} || ' ' || ${users.lastName}), lower(${query.q})) > 0`);
  }
  const rows = await db
    .select({
      otherUserId: conversations.otherUserId,
      lastMessageAt: conversations.lastMessageAt,
      unreadCount: conversations.unreadCount,
      body: messages.body,
      senderId: messages.senderId,
      readAt: messages.readAt,
      firstName: memberColumns.firstName,
      lastName: memberColumns.lastName,
      profileImageUrl: memberColumns.profileImageUrl,
      isVerified: memberColumns.isVerified,
      role: memberColumns.role,
      blockedByMe: blockedByMe(me),
      blockedMe: blockedMe(me),
    })
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.otherUserId))
    .innerJoin(messages, eq(messages.id, conversations.lastMessageId))
    .where(and(...filters))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.otherUserId))
    .limit(CONVERSATION_PAGE_SIZE + 1);
  const page = rows.slice(0, CONVERSATION_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      otherUser: {
        id: r.otherUserId,
        firstName: r.firstName,
        lastName: r.lastName,
        profileImageUrl: r.profileImageUrl,
        isVerified: r.isVerified,
        role: r.role,
      },
      lastMessage: r.body,
      lastMessageTime: r.lastMessageAt.toISOString(),
      isRead: r.readAt !== null,
      isSent: r.senderId === me,
      unreadCount: r.unreadCount,
      blockedByMe: Boolean(r.blockedByMe),
      blocked: Boolean(r.blockedByMe) || Boolean(r.blockedMe),
    })),
    nextCursor:
      rows.length > CONVERSATION_PAGE_SIZE && last
        ? encodeListCursor(last.lastMessageAt.getTime(), last.otherUserId)
        : null,
  };
}

// The same expressions as messages_pair_idx, so SQLite reads the thread from that index.
const pairLow = sql`min(${messages.senderId}, ${messages.recipientId})`;
const pairHigh = sql`max(${messages.senderId}, ${messages.recipientId})`;

function decodeMessageCursor(text: string): number {
  const plain = cursorPlain(text, 40);
  if (plain === null || !/^[1-9][0-9]{0,15}$/.test(plain)) fail(400, MESSAGING_REFUSALS.badCursor);
  return Number(plain);
}

const memberQuery = (db: Db, id: string) => db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);

/** Whether the member exists (a thread with an unknown member is a 404, not an empty thread). */
export async function memberExists(db: Db, id: string): Promise<boolean> {
  if (!ID_TEXT.test(id)) return false;
  return (await memberQuery(db, id)).length > 0;
}

/**
 * Whether the other member exists (a thread with an unknown member is a 404, not an empty thread) and my inbox, read
 * together: the open thread's poll (every 5 s) costs one database round trip besides the session (ADR 059).
 */
export async function threadPollState(
  db: Db,
  me: string,
  otherId: string,
): Promise<{ memberExists: boolean; inbox: { version: number; unread: number } }> {
  if (!ID_TEXT.test(otherId)) return { memberExists: false, inbox: await readInbox(db, me) };
  const [member, [inbox]] = await db.batch([memberQuery(db, otherId), inboxQuery(db, me)]);
  return { memberExists: member.length > 0, inbox: inboxOf(inbox) };
}

/**
 * GET /api/messages/conversation/{userId}: the newest THREAD_PAGE_SIZE messages between the two members, oldest
 * first (or the page before `before`). Opening it marks the other member's messages to `me` read, in the same
 * transaction as the read, so the answer's read ticks and the inbox version agree.
 */
export async function readThread(
  db: Db,
  me: string,
  otherId: string,
  query: { before?: string },
  now: Date,
): Promise<{ items: Message[]; nextCursor: string | null; version: number }> {
  const before = query.before ? decodeMessageCursor(query.before) : null;
  const page = db
    .select()
    .from(messages)
    .where(
      and(
        sql`${pairLow} = min(${me}, ${otherId})`,
        sql`${pairHigh} = max(${me}, ${otherId})`,
        before === null ? undefined : lt(messages.id, before),
      ),
    )
    // Ordered by id alone: SQLite then reads the index backwards (ordering by the pair expressions too sorts in a temp tree).
    .orderBy(desc(messages.id))
    .limit(THREAD_PAGE_SIZE + 1);
  // One batch, one transaction and one round trip (ADR 059): nothing here reads before it decides what to write.
  const [rows, [inbox]] =
    before === null
      ? await db
          .batch([
            db
              .update(messages)
              .set({ readAt: now })
              .where(and(eq(messages.recipientId, me), eq(messages.senderId, otherId), isNull(messages.readAt))),
            page,
            inboxQuery(db, me),
          ])
          .then(([, r, i]) => [r, i] as const)
      : await db.batch([page, inboxQuery(db, me)]);
  const oldestFirst = rows.slice(0, THREAD_PAGE_SIZE).reverse();
  return {
    items: oldestFirst.map((r) => ({
      id: r.id,
      senderId: r.senderId,
      recipientId: r.recipientId,
      content: r.body,
      type: 'general' as const,
      createdAt: r.createdAt.toISOString(),
      read: r.readAt !== null,
    })),
    nextCursor: rows.length > THREAD_PAGE_SIZE ? cursorText(String(oldestFirst[0]!.id)) : null,
    version: inbox?.version ?? 0,
  };
}
