import { eq } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientRequests } from '../../db/schema/client-requests.ts';
import { messages } from '../../db/schema/messages.ts';
import { users } from '../../db/schema/users.ts';
import { waivers } from '../../db/schema/waivers.ts';
import { pngDataUrl } from '../test/png.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { exactlyOnce, requestHash, type ClientRequestKey } from './client-request.ts';

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

const key = (clientId: string | null, endpoint = 'POST /test', hash: string | null = 'hash-of-body-a'): ClientRequestKey => ({
  userId: 'u1',
  clientId,
  endpoint,
  requestHash: clientId === null ? null : hash,
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

describe('the same key with another body (request hash)', () => {
  it('is refused 422 before running anything, and stores nothing', async () => {
    const counter = { runs: 0 };
    await exactlyOnce(t.db, key('hash-key-01', 'POST /test', 'hash-a'), messageEffect(counter));
    const other = exactlyOnce(t.db, key('hash-key-01', 'POST /test', 'hash-b'), messageEffect(counter, 'second'));
    await expect(other).rejects.toMatchObject({
      status: 422,
      message: 'This Idempotency-Key was already used with a different request body',
    });
    expect(counter.runs).toBe(1);
    expect((await t.db.select().from(messages)).map((m) => m.body)).toEqual(['hello']);
    expect((await t.db.select().from(clientRequests)).map((r) => r.requestHash)).toEqual(['hash-a']);
  });

  it('loses a race of two first sends with 422: one effect, one receipt, the winner’s', async () => {
    const counter = { runs: 0 };
    // As in the race above both calls miss the receipt and run the effect; the loser's receipt insert fails, and
    // the winner's receipt holds another hash.
    const results = await Promise.allSettled([
      exactlyOnce(t.db, key('race-key-2', 'POST /test', 'hash-a'), messageEffect(counter, 'first')),
      exactlyOnce(t.db, key('race-key-2', 'POST /test', 'hash-b'), messageEffect(counter, 'second')),
    ]);
    expect(counter.runs).toBe(2);
    expect(results[0]).toEqual({ status: 'fulfilled', value: { status: 201, body: { id: 1, run: 1 }, replayed: false } });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { status: 422 } });
    expect((await t.db.select().from(messages)).map((m) => m.body)).toEqual(['first']);
    expect((await t.db.select().from(clientRequests)).map((r) => r.requestHash)).toEqual(['hash-a']);
  });

  it('answers a receipt stored before hashes existed (null) as before', async () => {
    await t.db.insert(clientRequests).values({
      userId: 'u1',
      clientId: 'legacy-key-1',
      endpoint: 'POST /test',
      requestHash: null,
      status: 201,
      response: JSON.stringify({ id: 7 }),
      createdAt: NOW,
    });
    const counter = { runs: 0 };
    expect(await exactlyOnce(t.db, key('legacy-key-1', 'POST /test', 'hash-b'), messageEffect(counter))).toEqual({
      status: 201,
      body: { id: 7 },
      replayed: true,
    });
    expect(counter.runs).toBe(0);
  });

  it('hashes method, path, key and body bytes: a change in any one is another request', async () => {
    const base = { method: 'POST', path: '/api/messages/send', clientId: 'hash-key-02', body: new TextEncoder().encode('{"a":1}') };
    const hash = await requestHash(base);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await requestHash({ ...base, method: 'post' })).toBe(hash);
    for (const changed of [
      { ...base, method: 'PUT' },
      { ...base, path: '/api/waivers' },
      { ...base, clientId: 'hash-key-03' },
      { ...base, body: new TextEncoder().encode('{"a":2}') },
    ]) {
      expect(await requestHash(changed)).not.toBe(hash);
    }
  });
});

it('without a client id runs the effect every time and writes no receipt', async () => {
  const counter = { runs: 0 };
  await exactlyOnce(t.db, key(null), messageEffect(counter));
  await exactlyOnce(t.db, key(null), messageEffect(counter));
  expect(counter.runs).toBe(2);
  expect(await t.db.select().from(messages)).toHaveLength(2);
  expect(await t.db.select().from(clientRequests)).toEqual([]);
});

// ---------------------------------------------------------------------------------------------------------------
// Through the two outbox-backed endpoints (the middleware `clientRequest`): what the app's outbox sees.


/** Player A's waiver as the outbox queued it on the phone: A's name and signature. */
const waiverOfA = () => ({
  type: 'liability',
  agreed: true,
  signerName: 'Avery Owner-of-the-phone',
  dateOfBirth: '1991-04-02',
  signatureData: pngDataUrl(),
  emergencyContactName: 'Sam Avery',
  emergencyContactPhone: '(404) 555-0142',
  deviceSignedAt: new Date(NOW.getTime() - 60_000).toISOString(),
});

const member = () => t.member();

const OTHER_ACCOUNT = 'This was saved on this device by another account. Sign in as that account to send it.';

