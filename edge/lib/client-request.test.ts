import { eq } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { clientRequests } from '../../db/schema/client-requests.ts';
import { messages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { exactlyOnce, type ClientRequestKey } from './client-request.ts';

const NOW = new Date('2026-11-21T12:00:00Z');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  await t.db.insert(users).values([
    { id: 'u1', email: 'u1@example.test', firstName: 'U', lastName: 'One' },
    { id: 'u2', email: 'u2@example.test', firstName: 'U', lastName: 'Two' },
  ]);
});
afterEach(() => t.cleanup());

const key = (clientId: string | null, endpoint = 'POST /test'): ClientRequestKey => ({
  userId: 'u1',
  clientId,
  endpoint,
  now: NOW,
});

/** An effect that writes a message and counts how often it ran. */
function messageEffect(counter: { runs: number }, body = 'hello') {
  return async (tx: Parameters<Parameters<TestApp['db']['transaction']>[0]>[0]) => {
    counter.runs += 1;
    const [row] = await tx
      .insert(messages)
      .values({ senderId: 'u1', recipientId: 'u2', body, createdAt: NOW })
      .returning({ id: messages.id });
    return { status: 201 as const, body: { id: row!.id, run: counter.runs } };
  };
}

it('a race lost on the primary key rolls the effect back and answers the winner’s receipt', async () => {
  const counter = { runs: 0 };
  // Both calls read "no receipt" before either transaction starts (the embedded client queues them in order), so
  // both run the effect; the second one's receipt insert fails on (user_id, client_id).
  const [first, second] = await Promise.all([
    exactlyOnce(t.db, key('race-key-1'), messageEffect(counter)),
    exactlyOnce(t.db, key('race-key-1'), messageEffect(counter)),
  ]);
  expect(counter.runs).toBe(2);
  expect(first).toEqual({ status: 201, body: { id: 1, run: 1 }, replayed: false });
  expect(second).toEqual({ status: 201, body: { id: 1, run: 1 }, replayed: true });
  // The loser's message was rolled back with its transaction.
  expect(await t.db.select().from(messages)).toHaveLength(1);
  expect(await t.db.select().from(clientRequests)).toHaveLength(1);
});

it('a replay does not run the effect', async () => {
  const counter = { runs: 0 };
  await exactlyOnce(t.db, key('replay-key'), messageEffect(counter));
  const again = await exactlyOnce(t.db, key('replay-key'), messageEffect(counter, 'changed'));
  expect(counter.runs).toBe(1);
  expect(again).toEqual({ status: 201, body: { id: 1, run: 1 }, replayed: true });
  expect((await t.db.select().from(messages)).map((m) => m.body)).toEqual(['hello']);
});

it('records nothing for a thrown refusal or a non-2xx answer, and commits no refused effect', async () => {
  const refused = exactlyOnce(t.db, key('refused-key'), async (tx) => {
    await tx.insert(messages).values({ senderId: 'u1', recipientId: 'u2', body: 'partial', createdAt: NOW });
    throw new HTTPException(400, { message: 'No' });
  });
  await expect(refused).rejects.toThrow('No');
  expect(await t.db.select().from(messages)).toEqual([]);

  const answered = await exactlyOnce(t.db, key('refused-key'), async () => ({ status: 422 as const, body: { no: 1 } }));
  expect(answered.replayed).toBe(false);
  expect(await t.db.select().from(clientRequests)).toEqual([]);

  const counter = { runs: 0 };
  expect((await exactlyOnce(t.db, key('refused-key'), messageEffect(counter))).replayed).toBe(false);
  expect(await t.db.select().from(clientRequests).where(eq(clientRequests.clientId, 'refused-key'))).toHaveLength(1);
});

it('refuses a key used on another endpoint with 409, before running anything', async () => {
  const counter = { runs: 0 };
  await exactlyOnce(t.db, key('two-endpoints', 'POST /a'), messageEffect(counter));
  const other = exactlyOnce(t.db, key('two-endpoints', 'POST /b'), messageEffect(counter));
  await expect(other).rejects.toMatchObject({
    status: 409,
    message: 'This Idempotency-Key was already used for another request',
  });
  expect(counter.runs).toBe(1);
});

it('without a client id runs the effect every time and writes no receipt', async () => {
  const counter = { runs: 0 };
  await exactlyOnce(t.db, key(null), messageEffect(counter));
  await exactlyOnce(t.db, key(null), messageEffect(counter));
  expect(counter.runs).toBe(2);
  expect(await t.db.select().from(messages)).toHaveLength(2);
  expect(await t.db.select().from(clientRequests)).toEqual([]);
});
