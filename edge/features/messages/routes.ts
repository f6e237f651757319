import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { Db } from '../../../db/client.ts';
import { clientRequest, readClientId, readRequestHash, sendOnce } from '../../lib/client-request.ts';
import type { AppEnv } from '../../lib/context.ts';
import { validationHook } from '../../lib/errors.ts';
import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { conversationMember, setBlock } from './blocks.ts';
import { inboxTag, listConversations, readInbox, readThread, threadPollState } from './conversations.ts';
import { searchRecipients } from './recipients.ts';
import { conversationListQuerySchema, recipientQuerySchema, sendMessageSchema, threadQuerySchema } from './requests.ts';
import { MESSAGING_REFUSALS } from './schema.ts';
import { SEND_MESSAGE_ENDPOINT, sendMessage } from './service.ts';

/**
 * A poll that finds the member's inbox version unchanged answers 304 after one primary-key read (ADR 039): the
 * conversation list every 10 s and the open thread every 5 s (001 s7).
 */
async function inboxState(db: Db, me: string, ifNoneMatch: string | undefined) {
  return inboxFreshness(me, (await readInbox(db, me)).version, ifNoneMatch);
}

function inboxFreshness(me: string, version: number, ifNoneMatch: string | undefined) {
  const tag = inboxTag(me, version);
  return { tag, fresh: ifNoneMatch !== undefined && ifNoneMatch.split(/\s*,\s*/).includes(tag) };
}

/** /api/messages (001 s7, D27): conversations, threads, sending, the unread badge and blocks. */
export const messageRoutes = new Hono<AppEnv>()
  .get('/unread-count', requireUser, async (c) => {
    const { unread } = await readInbox(c.var.deps.db, c.var.user!.id);
    return c.json({ count: unread }, 200);
  })
  .get('/conversations', requireUser, zValidator('query', conversationListQuerySchema, validationHook), async (c) => {
    const me = c.var.user!.id;
    const { db } = c.var.deps;
    // The version is read before the list: a message arriving between the two reads makes the next poll a 200.
    const inbox = await inboxState(db, me, c.req.header('If-None-Match'));
    if (inbox.fresh) return c.body(null, 304, { ETag: inbox.tag });
    const page = await listConversations(db, me, c.req.valid('query'));
    c.header('ETag', inbox.tag);
    if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return c.json(page.items, 200);
  })
  .get('/conversation/:userId', requireUser, zValidator('query', threadQuerySchema, validationHook), async (c) => {
    const { db, now } = c.var.deps;
    const me = c.var.user!.id;
    const otherId = c.req.param('userId');
    const state = await threadPollState(db, me, otherId);
    if (!state.memberExists) return c.json({ message: MESSAGING_REFUSALS.unknownMember }, 404);
    const inbox = inboxFreshness(me, state.inbox.version, c.req.header('If-None-Match'));
    if (inbox.fresh) return c.body(null, 304, { ETag: inbox.tag });
    const thread = await readThread(db, me, otherId, c.req.valid('query'), now());
    c.header('ETag', inboxTag(me, thread.version));
    if (thread.nextCursor) c.header(NEXT_CURSOR_HEADER, thread.nextCursor);
    return c.json(thread.items, 200);
  })
  // The second outbox-backed call (issue 5): a message written at the venue is sent once the signal returns. A
  // replay is answered from its receipt before validation; one queued by another account is refused 409.
  .post('/send', requireUser, clientRequest(SEND_MESSAGE_ENDPOINT), jsonBody(sendMessageSchema), async (c) => {
    const { deps } = c.var;
    const answer = await sendMessage(deps.db, c.var.user!, c.req.valid('json'), {
      now: deps.now(),
      leagueEmailDomain: deps.config.leagueEmailDomain,
      clientId: readClientId(c),
      requestHash: readRequestHash(c),
    });
    return sendOnce(c, answer);
  })
  .get('/member/:userId', requireUser, async (c) =>
    c.json(await conversationMember(c.var.deps.db, c.var.user!.id, c.req.param('userId')), 200),
  )
  .post('/block/:userId', requireUser, async (c) => {
    const { db, now } = c.var.deps;
    return c.json(await setBlock(db, c.var.user!.id, c.req.param('userId'), true, now()), 200);
  })
  .delete('/block/:userId', requireUser, async (c) => {
    const { db, now } = c.var.deps;
    return c.json(await setBlock(db, c.var.user!.id, c.req.param('userId'), false, now()), 200);
  });

/** GET /api/users/all (001 s7): the New Message dialog's recipient picker. */
export const recipientRoutes = new Hono<AppEnv>().get(
  '/all',
  requireUser,
  zValidator('query', recipientQuerySchema, validationHook),
  async (c) => {
    const { db, now } = c.var.deps;
    return c.json(await searchRecipients(db, c.var.user!.id, c.req.valid('query'), now()), 200);
  },
);