async function answer(res: Response): Promise<{ status: number; body: unknown; replayed: string | null }> {
  return { status: res.status, body: await res.json(), replayed: res.headers.get('Idempotent-Replayed') };
}

describe('X-Outbox-User: a request queued by one account is never stored under another', () => {
  it('refuses a waiver queued by A but sent with B’s session with 409, and stores nothing', async () => {
    const a = await member();
    const b = await member();
    // The phone's cookie is B's now; the outbox still sends A's queued waiver, naming A.
    const res = await b.agent.post('/api/waivers', waiverOfA(), {
      headers: { 'Idempotency-Key': crypto.randomUUID(), 'X-Outbox-User': a.id },
    });
    expect(await answer(res)).toEqual({ status: 409, body: { message: OTHER_ACCOUNT }, replayed: null });
    expect(await t.db.select().from(waivers)).toEqual([]);
    expect(await t.db.select().from(clientRequests)).toEqual([]);
    // B's date of birth was not filled in from A's form either.
    const [bRow] = await t.db.select().from(users).where(eq(users.id, b.id));
    expect(bRow!.dateOfBirth).toBeNull();

    // Sent by its own account, the same queued request is stored as A's.
    const own = await a.agent.post('/api/waivers', waiverOfA(), {
      headers: { 'Idempotency-Key': crypto.randomUUID(), 'X-Outbox-User': a.id },
    });
    expect(own.status).toBe(201);
    expect((await t.db.select().from(waivers)).map((w) => [w.userId, w.signerName])).toEqual([
      [a.id, 'Avery Owner-of-the-phone'],
    ]);
  });

  it('refuses a message queued by A but sent with B’s session with 409, and stores nothing', async () => {
    const a = await member();
    const b = await member();
    const res = await b.agent.post(
      '/api/messages/send',
      { recipientId: a.id, content: 'Court 3 in ten minutes', type: 'general' },
      { headers: { 'Idempotency-Key': crypto.randomUUID(), 'X-Outbox-User': a.id } },
    );
    expect(await answer(res)).toEqual({ status: 409, body: { message: OTHER_ACCOUNT }, replayed: null });
    expect(await t.db.select().from(messages)).toEqual([]);
    expect(await t.db.select().from(clientRequests)).toEqual([]);
  });

  it('changes nothing for a request that names its own sender, or names nobody', async () => {
    const a = await member();
    const b = await member();
    const body = { recipientId: b.id, content: 'See you there', type: 'general' };
    const named = await a.agent.post('/api/messages/send', body, {
      headers: { 'Idempotency-Key': 'named-key-01', 'X-Outbox-User': a.id },
    });
    expect(named.status).toBe(201);
    const unnamed = await a.agent.post('/api/messages/send', body);
    expect(unnamed.status).toBe(201);
    expect(await t.db.select().from(messages)).toHaveLength(2);
  });
});

/** The receipt a request would have left, stored straight into the table (as an earlier deploy would have). */
async function storeReceipt(
  userId: string,
  clientId: string,
  endpoint: 'POST /api/messages/send' | 'POST /api/waivers',
  body: unknown,
  answer: { status: number; body: unknown },
  hashed = true,
) {
  const path = endpoint.slice('POST '.length);
  const bytes = new TextEncoder().encode(JSON.stringify(body));
  await t.db.insert(clientRequests).values({
    userId,
    clientId,
    endpoint,
    requestHash: hashed ? await requestHash({ method: 'POST', path, clientId, body: bytes }) : null,
    status: answer.status,
    response: JSON.stringify(answer.body),
    createdAt: NOW,
  });
}

describe('a replay is answered from its receipt before the body is validated', () => {
  // A request stored under an earlier, looser schema: its replay after a deploy that tightened validation must get
  // the original 201, not a 400 for a body that is already on file. A receipt stored for a body the schema refuses
  // today is how the test stands in for "yesterday's schema".
  it('POST /api/messages/send', async () => {
    const a = await member();
    const b = await member();
    const key = crypto.randomUUID();
    const looser = { recipientId: b.id, content: '' };
    const original = { id: 41, senderId: a.id, recipientId: b.id, content: '', type: 'general', read: false };
    await storeReceipt(a.id, key, 'POST /api/messages/send', looser, { status: 201, body: original });
    const replay = await answer(await a.agent.post('/api/messages/send', looser, { headers: { 'Idempotency-Key': key } }));
    expect(replay).toEqual({ status: 201, body: original, replayed: 'true' });
    expect(await t.db.select().from(messages)).toEqual([]);
    // Without a receipt the same body is refused as before.
    const fresh = await a.agent.post('/api/messages/send', looser);
    expect(fresh.status).toBe(400);
  });

  it('POST /api/waivers', async () => {
    const a = await member();
    const key = crypto.randomUUID();
    const { signatureData: _dropped, ...withoutSignature } = waiverOfA();
    const original = { id: 9, signedAt: NOW.toISOString() };
    await storeReceipt(a.id, key, 'POST /api/waivers', withoutSignature, { status: 201, body: original });
    const replay = await answer(await a.agent.post('/api/waivers', withoutSignature, { headers: { 'Idempotency-Key': key } }));
    expect(replay).toEqual({ status: 201, body: original, replayed: 'true' });
    expect(await t.db.select().from(waivers)).toEqual([]);
  });

  it('answers a receipt stored before request hashes existed for any body, as before', async () => {
    const a = await member();
    const b = await member();
    const key = crypto.randomUUID();
    const original = { id: 3, senderId: a.id, recipientId: b.id, content: 'On my way', type: 'general', read: false };
    await storeReceipt(a.id, key, 'POST /api/messages/send', { stored: 'before hashes' }, { status: 201, body: original }, false);
    const replay = await answer(
      await a.agent.post('/api/messages/send', { recipientId: b.id, content: 'Something else' }, { headers: { 'Idempotency-Key': key } }),
    );
    expect(replay).toEqual({ status: 201, body: original, replayed: 'true' });
    expect(await t.db.select().from(messages)).toEqual([]);
  });
});

