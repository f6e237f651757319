import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientRequests } from '../../../db/schema/client-requests.ts';
import { messages } from '../../../db/schema/messages.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import type { Message } from './schema.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

const member = () => t.member();

const send = (from: TestAgent, body: Record<string, unknown>, key?: string) =>
  from.post('/api/messages/send', body, key === undefined ? undefined : { headers: { 'Idempotency-Key': key } });

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const allMessages = () => t.db.select().from(messages);
const receiptsOf = (userId: string) => t.db.select().from(clientRequests).where(eq(clientRequests.userId, userId));

describe('POST /api/messages/send', () => {
  it('is 401 when signed out', async () => {
    const res = await t.agent().post('/api/messages/send', { recipientId: 'x', content: 'hi', type: 'general' });
    expect(await json(res, 401)).toEqual({ message: 'Unauthorized' });
  });

  it('stores the trimmed message and answers 201 with the 001 s3 shape', async () => {
    const alice = await member();
    const bob = await member();
    const sent = await json<Message>(
      await send(alice.agent, { recipientId: bob.id, content: '  See you at court 3  ', type: 'general' }),
      201,
    );
    expect(sent).toEqual({
      id: expect.any(Number),
      senderId: alice.id,
      recipientId: bob.id,
      content: 'See you at court 3',
      type: 'general',
      createdAt: NOW.toISOString(),
      read: false,
    });
    expect(await allMessages()).toEqual([
      {
        id: sent.id,
        senderId: alice.id,
        recipientId: bob.id,
        body: 'See you at court 3',
        readAt: null,
        createdAt: NOW,
      },
    ]);
    // Bob sees it as unread; no receipt is written without an Idempotency-Key.
    expect(await json(await bob.agent.get('/api/messages/unread-count'), 200)).toEqual({ count: 1 });
    expect(await receiptsOf(alice.id)).toEqual([]);
  });

  it('defaults type to general and accepts exactly 500 characters', async () => {
    const alice = await member();
    const bob = await member();
    const long = 'x'.repeat(500);
    expect((await json<Message>(await send(alice.agent, { recipientId: bob.id, content: long }), 201)).content).toBe(
      long,
    );
  });

  it('refuses every invalid message with its 001 s5 text and stores nothing', async () => {
    const alice = await member();
    const bob = await member();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ content: '' }, 400, 'Message cannot be empty'],
      [{ content: ' \n\t ' }, 400, 'Message cannot be empty'],
      [{ content: undefined }, 400, 'Message cannot be empty'],
      [{ content: 'y'.repeat(501) }, 400, 'Messages must be 500 characters or less'],
      [{ content: `  ${'y'.repeat(500)}  ` }, 201, ''],
      [{ recipientId: undefined }, 400, 'Please select someone to send the message to'],
      [{ recipientId: '  ' }, 400, 'Please select someone to send the message to'],
      [{ recipientId: 'no-such-user' }, 404, 'Recipient not found'],
      [{ type: 'broadcast' }, 400, "Message type must be 'general'"],
    ];
    for (const [fields, status, message] of cases) {
      const res = await send(alice.agent, { recipientId: bob.id, content: 'hello', type: 'general', ...fields });
      if (status === 201) expect(res.status).toBe(201);
      else expect(await json<{ message: string }>(res, status), JSON.stringify(fields)).toMatchObject({ message });
    }
    // Only the 500 characters that were padded with spaces went through (trimmed first).
    expect((await allMessages()).map((m) => m.body)).toEqual(['y'.repeat(500)]);
  });

  it('refuses a message to yourself', async () => {
    const alice = await member();
    const res = await send(alice.agent, { recipientId: alice.id, content: 'note to self', type: 'general' });
    expect(await json(res, 400)).toEqual({ message: 'You cannot send a message to yourself' });
    expect(await allMessages()).toEqual([]);
  });
});

