import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { messages } from '../../../db/schema/messages.ts';
import type { User } from '../../../db/schema/users.ts';
import { exactlyOnce, type OnceAnswer } from '../../lib/client-request.ts';
import { fail } from '../../lib/errors.ts';
import { MESSAGING_REFUSALS, type Message, type sendMessageSchema } from './schema.ts';
import { checkSendingRules, loadRecipient } from './sending-rules.ts';

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
 * offline outbox) it happens at most once: a replay answers the original 201. The write lock is taken first, so two
 * sends at once cannot both pass a limit. Triggers move both members' conversations and inboxes (ADR 039).
 */
export async function sendMessage(
  db: Db,
  sender: Pick<User, 'id' | 'role' | 'email'>,
  input: z.output<typeof sendMessageSchema>,
  ctx: SendContext,
): Promise<OnceAnswer<Message, 201>> {
  const key = {
    userId: sender.id,
    clientId: ctx.clientId,
    endpoint: SEND_MESSAGE_ENDPOINT,
    requestHash: ctx.requestHash,
    now: ctx.now,
  };
  return exactlyOnce(
    db,
    key,
    async (tx) => {
      if (input.recipientId === sender.id) fail(400, MESSAGING_REFUSALS.self);
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
