import {
  afterAttempt,
  backoffDelay,
  classifyResponse,
  nextDueAt,
  OUTBOX_LOCK,
  OUTBOX_USER_HEADER,
  planFlush,
  signedInFromAnswer,
  type AttemptResult,
  type EnqueueInput,
  type OutboxEntry,
} from './outbox.ts';
import {
  countStored,
  deleteEntry,
  discard,
  emit,
  enqueue,
  getOutboxEntry,
  putEntry,
  requestBackgroundSync,
  storedFor,
  subscribe,
} from './outbox-store.ts';

/**
 * The outbox's sending (ADR 016): one flush at a time sends the signed-in user's due entries in creation order and
 * stores what each answer made of them. When a page flushes is `outbox-triggers.ts`'s business.
 */

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
  if ((await countStored()) === 0) return result;
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

  const plan = planFlush(await storedFor(userId), userId, Date.now(), force);
  for (const queued of plan.send) {
    // Re-read: another context may have discarded or delivered it while this one waited for the lock.
    const entry = await getOutboxEntry(queued.id);
    if (!entry || entry.state === 'failed') continue;
    await putEntry({ ...entry, state: 'sending' });
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
      await settle(entry, { status: null });
      break;
    }

    if (classifyResponse(res.status) === 'delivered') {
      let response: unknown = null;
      try {
        response = await res.json();
      } catch {
        // The record is stored (2xx); a body lost on the way changes nothing.
      }
      await deleteEntry(entry.id);
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
    const updated = await settle(entry, {
      status: res.status,
      bodyText: await res.text().catch(() => ''),
      retryAfter: res.headers.get('Retry-After'),
    });
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
  result.nextAttemptAt = nextDueAt(await storedFor(userId), userId);
  return result;
}

/** Stores what an attempt that did not deliver made of the entry, and asks for a Background Sync if it waits. */
async function settle(entry: OutboxEntry, result: AttemptResult): Promise<OutboxEntry | null> {
  const updated = afterAttempt(entry, result, Date.now());
  if (!updated) return null;
  await putEntry(updated);
  emit({ type: 'changed' });
  if (updated.state === 'waiting') void requestBackgroundSync();
  return updated;
}

interface QueuedFlush {
  force: boolean;
  promise: Promise<FlushResult>;
}
let tail: Promise<unknown> = Promise.resolve();
let afterFlush: ((result: FlushResult) => void) | null = null;

/** Hears every flush's result in this context (the page's retry timer in `outbox-triggers.ts`). */
export function onFlushed(listener: (result: FlushResult) => void): void {
  afterFlush = listener;
}
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

/**
 * Queues a request and sends it at once (one path online and offline: an entrant's or the door's check-in, the
 * host's tournament-day actions). Refused at once, it is discarded: the screen says why, so nothing is left waiting.
 */
export async function sendNow(input: EnqueueInput): Promise<DeliveryOutcome> {
  const entry = await enqueue(input);
  const outcome = await deliverNow(entry.id);
  if (outcome.state === 'refused') await discard(entry.id);
  return outcome;
}

/** Sends a refused or waiting entry again now (the user pressed Retry). */
export async function retry(id: string): Promise<void> {
  const entry = await getOutboxEntry(id);
  if (!entry) return;
  await putEntry({
    ...entry,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
  });
  emit({ type: 'changed' });
  await flushOutbox({ force: true });
}
