import { afterEach, beforeEach, expect, it } from 'vitest';
import { messages } from '../../../db/schema/messages.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.cleanup());

it('GET /api/messages/unread-count counts only the caller’s unread messages', async () => {
  expect((await t.agent().get('/api/messages/unread-count')).status).toBe(401);
  const alice = t.agent();
  const bob = t.agent();
  const aliceId = ((await (await alice.register()).json()) as { id: string }).id;
  const bobId = ((await (await bob.register()).json()) as { id: string }).id;
  const at = t.now();
  await t.db.insert(messages).values([
    { senderId: bobId, recipientId: aliceId, body: 'Ready for Saturday?', createdAt: at },
    { senderId: bobId, recipientId: aliceId, body: 'Bring the waiver', createdAt: at },
    { senderId: bobId, recipientId: aliceId, body: 'old news', createdAt: at, readAt: at },
    { senderId: aliceId, recipientId: bobId, body: 'yes', createdAt: at },
  ]);
  expect(await (await alice.get('/api/messages/unread-count')).json()).toEqual({ count: 2 });
  expect(await (await bob.get('/api/messages/unread-count')).json()).toEqual({ count: 1 });
});
