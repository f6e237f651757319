import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry, OutboxEvent } from './outbox.ts';

// The outbox's sending loop and the service worker's sync handler, run for real against a stand-in for IndexedDB
// (a Map behind idb's few calls the outbox makes) and a scripted server (fetch). What is asserted is what the
// server and the user would see: which requests went out, with which headers, and what the queued entry became.

const stored = vi.hoisted(() => new Map<string, unknown>());

vi.mock('idb', () => ({
  openDB: async () => ({
    put: async (_store: string, value: { id: string }) => void stored.set(value.id, structuredClone(value)),
    get: async (_store: string, id: string) => structuredClone(stored.get(id)),
    delete: async (_store: string, id: string) => void stored.delete(id),
    getAllFromIndex: async (_store: string, _index: string, userId: string) =>
      [...stored.values()].filter((e) => (e as { userId: string }).userId === userId).map((e) => structuredClone(e)),
    count: async () => stored.size,
    close: () => undefined,
  }),
}));

// Storage and sending are two modules (ADR 016's split); the tests drive them as one outbox.
type Outbox = typeof import('./outbox-store.ts') & typeof import('./outbox-send.ts');
type Sync = typeof import('./outbox-sync.ts');

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
}

/** The scripted server: the user check's answer and the queued request's answer, plus a log of what was sent. */
function server(check: () => Response, post: () => Response) {
  const sent: Sent[] = [];
  const fetchStub = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    sent.push({ url, method: init.method ?? 'GET', headers });
    return url === '/api/auth/user' ? check() : post();
  });
  vi.stubGlobal('fetch', fetchStub);
  return { posts: () => sent.filter((s) => s.method === 'POST'), checks: () => sent.filter((s) => s.method === 'GET') };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const signedInAs = (id: string) => () => json(200, { id, email: `${id}@example.test` });

let outbox: Outbox;
let sync: Sync;
let events: OutboxEvent[];

