import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { OUTBOX_CHANNEL, OUTBOX_DB_NAME, outboxWanted } from './outbox-presence.ts';
import {
  OUTBOX_SYNC_TAG,
  inCreationOrder,
  type EnqueueInput,
  type OutboxEntry,
  type OutboxEvent,
} from './outbox.ts';

/**
 * The outbox's storage (ADR 016): entries in IndexedDB, and the change notifications every context hears (this one
 * directly, other tabs and the service worker through BroadcastChannel). Sending lives in `outbox-send.ts`.
 */

const STORE = 'entries';

interface OutboxDb extends DBSchema {
  entries: { key: string; value: OutboxEntry; indexes: { byUser: string } };
}

let dbPromise: Promise<IDBPDatabase<OutboxDb>> | null = null;

function database(): Promise<IDBPDatabase<OutboxDb>> {
  dbPromise ??= openDB<OutboxDb>(OUTBOX_DB_NAME, 1, {
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
    ...(input.label ? { label: input.label } : {}),
  };
  await (await database()).put(STORE, entry);
  emit({ type: 'changed' });
  // A page that had nothing queued at its start has not started the outbox's triggers (retries, `online`) yet.
  outboxWanted();
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

/** Drops an entry for good (the user pressed Discard). */
export async function discard(id: string): Promise<void> {
  await (await database()).delete(STORE, id);
  emit({ type: 'changed' });
}

/** How many entries this device holds, for every user (0: a launch has nothing to send and asks nobody). */
export async function countStored(): Promise<number> {
  return (await database()).count(STORE);
}

/** One user's stored entries, in the store's order (the sender sorts them). */
export async function storedFor(userId: string): Promise<OutboxEntry[]> {
  return (await database()).getAllFromIndex(STORE, 'byUser', userId);
}

/** Writes an entry as it is (a state change by the sender). Callers emit 'changed' when the user should see it. */
export async function putEntry(entry: OutboxEntry): Promise<void> {
  await (await database()).put(STORE, entry);
}

/** Removes a delivered entry without a 'changed' event (the 'delivered' event that follows says it). */
export async function deleteEntry(id: string): Promise<void> {
  await (await database()).delete(STORE, id);
}

/**
 * Asks the browser to wake the service worker when the connection returns (Chromium; Safari/Firefox lack it). It
 * belongs with storage: whenever an entry is stored waiting, the browser is asked to come back for it.
 */
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

// ---------------------------------------------------------------------------------------------------------------
// Change notifications across tabs and the service worker

export type OutboxListener = (event: OutboxEvent) => void;
const listeners = new Set<OutboxListener>();
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

/** Tells every listener here and, through the channel, in every other context. */
export function emit(event: OutboxEvent): void {
  for (const listener of listeners) listener(event);
  // A channel never hears its own messages: the local listeners were told above.
  broadcastChannel()?.postMessage(event);
}

/** Calls `listener` on every change to the outbox, from this context or another tab or the service worker. */
export function subscribe(listener: OutboxListener): () => void {
  broadcastChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