const KEY_WITH_OTHER_BODY = 'This Idempotency-Key was already used with a different request body';

describe('the same Idempotency-Key with another body is refused 422, never answered with the first result', () => {
  it('POST /api/messages/send: the second message is refused and stored nowhere; the same body is replayed', async () => {
    const a = await member();
    const b = await member();
    const key = crypto.randomUUID();
    const first = { recipientId: b.id, content: 'Court 3 at noon', type: 'general' };
    const sent = await answer(await a.agent.post('/api/messages/send', first, { headers: { 'Idempotency-Key': key } }));
    expect(sent.status).toBe(201);

    const other = await answer(
      await a.agent.post('/api/messages/send', { ...first, content: 'Actually court 5' }, { headers: { 'Idempotency-Key': key } }),
    );
    expect(other).toEqual({ status: 422, body: { message: KEY_WITH_OTHER_BODY }, replayed: null });
    // The conversation holds the first message only, and there is one receipt, with the first body's hash.
    const conversation = await t.db.select().from(messages);
    expect(conversation.map((m) => m.body)).toEqual(['Court 3 at noon']);
    const receipts = await t.db.select().from(clientRequests);
    const bytes = new TextEncoder().encode(JSON.stringify(first));
    expect(receipts.map((r) => r.requestHash)).toEqual([
      await requestHash({ method: 'POST', path: '/api/messages/send', clientId: key, body: bytes }),
    ]);

    const replay = await answer(await a.agent.post('/api/messages/send', first, { headers: { 'Idempotency-Key': key } }));
    expect(replay).toEqual({ ...sent, replayed: 'true' });
    expect(await t.db.select().from(messages)).toHaveLength(1);
  });

  it('POST /api/waivers: another body under the key of a stored waiver is refused 422', async () => {
    const a = await member();
    const key = crypto.randomUUID();
    const first = await answer(await a.agent.post('/api/waivers', waiverOfA(), { headers: { 'Idempotency-Key': key } }));
    expect(first.status).toBe(201);
    const other = await answer(
      await a.agent.post('/api/waivers', { ...waiverOfA(), signerName: 'Someone Else' }, { headers: { 'Idempotency-Key': key } }),
    );
    expect(other).toEqual({ status: 422, body: { message: KEY_WITH_OTHER_BODY }, replayed: null });
    expect((await t.db.select().from(waivers)).map((w) => w.signerName)).toEqual(['Avery Owner-of-the-phone']);
    expect(await t.db.select().from(clientRequests)).toHaveLength(1);
  });

  it('still refuses the key on another endpoint with 409', async () => {
    const a = await member();
    const b = await member();
    const key = crypto.randomUUID();
    const sent = await a.agent.post('/api/messages/send', { recipientId: b.id, content: 'Hi' }, { headers: { 'Idempotency-Key': key } });
    expect(sent.status).toBe(201);
    const res = await a.agent.post('/api/waivers', waiverOfA(), { headers: { 'Idempotency-Key': key } });
    expect(await answer(res)).toEqual({
      status: 409,
      body: { message: 'This Idempotency-Key was already used for another request' },
      replayed: null,
    });
    expect(await t.db.select().from(waivers)).toEqual([]);
  });

  it('two first sends with one key and different bodies at once: one 201, one 422, one message', async () => {
    const a = await member();
    const b = await member();
    const key = crypto.randomUUID();
    const send = (content: string) =>
      a.agent.post('/api/messages/send', { recipientId: b.id, content }, { headers: { 'Idempotency-Key': key } });
    const [x, y] = await Promise.all([send('Left court'), send('Right court')]);
    const answers = [await answer(x), await answer(y)].sort((p, q) => p.status - q.status);
    expect(answers.map((r) => r.status)).toEqual([201, 422]);
    expect(answers[1]!.body).toEqual({ message: KEY_WITH_OTHER_BODY });
    const stored = await t.db.select().from(messages);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body).toBe((answers[0]!.body as { content: string }).content);
    expect(await t.db.select().from(clientRequests)).toHaveLength(1);
  });
});
