import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { memberBlocks, messageInboxes } from '../../../db/schema/messages.ts';
import { fail } from '../../lib/errors.ts';
import { memberExists } from './conversations.ts';
import { MESSAGING_REFUSALS, type BlockState } from './schema.ts';

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
