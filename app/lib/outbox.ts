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
    }
  /** The server answered 401 to a request sent at `since`: whoever the app thinks is signed in, nobody is. */
  | { type: 'signed-out'; since: number };

export const OUTBOX_CHANNEL = 'wta-outbox';
export const OUTBOX_LOCK = 'wta-outbox';
export const OUTBOX_SYNC_TAG = 'wta-outbox';
/**
 * Names the account that queued a request (ADR 016). The server refuses it (409) when another account's session
 * sends it, so a shared phone can never file one player's waiver under another's name, whatever the user check said.
 */
export const OUTBOX_USER_HEADER = 'X-Outbox-User';
/** Why an entry waits after its session ended (401): it is sent once its own user signs in again. */
export const SIGN_IN_AGAIN = 'Sign in again to send this.';
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
 * ended (keep it, with backoff, and send it after its user's next sign-in); another 4xx refused for good (409 from
 * another account's session included), except 408 and 429 which are "try later"; 5xx and anything else retried
 * with backoff.
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

/**
 * What the user check's answer means: the signed-in user's id; null only for 401 (nobody is signed in, so nothing
 * is sent); undefined for anything else (a 5xx, a captive portal's page): the server cannot say just now, try later.
 */
export function signedInFromAnswer(status: number, body: unknown): string | null | undefined {
  if (status === 401) return null;
  if (status < 200 || status > 299) return undefined;
  const id = body && typeof body === 'object' && 'id' in body ? body.id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/** How one attempt ended: an HTTP answer (status, body text) or no answer at all. */
export type AttemptResult = { status: number; bodyText: string } | { status: null };

/**
 * The entry after an attempt that did not deliver it (null for a 2xx: it is removed). A refusal fails for good with
 * the server's message; a 401 and every "try later" wait with backoff, so an answer that keeps coming back never
 * turns into a tight loop.
 */
export function afterAttempt(
  entry: OutboxEntry,
  result: AttemptResult,
  now: number,
  random: () => number = Math.random,
): OutboxEntry | null {
  const attempts = entry.attempts + 1;
  const wait = (lastError: string): OutboxEntry => ({
    ...entry,
    state: 'waiting',
    attempts,
    nextAttemptAt: now + backoffDelay(attempts, random),
    lastError,
  });
  if (result.status === null) return wait('No connection. It will be sent when the connection returns.');
  switch (classifyResponse(result.status)) {
    case 'delivered':
      return null;
    case 'refused':
      return { ...entry, state: 'failed', attempts, lastError: refusalMessage(result.status, result.bodyText) };
    case 'signed-out':
      // Not the entry's fault: it waits for its user's next session (a sign-in sends it at once).
      return wait(SIGN_IN_AGAIN);
    default:
      return wait(`The server could not take it just now (${result.status}). Retrying soon.`);
  }
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
  /**
   * The signed-in user, or null when nobody is or the server could not say who is; in the second case
   * `nextAttemptAt` says when to ask again.
   */
  userId: string | null;
  delivered: string[];
  refused: string[];
  /** When the next retry is due for this user (or the next user check), or null when nothing waits. */
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

/**
 * Who is signed in, asked of the server: null when nobody is (401), undefined when the server cannot say (no
 * connection, 5xx). `no-store` keeps the browser's HTTP cache out of it, and the service worker never answers a
 * no-store request from its caches (app/sw.ts): a saved copy of the current user is exactly the wrong answer here.
 */
async function signedInUserId(): Promise<string | null | undefined> {
  let user: string | null | undefined;
  try {
    const res = await fetch('/api/auth/user', {
      credentials: 'include',
      cache: 'no-store',
    });
    const body: unknown = res.ok ? await res.json().catch(() => undefined) : undefined;
    user = signedInFromAnswer(res.status, body);
  } catch {
    user = undefined;
  }
  userCheckFailures = user === undefined ? userCheckFailures + 1 : 0;
  return user;
}

async function flushOnce(force: boolean): Promise<FlushResult> {
  const result: FlushResult = {
    userId: null,
    delivered: [],
    refused: [],
    nextAttemptAt: null,
  };
  // Nothing saved on this device: nothing to send, so no one to ask about. Every launch starts a flush, and the
  // page already knows who is signed in (server-rendered or the root's own check); a second request for the same
  // answer would only slow the first load (issue 12).
  if ((await (await database()).count(STORE)) === 0) return result;
  const checkedAt = Date.now();
  const userId = await signedInUserId();
  if (userId === undefined) {
    // The server cannot say who is signed in just now: check again later (the online event or Background Sync
    // usually comes first).
    result.nextAttemptAt = Date.now() + backoffDelay(userCheckFailures);
    return result;
  }
  if (userId === null) {
    // Nobody is signed in: every entry waits for its own user's next session. The app hears it (it may still
    // show the account whose session just ended).
    emit({ type: 'signed-out', since: checkedAt });
    return result;
  }
  result.userId = userId;

  const db = await database();
  const plan = planFlush(await db.getAllFromIndex(STORE, 'byUser', userId), userId, Date.now(), force);
  for (const queued of plan.send) {
    // Re-read: another context may have discarded or delivered it while this one waited for the lock.
    const entry = await db.get(STORE, queued.id);
    if (!entry || entry.state === 'failed') continue;
    await db.put(STORE, { ...entry, state: 'sending' });
    emit({ type: 'changed' });

    const sentAt = Date.now();
    let res: Response;
    try {
      res = await fetch(entry.url, {
        method: entry.method,
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': entry.id,
          // The user check above and this request are two calls: the session may change in between (another
          // account signs in on this phone). The server refuses the request unless it is this entry's user's.
          [OUTBOX_USER_HEADER]: entry.userId,
        },
        body: entry.body === undefined ? undefined : JSON.stringify(entry.body),
        credentials: 'include',
      });
    } catch {
      await settle(db, entry, { status: null });
      break;
    }

    if (classifyResponse(res.status) === 'delivered') {
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
    const updated = await settle(db, entry, { status: res.status, bodyText: await res.text().catch(() => '') });
    if (updated?.state === 'failed') {
      result.refused.push(entry.id);
      emit({
        type: 'refused',
        id: entry.id,
        kind: entry.kind,
        userId: entry.userId,
        status: res.status,
        message: updated.lastError ?? '',
      });
      continue;
    }
    if (res.status === 401) emit({ type: 'signed-out', since: sentAt });
    break;
  }
  result.nextAttemptAt = nextDueAt(await db.getAllFromIndex(STORE, 'byUser', userId), userId);
  return result;
}

/** Stores what an attempt that did not deliver made of the entry, and asks for a Background Sync if it waits. */
async function settle(
  db: IDBPDatabase<OutboxDb>,
  entry: OutboxEntry,
  result: AttemptResult,
): Promise<OutboxEntry | null> {
  const updated = afterAttempt(entry, result, Date.now());
  if (!updated) return null;
  await db.put(STORE, updated);
  emit({ type: 'changed' });
  if (updated.state === 'waiting') void requestBackgroundSync();
  return updated;
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
