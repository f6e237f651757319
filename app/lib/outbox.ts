import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The durable outbox (issue 5, D16, ADR 016): state-changing requests made at a venue with no signal wait in
 * IndexedDB and are sent when the connection returns, each with a client-generated id the server uses to drop
 * duplicates (`Idempotency-Key`). It runs in a page AND in the service worker (Background Sync), so it imports
 * nothing from the DOM or React: only fetch, IndexedDB, BroadcastChannel and Web Locks, all present in both.
 */

export type OutboxKind = 'waiver' | 'message';
export type OutboxState = 'waiting' | 'sending' | 'failed';

/** One queued request as IndexedDB stores it. The shape is a contract between app versions: a request queued by
 * one version is replayed by the next, so fields are only ever added (DB version 1). */
export interface OutboxEntry {
  /** The client id: `crypto.randomUUID()`, sent as `Idempotency-Key`. */
  id: string;
  kind: OutboxKind;
  method: string;
  url: string;
  body: unknown;
  /** Only this user's session may send it (a shared phone must not send one player's waiver as another). */
  userId: string;
  /** Epoch ms when queued. */
  createdAt: number;
  /** Creation order inside one millisecond too (createdAt * 1000 + a counter). */
  seq: number;
  attempts: number;
  /** Epoch ms before which a retry is not due (0: at once). */
  nextAttemptAt: number;
  state: OutboxState;
  /** The server's `message` for a refusal, or why the last attempt did not get through. */
  lastError: string | null;
  /** Query-key heads (URLs) to refresh in the app once the server confirms it. */
  invalidates?: string[];
}

export interface EnqueueInput {
  kind: OutboxKind;
  method: string;
  url: string;
  body: unknown;
  userId: string;
  invalidates?: string[];
}

/** What the outbox tells its listeners, in this context and (through BroadcastChannel) in every other one. */
export type OutboxEvent =
  | { type: 'changed' }
  | {
      type: 'delivered';
      id: string;
      kind: OutboxKind;
      userId: string;
      status: number;
      replayed: boolean;
      response: unknown;
      invalidates: string[];
    }
  | {
      type: 'refused';
      id: string;
      kind: OutboxKind;
      userId: string;
      status: number;
      message: string;
    };

export const OUTBOX_CHANNEL = 'wta-outbox';
export const OUTBOX_LOCK = 'wta-outbox';
export const OUTBOX_SYNC_TAG = 'wta-outbox';
const DB_NAME = 'wta-outbox';
const STORE = 'entries';

// ---------------------------------------------------------------------------------------------------------------
// Pure parts (unit-tested in outbox.test.ts)

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * The wait before retry number `attempts` (1 after the first failure): 2 s, 4 s, 8 s, ... capped at 5 minutes,
 * with +/-20% jitter so a venue full of phones coming back online does not retry in lockstep.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const base = Math.min(BACKOFF_BASE_MS * 2 ** exponent, BACKOFF_CAP_MS);
  const jittered = base * (0.8 + 0.4 * random());
  return Math.round(Math.min(jittered, BACKOFF_CAP_MS));
}

export type ResponseClass = 'delivered' | 'refused' | 'retry' | 'signed-out';

/**
 * What an answer means for a queued request: 2xx delivered (a replay answers the original 2xx); 401 the session
 * ended (keep it, send it after the next sign-in); another 4xx refused for good, except 408 and 429 which are
 * "try later"; 5xx and anything else retried with backoff.
 */
export function classifyResponse(status: number): ResponseClass {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 401) return 'signed-out';
  if (status === 408 || status === 429) return 'retry';
  if (status >= 400 && status < 500) return 'refused';
  return 'retry';
}

/** The server's `{ message }` from a refusal's body, else a plain fallback with the status. */
export function refusalMessage(status: number, bodyText: string): string {
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      if (parsed.message.trim()) return parsed.message;
    }
  } catch {
    // Not JSON: fall through.
  }
  return `The server refused this request (${status}).`;
}