describe('POST /api/messages/send with Idempotency-Key (the offline outbox)', () => {
  it('the 50-request proof: 50 client ids each sent twice (25 of them at once) store exactly 50 messages', async () => {
    const alice = await member();
    const bob = await member();
    const keys = Array.from({ length: 50 }, (_, i) => `outbox-${String(i).padStart(2, '0')}-${crypto.randomUUID()}`);
    const body = (i: number) => ({ recipientId: bob.id, content: `Queued message ${i}`, type: 'general' });

    // Two batches of 25, a minute apart: D27 allows 30 messages a minute.
    const pairs: [Response, Response][] = [];
    for (const batch of [0, 25]) {
      if (batch > 0) t.advance(61_000);
      const batchPairs = await Promise.all(
        keys.slice(batch, batch + 25).map(async (key, j): Promise<[Response, Response]> => {
          const i = batch + j;
          if (i % 2 === 0) return Promise.all([send(alice.agent, body(i), key), send(alice.agent, body(i), key)]);
          const first = await send(alice.agent, body(i), key);
          return [first, await send(alice.agent, body(i), key)];
        }),
      );
      pairs.push(...batchPairs);
    }

    for (const [i, pair] of pairs.entries()) {
      const answers = await Promise.all(pair.map((res) => json<Message>(res, 201)));
      // One of the two ran the request; the other is its replay, with the same body.
      const replayed = pair.map((res) => res.headers.get('Idempotent-Replayed'));
      expect(replayed.sort()).toEqual([null, 'true']);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[0]!.content).toBe(`Queued message ${i}`);
      // A sequential replay is the second request.
      if (i % 2 === 1) expect(pair[1].headers.get('Idempotent-Replayed')).toBe('true');
    }
    const rows = await allMessages();
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.body)).size).toBe(50);
    const receipts = await receiptsOf(alice.id);
    expect(receipts).toHaveLength(50);
    expect(receipts.map((r) => r.clientId).sort()).toEqual([...keys].sort());
    expect(new Set(receipts.map((r) => r.endpoint))).toEqual(new Set(['POST /api/messages/send']));
  });

  it('stores one message when the same id arrives 10 times at once', async () => {
    const alice = await member();
    const bob = await member();
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(alice.agent, { recipientId: bob.id, content: 'Once', type: 'general' }, key),
      ),
    );
    const answers = await Promise.all(responses.map((res) => json<Message>(res, 201)));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(responses.filter((res) => res.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(9);
    expect(await allMessages()).toHaveLength(1);
    expect(await receiptsOf(alice.id)).toHaveLength(1);
  });

  it('keeps client ids per user: the same id from two users is two messages', async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    const key = 'shared-key-123';
    const a = await json<Message>(await send(alice.agent, { recipientId: carol.id, content: 'From Alice' }, key), 201);
    const b = await json<Message>(await send(bob.agent, { recipientId: carol.id, content: 'From Bob' }, key), 201);
    expect(a.id).not.toBe(b.id);
    expect((await allMessages()).map((m) => m.body).sort()).toEqual(['From Alice', 'From Bob']);
  });

  it('refuses with 409 a key already used on the other endpoint, and runs nothing', async () => {
    const alice = await member();
    const bob = await member();
    const key = 'waiver-key-0001';
    await t.db.insert(clientRequests).values({
      userId: alice.id,
      clientId: key,
      endpoint: 'POST /api/waivers',
      status: 201,
      response: JSON.stringify({ id: 1 }),
      createdAt: NOW,
    });
    const res = await send(alice.agent, { recipientId: bob.id, content: 'hello' }, key);
    expect(await json(res, 409)).toEqual({ message: 'This Idempotency-Key was already used for another request' });
    expect(await allMessages()).toEqual([]);
  });

  it('does not record a refusal: the corrected request with the same key is sent', async () => {
    const alice = await member();
    const bob = await member();
    const key = 'fix-and-resend';
    const tooLong = await send(alice.agent, { recipientId: bob.id, content: 'z'.repeat(501) }, key);
    expect(await json(tooLong, 400)).toMatchObject({ message: 'Messages must be 500 characters or less' });
    const unknown = await send(alice.agent, { recipientId: 'nobody', content: 'hi' }, key);
    expect(await json(unknown, 404)).toEqual({ message: 'Recipient not found' });
    expect(await receiptsOf(alice.id)).toEqual([]);

    const fixed = await send(alice.agent, { recipientId: bob.id, content: 'Fixed' }, key);
    const sent = await json<Message>(fixed, 201);
    expect(fixed.headers.get('Idempotent-Replayed')).toBeNull();
    expect(sent.content).toBe('Fixed');
    expect(await allMessages()).toHaveLength(1);
    expect(await receiptsOf(alice.id)).toMatchObject([{ clientId: key, status: 201, response: JSON.stringify(sent) }]);
  });

  it('refuses a malformed key with 400 and stores nothing', async () => {
    const alice = await member();
    const bob = await member();
    for (const key of ['abc1234', 'k'.repeat(65), 'has a space', 'abc.defgh', 'ünïcode-key', '', '"unclosed-key']) {
      const res = await send(alice.agent, { recipientId: bob.id, content: 'hello' }, key);
      expect(await json(res, 400), key).toEqual({ message: 'Idempotency-Key must be 8 to 64 letters, digits, - or _' });
    }
    expect(await allMessages()).toEqual([]);
    expect(await receiptsOf(alice.id)).toEqual([]);
  });

  it('accepts keys of 8 and 64 characters of letters, digits, - and _, bare or quoted', async () => {
    const alice = await member();
    const bob = await member();
    for (const key of ['aB3-_xyz', 'K'.repeat(32) + '-_'.repeat(16)]) {
      expect((await send(alice.agent, { recipientId: bob.id, content: key }, key)).status).toBe(201);
    }
    // The IETF draft's quoted form names the same key.
    const quoted = await send(alice.agent, { recipientId: bob.id, content: 'aB3-_xyz' }, '"aB3-_xyz"');
    expect(quoted.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await receiptsOf(alice.id)).toHaveLength(2);
    expect(await allMessages()).toHaveLength(2);
  });

  it('prunes receipts older than 30 days when it writes one, keeps a 7-day-old one', async () => {
    const alice = await member();
    const bob = await member();
    const message = (content: string) => ({ recipientId: bob.id, content });
    const old = await json<Message>(await send(alice.agent, message('day 0'), 'key-day-00'), 201);
    t.advance(23 * DAY);
    const week = await json<Message>(await send(alice.agent, message('day 23'), 'key-day-23'), 201);
    // Another user's receipts are theirs to prune.
    await json<Message>(await send(bob.agent, { recipientId: alice.id, content: 'bob' }, 'key-bob-00'), 201);
    t.advance(7 * DAY + 60_000);

    // Now: 'key-day-00' is 30 days and a minute old, 'key-day-23' 7 days and a minute.
    await json<Message>(await send(alice.agent, message('day 30'), 'key-day-30'), 201);
    expect((await receiptsOf(alice.id)).map((r) => r.clientId).sort()).toEqual(['key-day-23', 'key-day-30']);
    expect((await receiptsOf(bob.id)).map((r) => r.clientId)).toEqual(['key-bob-00']);

    // The 7-day-old receipt still answers a replay; the pruned one is forgotten.
    const replay = await send(alice.agent, message('day 23'), 'key-day-23');
    expect(await json<Message>(replay, 201)).toEqual(week);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    const forgotten = await json<Message>(await send(alice.agent, message('day 0'), 'key-day-00'), 201);
    expect(forgotten.id).not.toBe(old.id);
    expect(await allMessages()).toHaveLength(5);
  });
});
