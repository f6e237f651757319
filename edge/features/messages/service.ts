import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { messages } from '../../../db/schema/messages.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { exactlyOnce, exactlyOnceInBatch, type OnceAnswer } from '../../lib/client-request.ts';
import { fail } from '../../lib/errors.ts';
import type { sendMessageSchema } from './requests.ts';
import { MESSAGING_REFUSALS, type Message } from './schema.ts';
import { checkSendingRules, loadRecipient, sendingAllowedSql } from './sending-rules.ts';

export const SEND_MESSAGE_ENDPOINT = 'POST /api/messages/send';

export interface SendContext {
  now: Date;
  leagueEmailDomain: string;
  /** The request's Idempotency-Key (outbox client id), or null. */
  clientId: string | null;
  /** The request's hash (`readRequestHash`): the same key with another body is refused 422. */
  requestHash: string | null;
}

/**
 * POST /api/messages/send (001 s5, s7; D27): stores a message from `sender` after D27's rules. With a client id (the
 * offline outbox) it happens at most once: a replay answers the original 201. Triggers move both members'
 * conversations and inboxes (ADR 039).
 *
 * One batch, one database round trip (ADR 059): an INSERT whose WHERE holds D27's rules (`sendingAllowedSql`), so
 * the rules and the write are one statement and two sends at once cannot both pass a limit, with the receipt in the
 * same batch. When that INSERT refuses, the send runs again as a write transaction that checks each rule in turn
 * (`checkSendingRules`, taking the write lock first): it answers the refusal with its reason, or sends after all.
 */
export async function sendMessage(
  db: Db,
  sender: Pick<User, 'id' | 'role' | 'email'>,
  input: z.output<typeof sendMessageSchema>,
  ctx: SendContext,
): Promise<OnceAnswer<Message, 201>> {
  if (input.recipientId === sender.id) fail(400, MESSAGING_REFUSALS.self);
  const key = {
    userId: sender.id,
    clientId: ctx.clientId,
    endpoint: SEND_MESSAGE_ENDPOINT,
    requestHash: ctx.requestHash,
    now: ctx.now,
  };
  const sent = await exactlyOnceInBatch(
    db,
    key,
    db.all<{ id: number }>(sql`insert into ${messages} (sender_id, recipient_id, body, created_at)
      select ${sender.id}, r.id, ${input.content}, ${ctx.now.getTime()} from ${users} r
      where r.id = ${input.recipientId} and ${sendingAllowedSql(sender, input.recipientId, ctx)}
      returning id`),
    {
      status: 201,
      body: {
        id: 0,
        senderId: sender.id,
        recipientId: input.recipientId,
        content: input.content,
        type: input.type,
        createdAt: ctx.now.toISOString(),
        read: false,
      },
    },
  );
  if (sent) return sent;
  return exactlyOnce(
    db,
    key,
    async (tx) => {
      const recipient = await loadRecipient(tx, input.recipientId);
      await checkSendingRules(tx, sender, recipient, ctx);
      const [row] = await tx
        .insert(messages)
        .values({ senderId: sender.id, recipientId: recipient.id, body: input.content, createdAt: ctx.now })
        .returning();
      const body: Message = {
        id: row!.id,
        senderId: row!.senderId,
        recipientId: row!.recipientId,
        content: row!.body,
        type: input.type,
        createdAt: row!.createdAt.toISOString(),
        read: row!.readAt !== null,
      };
      return { status: 201, body };
    },
    { behavior: 'immediate' },
  );
}