beforeEach(async () => {
  stored.clear();
  // No BroadcastChannel: this process has no other tab to tell, and an open channel would keep it alive.
  vi.stubGlobal('BroadcastChannel', undefined);
  vi.resetModules();
  outbox = { ...(await import('./outbox-store.ts')), ...(await import('./outbox-send.ts')) };
  sync = await import('./outbox-sync.ts');
  events = [];
  outbox.subscribe((event) => events.push(event));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const queueMessage = (userId: string) =>
  outbox.enqueue({
    kind: 'message',
    method: 'POST',
    url: '/api/messages/send',
    body: { recipientId: 'r1', content: 'Court 3?', type: 'general' },
    userId,
  });

const entryOf = (id: string) => stored.get(id) as OutboxEntry | undefined;

describe('a 401 while replaying', () => {
  it('backs off, keeps the entry for its user with "Sign in again to send this.", and tells the app', async () => {
    const net = server(signedInAs('u1'), () => json(401, { message: 'Unauthorized' }));
    const queued = await queueMessage('u1');
    const before = Date.now();

    const result = await outbox.flushOutbox({ force: true });

    expect(net.posts()).toHaveLength(1);
    const entry = entryOf(queued.id)!;
    expect(entry).toMatchObject({ state: 'waiting', attempts: 1, lastError: 'Sign in again to send this.' });
    // Not due again for ~2 s (1.6 s at the earliest with jitter): no tight loop of 401s.
    expect(entry.nextAttemptAt).toBeGreaterThanOrEqual(before + 1_600);
    expect(result.nextAttemptAt).toBe(entry.nextAttemptAt);
    expect(events).toContainEqual({ type: 'signed-out', since: expect.any(Number) });

    // A flush that is not forced (the retry timer firing early, another trigger) sends nothing before it is due.
    await outbox.flushOutbox();
    expect(net.posts()).toHaveLength(1);
  });
});

describe('the account that queued a request', () => {
  it('is named in X-Outbox-User on every send, beside the Idempotency-Key', async () => {
    const net = server(signedInAs('u1'), () => json(201, { id: 1 }));
    const queued = await queueMessage('u1');
    await outbox.flushOutbox({ force: true });
    expect(net.posts()[0]!.headers).toMatchObject({ 'idempotency-key': queued.id, 'x-outbox-user': 'u1' });
    expect(entryOf(queued.id)).toBeUndefined();
  });

  it('treats the server’s 409 for another account’s session as a refusal: shown, never retried by itself', async () => {
    const message = 'This was saved on this device by another account. Sign in as that account to send it.';
    const net = server(signedInAs('u1'), () => json(409, { message }));
    const queued = await queueMessage('u1');
    await outbox.flushOutbox({ force: true });
    expect(entryOf(queued.id)).toMatchObject({ state: 'failed', lastError: message });
    expect(events).toContainEqual(expect.objectContaining({ type: 'refused', id: queued.id, status: 409, message }));
    await outbox.flushOutbox({ force: true });
    expect(net.posts()).toHaveLength(1);
  });
});

describe('a key the server already holds for another body (422)', () => {
  it('is a refusal shown with the server’s message, never retried by itself, and the sync handler lets go', async () => {
    const message = 'This Idempotency-Key was already used with a different request body';
    const net = server(signedInAs('u1'), () => json(422, { message }));
    const queued = await queueMessage('u1');
    const result = await outbox.flushOutbox({ force: true });
    expect(entryOf(queued.id)).toMatchObject({ state: 'failed', attempts: 1, lastError: message });
    expect(events).toContainEqual(expect.objectContaining({ type: 'refused', id: queued.id, status: 422, message }));
    expect(result.nextAttemptAt).toBeNull();
    // Neither a forced flush nor the browser's Background Sync sends it again.
    await outbox.flushOutbox({ force: true });
    await expect(sync.flushFromServiceWorker()).resolves.toBeUndefined();
    expect(net.posts()).toHaveLength(1);
  });
});

describe('the user check', () => {
  it('is not made when nothing waits on this device: a launch asks the server nothing', async () => {
    const net = server(signedInAs('u1'), () => json(201, { id: 1 }));
    const result = await outbox.flushOutbox({ force: true });
    expect(net.checks()).toEqual([]);
    expect(result).toMatchObject({ delivered: [], refused: [], nextAttemptAt: null });
    await queueMessage('u1');
    await outbox.flushOutbox({ force: true });
    expect(net.checks()).toHaveLength(1);
  });

  it('on a 5xx means "try later": nothing is sent, a retry is scheduled, and the sync handler rejects', async () => {
    const net = server(() => json(503, { message: 'Service Unavailable' }), () => json(201, { id: 1 }));
    const queued = await queueMessage('u1');
    const result = await outbox.flushOutbox({ force: true });
    expect(result.userId).toBeNull();
    expect(result.nextAttemptAt).not.toBeNull();
    expect(net.posts()).toEqual([]);
    expect(entryOf(queued.id)).toMatchObject({ state: 'waiting', attempts: 0 });
    // The browser keeps the Background Sync and tries again later.
    await expect(sync.flushFromServiceWorker()).rejects.toThrow();
  });

  it('on no answer at all also makes the sync handler reject', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await queueMessage('u1');
    await expect(sync.flushFromServiceWorker()).rejects.toThrow();
  });

  it('on 401 means nobody is signed in: nothing is sent, the app hears it, and the sync is done', async () => {
    const net = server(() => json(401, { message: 'Unauthorized' }), () => json(201, { id: 1 }));
    const queued = await queueMessage('u1');
    const result = await outbox.flushOutbox({ force: true });
    expect(result).toMatchObject({ userId: null, nextAttemptAt: null });
    expect(net.posts()).toEqual([]);
    expect(entryOf(queued.id)).toMatchObject({ state: 'waiting' });
    expect(events).toContainEqual({ type: 'signed-out', since: expect.any(Number) });
    await expect(sync.flushFromServiceWorker()).resolves.toBeUndefined();
  });

  it('sends only the signed-in user’s entries; another account’s wait untouched', async () => {
    const net = server(signedInAs('u2'), () => json(201, { id: 1 }));
    const ofU1 = await queueMessage('u1');
    await outbox.flushOutbox({ force: true });
    expect(net.posts()).toEqual([]);
    expect(entryOf(ofU1.id)).toMatchObject({ state: 'waiting', attempts: 0 });
  });
});

describe('the service worker’s sync handler', () => {
  it('rejects while the signed-in user still has entries waiting, resolves once all are sent', async () => {
    let up = false;
    server(signedInAs('u1'), () => (up ? json(201, { id: 1 }) : json(502, {})));
    await queueMessage('u1');
    await expect(sync.flushFromServiceWorker()).rejects.toThrow('still waiting');
    up = true;
    await expect(sync.flushFromServiceWorker()).resolves.toBeUndefined();
    expect(stored.size).toBe(0);
  });
});
