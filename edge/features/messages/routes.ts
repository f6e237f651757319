import { and, count, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { messages } from '../../../db/schema/messages.ts';
import { clientRequest, readClientId, readRequestHash, sendOnce } from '../../lib/client-request.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { sendMessageSchema } from './schema.ts';
import { SEND_MESSAGE_ENDPOINT, sendMessage } from './service.ts';

export const messageRoutes = new Hono<AppEnv>()
  .get('/unread-count', requireUser, async (c) => {
    const [row] = await c.var.deps.db
      .select({ count: count() })
      .from(messages)
      .where(and(eq(messages.recipientId, c.var.user!.id), isNull(messages.readAt)));
    return c.json({ count: row?.count ?? 0 }, 200);
  })
  // The second outbox-backed call (issue 5): a message written at the venue is sent once the signal returns. A
  // replay is answered from its receipt before validation; one queued by another account is refused 409.
  .post('/send', requireUser, clientRequest(SEND_MESSAGE_ENDPOINT), jsonBody(sendMessageSchema), async (c) => {
    const { deps } = c.var;
    const answer = await sendMessage(deps.db, c.var.user!.id, c.req.valid('json'), {
      now: deps.now(),
      clientId: readClientId(c),
      requestHash: readRequestHash(c),
    });
    return sendOnce(c, answer);
  });
