import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberBlocks, messageInboxes } from '../../../db/schema/messages.ts';
import { users } from '../../../db/schema/users.ts';
import { fail } from '../../lib/errors.ts';
import { memberColumns, memberExists } from './conversations.ts';
import { MESSAGING_REFUSALS, type BlockState, type ConversationMember } from './schema.ts';

/**
 * D27: block and unblock. Either way both members' inbox versions move, so their next poll (a 200, not a 304) shows
 * the conversation's new state. Blocking twice or unblocking someone not blocked changes nothing and answers the same.
 */
export async function setBlock(db: Db, me: string, otherId: string, blocked: boolean, now: Date): Promise<BlockState> {
  if (otherId === me) fail(400, MESSAGING_REFUSALS.blockSelf);
  if (!(await memberExists(db, otherId))) fail(404, MESSAGING_REFUSALS.unknownMember);
  await db.transaction(async (tx) => {
    const changed = blocked
      ? await tx
          .insert(memberBlocks)
          .values({ blockerId: me, blockedId: otherId, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: memberBlocks.blockedId })
      : await tx
          .delete(memberBlocks)
          .where(and(eq(memberBlocks.blockerId, me), eq(memberBlocks.blockedId, otherId)))
          .returning({ id: memberBlocks.blockedId });
    if (changed.length === 0) return;
    await tx
      .update(messageInboxes)
      .set({ version: sql`${messageInboxes.version} + 1` })
      .where(inArray(messageInboxes.userId, [me, otherId]));
  });
  return { userId: otherId, blocked };
}

/** GET /api/messages/member/{userId}: the other member of a thread and the block state, or 404. */
export async function conversationMember(db: Db, me: string, otherId: string): Promise<ConversationMember> {
  // One read: an unknown (or malformed) id is simply no row.
  const [member] = await db.select(memberColumns).from(users).where(eq(users.id, otherId)).limit(1);
  if (!member) fail(404, MESSAGING_REFUSALS.unknownMember);
  const blocks = await db
    .select({ blockerId: memberBlocks.blockerId })
    .from(memberBlocks)
    .where(
      or(
        and(eq(memberBlocks.blockerId, me), eq(memberBlocks.blockedId, otherId)),
        and(eq(memberBlocks.blockerId, otherId), eq(memberBlocks.blockedId, me)),
      ),
    );
  return { member, blockedByMe: blocks.some((b) => b.blockerId === me), blocked: blocks.length > 0 };
}