/** One user's entries in creation order. */
export function inCreationOrder(entries: readonly OutboxEntry[], userId?: string): OutboxEntry[] {
  return entries
    .filter((e) => userId === undefined || e.userId === userId)
    .sort((a, b) => a.seq - b.seq || a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
}

export interface FlushPlan {
  /** The entries to send now, in creation order. */
  send: OutboxEntry[];
  /** When the next retry falls due (epoch ms), or null when nothing waits. */
  nextAttemptAt: number | null;
}

/**
 * Which of the signed-in user's entries go now. Order matters (a conversation is read in order), so a waiting entry
 * that is not yet due holds back the ones queued after it; refused entries never block and are never picked.
 * `force` (the connection just came back, the user pressed Submit or Retry) ignores the backoff. An entry still
 * marked 'sending' was cut off mid-flight (the tab closed): it is sent again, which the client id makes safe.
 */
export function planFlush(entries: readonly OutboxEntry[], userId: string, now: number, force = false): FlushPlan {
  const pending = inCreationOrder(entries, userId).filter((e) => e.state !== 'failed');
  const send: OutboxEntry[] = [];
  for (const entry of pending) {
    if (!force && entry.nextAttemptAt > now) return { send, nextAttemptAt: entry.nextAttemptAt };
    send.push(entry);
  }
  return { send, nextAttemptAt: null };
}

/** The next time to try after this context's flush: the first waiting entry's due time (the head of the line). */
export function nextDueAt(entries: readonly OutboxEntry[], userId: string): number | null {
  const head = inCreationOrder(entries, userId).find((e) => e.state !== 'failed');
  return head ? head.nextAttemptAt : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Storage

interface OutboxDb extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { byUser: string } };
}

let dbPromise: Promise<IDBPDatabase<OutboxDb>> | null = null;

function database(): Promise<IDBPDatabase<OutboxDb>> {
  dbPromise ??= openDB<OutboxDb>(DB_NAME, 1, {
    upgrade(db) {
      const store = db.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('byUser', 'userId');
    },
    // Another tab holds an older version open: let it go so the next call reopens.
    blocking() {
      void dbPromise?.then((db) => db.close());
      dbPromise = null;
    },
  });
  return dbPromise;
}

let seqCounter = 0;

/** Queues a request and returns its stored entry. The caller usually flushes right after (one path, online too). */
export async function enqueue(input: EnqueueInput): Promise<OutboxEntry> {
  const now = Date.now();
  seqCounter = (seqCounter + 1) % 1000;
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    kind: input.kind,
    method: input.method,
    url: input.url,
    body: input.body,
    userId: input.userId,
    createdAt: now,
    seq: now * 1000 + seqCounter,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'waiting',
    lastError: null,
    ...(input.invalidates ? { invalidates: input.invalidates } : {}),
  };
  await (await database()).put(STORE, entry);
  emit({ type: 'changed' });
  void requestBackgroundSync();
  return entry;
}

/** The user's queued entries in creation order (what 'Waiting to send' lists). */
export async function listOutbox(userId: string): Promise<OutboxEntry[]> {
  const db = await database();
  return inCreationOrder(await db.getAllFromIndex(STORE, 'byUser', userId));
}

/** Reads one entry (undefined once delivered or discarded). */
export async function getOutboxEntry(id: string): Promise<OutboxEntry | undefined> {
  return (await database()).get(STORE, id);
}

/** Sends a refused or waiting entry again now (the user pressed Retry). */
export async function retry(id: string): Promise<void> {
  const db = await database();
  const entry = await db.get(STORE, id);
  if (!entry) return;
  await db.put(STORE, {
    ...entry,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
  });
  emit({ type: 'changed' });
  await flushOutbox({ force: true });
}

/** Drops an entry for good (the user pressed Discard). */
export async function discard(id: string): Promise<void> {
  await (await database()).delete(STORE, id);
  emit({ type: 'changed' });
}

// ---------------------------------------------------------------------------------------------------------------
// Change notifications across tabs and the service worker

type Listener = (event: OutboxEvent) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function broadcastChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
    if (channel) {
      channel.onmessage = (message: MessageEvent<OutboxEvent>) => {
        for (const listener of listeners) listener(message.data);
      };
    }
  }
  return channel;
}

