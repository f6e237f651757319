import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { messages } from '../../../db/schema/messages.ts';
import { users } from '../../../db/schema/users.ts';
import { exactlyOnce, type OnceAnswer } from '../../lib/client-request.ts';
import { fail } from '../../lib/errors.ts';
import type { Message, sendMessageSchema } from './schema.ts';

export const SEND_MESSAGE_ENDPOINT = 'POST /api/messages/send';

export const SEND_REFUSALS = {
  self: 'You cannot send a message to yourself',
  unknownRecipient: 'Recipient not found',
} as const;

export interface SendContext {
  now: Date;
  /** The request's Idempotency-Key (outbox client id), or null. */
  clientId: string | null;
  /** The request's hash (`readRequestHash`): the same key with another body is refused 422. */
  requestHash: string | null;
}

/**
 * POST /api/messages/send (001 s5, s7): stores a message from `senderId`. With a client id (the offline outbox) it
 * happens at most once: a replay answers the original 201.
 */
export async function sendMessage(
  db: Db,
  senderId: string,
  input: z.output<typeof sendMessageSchema>,
  ctx: SendContext,
): Promise<OnceAnswer<Message, 201>> {
  const key = {
    userId: senderId,
    clientId: ctx.clientId,
    endpoint: SEND_MESSAGE_ENDPOINT,
    requestHash: ctx.requestHash,
    now: ctx.now,
  };
  return exactlyOnce(db, key, async (tx) => {
    if (input.recipientId === senderId) fail(400, SEND_REFUSALS.self);
    const [recipient] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.recipientId)).limit(1);
    if (!recipient) fail(404, SEND_REFUSALS.unknownRecipient);
    const [row] = await tx
      .insert(messages)
      .values({ senderId, recipientId: recipient.id, body: input.content, createdAt: ctx.now })
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
  });
}