function emit(event: OutboxEvent): void {
  for (const listener of listeners) listener(event);
  // A channel never hears its own messages: the local listeners were told above.
  broadcastChannel()?.postMessage(event);
}

/** Calls `listener` on every change to the outbox, from this context or another tab or the service worker. */
export function subscribe(listener: Listener): () => void {
  broadcastChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

export interface FlushResult {
  /** The signed-in user, or null when nobody is (or the check could not reach the server). */
  userId: string | null;
  delivered: string[];
  refused: string[];
  /** When the next retry is due for this user, or null when nothing waits. */
  nextAttemptAt: number | null;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function webLocks(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks;
}

let userCheckFailures = 0;

/** Who is signed in, asked of the server (never a cached copy); undefined when the server cannot be reached. */
async function signedInUserId(): Promise<string | null | undefined> {
  try {
    const res = await fetch('/api/auth/user', {
      credentials: 'include',
      cache: 'no-store',
    });
    userCheckFailures = 0;
    if (!res.ok) return null;
    const user = (await res.json()) as { id?: unknown } | null;
    return typeof user?.id === 'string' ? user.id : null;
  } catch {
    userCheckFailures += 1;
    return undefined;
  }
}

async function flushOnce(force: boolean): Promise<FlushResult> {
  const result: FlushResult = {
    userId: null,
    delivered: [],
    refused: [],
    nextAttemptAt: null,
  };
  const userId = await signedInUserId();
  if (userId === undefined) {
    // No connection: check again later (the online event or Background Sync usually comes first).
    result.nextAttemptAt = Date.now() + backoffDelay(userCheckFailures);
    return result;
  }
  if (userId === null) return result;
  result.userId = userId;

  const db = await database();
  const plan = planFlush(await db.getAllFromIndex(STORE, 'byUser', userId), userId, Date.now(), force);
  for (const queued of plan.send) {
    // Re-read: another context may have discarded or delivered it while this one waited for the lock.
    const entry = await db.get(STORE, queued.id);
    if (!entry || entry.state === 'failed') continue;
    await db.put(STORE, { ...entry, state: 'sending' });
    emit({ type: 'changed' });

    let res: Response;
    try {
      res = await fetch(entry.url, {
        method: entry.method,
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': entry.id,
        },
        body: entry.body === undefined ? undefined : JSON.stringify(entry.body),
        credentials: 'include',
      });
    } catch {
      await scheduleRetry(db, entry, 'No connection. It will be sent when the connection returns.');
      break;
    }

    const kind = classifyResponse(res.status);
    if (kind === 'delivered') {
      let response: unknown = null;
      try {
        response = await res.json();
      } catch {
        // The record is stored (2xx); a body lost on the way changes nothing.
      }
      await db.delete(STORE, entry.id);
      result.delivered.push(entry.id);
      emit({
        type: 'delivered',
        id: entry.id,
        kind: entry.kind,
        userId: entry.userId,
        status: res.status,
        replayed: res.headers.get('Idempotent-Replayed') === 'true',
        response,
        invalidates: entry.invalidates ?? [],
      });
      continue;
    }
    if (kind === 'refused') {
      const message = refusalMessage(res.status, await res.text().catch(() => ''));
      await db.put(STORE, {
        ...entry,
        state: 'failed',
        attempts: entry.attempts + 1,
        lastError: message,
      });
      result.refused.push(entry.id);
      emit({
        type: 'refused',
        id: entry.id,
        kind: entry.kind,
        userId: entry.userId,
        status: res.status,
        message,
      });
      emit({ type: 'changed' });
      continue;
    }
    if (kind === 'signed-out') {
      // Not the entry's fault: it waits for its user's next session.
      await db.put(STORE, {
        ...entry,
        state: 'waiting',
        lastError: 'Sign in again to send this.',
      });
      emit({ type: 'changed' });
      break;
    }
    await scheduleRetry(db, entry, `The server could not take it just now (${res.status}). Retrying soon.`);
    break;
  }
  result.nextAttemptAt = nextDueAt(await db.getAllFromIndex(STORE, 'byUser', userId), userId);
  return result;
}

async function scheduleRetry(db: IDBPDatabase<OutboxDb>, entry: OutboxEntry, reason: string): Promise<void> {
  const attempts = entry.attempts + 1;
  await db.put(STORE, {
    ...entry,
    state: 'waiting',
    attempts,
    nextAttemptAt: Date.now() + backoffDelay(attempts),
    lastError: reason,
  });
  emit({ type: 'changed' });
  void requestBackgroundSync();
}

interface QueuedFlush {
  force: boolean;
  promise: Promise<FlushResult>;
}
let tail: Promise<unknown> = Promise.resolve();
let queuedFlush: QueuedFlush | null = null;

/**
 * Sends the signed-in user's due entries one by one in creation order. One flush at a time in this context (a
 * call during a flush joins the next one) and, through the Web Locks API, across tabs and the service worker.
 */
export function flushOutbox(options: { force?: boolean } = {}): Promise<FlushResult> {
  if (queuedFlush) {
    queuedFlush.force ||= Boolean(options.force);
    return queuedFlush.promise;
  }
  const queued: QueuedFlush = {
    force: Boolean(options.force),
    promise: Promise.resolve(null as never),
  };
  queued.promise = tail.then(() => {
    queuedFlush = null;
    const locks = webLocks();
    const run = () => flushOnce(queued.force);
    return locks ? locks.request(OUTBOX_LOCK, run) : run();
  });
  queuedFlush = queued;
  tail = queued.promise.then(
    (result) => afterFlush?.(result),
    () => undefined,
  );
  return queued.promise;
}

export type DeliveryOutcome =
  | { state: 'delivered'; status: number; response: unknown }
  | { state: 'refused'; status: number; message: string }
  | { state: 'waiting'; message: string | null };

/** Flushes now and tells what became of one entry (the waiver's Submit: success at once, queued, or refused). */
export async function deliverNow(id: string): Promise<DeliveryOutcome> {
  let heard: DeliveryOutcome | null = null;
  const unsubscribe = subscribe((event) => {
    if (event.type === 'delivered' && event.id === id) {
      heard = {
        state: 'delivered',
        status: event.status,
        response: event.response,
      };
    } else if (event.type === 'refused' && event.id === id) {
      heard = {
        state: 'refused',
        status: event.status,
        message: event.message,
      };
    }
  });
  try {
    await flushOutbox({ force: true });
    if (heard) return heard;
    const entry = await getOutboxEntry(id);
    // Gone without a word: another tab or the service worker delivered it (its broadcast may still be on the way).
    if (!entry) return { state: 'delivered', status: 200, response: null };
    if (entry.state === 'failed') return { state: 'refused', status: 400, message: entry.lastError ?? '' };
    return { state: 'waiting', message: entry.lastError };
  } finally {
    unsubscribe();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Triggers

/** Asks the browser to wake the service worker when the connection returns (Chromium; Safari/Firefox lack it). */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const nav = (globalThis as { navigator?: Navigator }).navigator;
    if (!nav || !('serviceWorker' in nav)) return;
    const registration = (await nav.serviceWorker.getRegistration()) as
      | (ServiceWorkerRegistration & {
          sync?: { register(tag: string): Promise<void> };
        })
      | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No permission or no support: the online event and app start remain.
  }
}

let afterFlush: ((result: FlushResult) => void) | null = null;
let started = false;

/**
 * Starts the page's triggers (call once at app start): a flush now, on every `online` event, and at the next due
 * retry. `onEvent` hears every outbox event (the app refreshes its queries on delivery).
 */
export function startOutbox(onEvent?: Listener): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  afterFlush = (result) => {
    clearTimeout(timer);
    if (result.nextAttemptAt === null) return;
    const wait = Math.max(0, result.nextAttemptAt - Date.now());
    timer = setTimeout(() => void flushOutbox(), Math.min(wait + 50, BACKOFF_CAP_MS));
  };
  if (onEvent) subscribe(onEvent);
  window.addEventListener('online', () => void flushOutbox({ force: true }));
  void flushOutbox({ force: true });
}
