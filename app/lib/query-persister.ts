import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { OFFLINE_MAX_AGE_MS } from './offline-cache.ts';
import { shouldPersistQuery, signedInUserId } from './query-persist.ts';

// The persisted query cache's storage (D16, ADR 015): the app's last answers, kept in IndexedDB for 7 days, so the
// installed app opens at a venue with no signal and shows what it last saw. This module (with idb and TanStack's
// persister) is imported, not bundled into the first load (main.tsx): a server-rendered page restores the saved
// answers only after it has hydrated, and nothing on it waits for them.

// The provider and the restore calls travel with the storage, so main.tsx gets all of it from one lazy import.
export {
  PersistQueryClientProvider,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';

const DB_NAME = 'wta-query-cache';
const STORE = 'kv';
const CACHE_KEY = 'query-cache';

// idb-keyval, not idb (which the outbox's storage uses): the outbox's code is fetched only on a device that queued
// something (ADR 049), and a library both chunks imported would be a request of its own on every first visit.
const store = createStore(DB_NAME, STORE);

/** A tiny key-value store over IndexedDB (the persister's storage). */
export const idbStorage = {
  async getItem(key: string): Promise<string | null> {
    const value: unknown = await get(key, store);
    return typeof value === 'string' ? value : null;
  },
  async setItem(key: string, value: string): Promise<void> {
    await set(key, value, store);
  },
  async removeItem(key: string): Promise<void> {
    await del(key, store);
  },
};

/**
 * A query that failed to refresh still holds its last good answer: it is saved as that success (with the time it was
 * fetched), so a failed refresh offline never drops the saved copy. No answer is saved as invalidated: the launch
 * that restores it decides whether to refresh it (online every saved answer is refreshed once, offline none until the
 * connection returns: onCacheRestored). An invalidated answer whose refresh had failed (the signal went while it was
 * on its way) made the next offline launch refresh it at once, fail, and show the error instead of the saved
 * waiver status (a paired CI run of e2e/offline.spec.ts).
 */
export function keepLastGoodAnswers(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) => {
    const failed = q.state.status === 'error' && q.state.data !== undefined;
    if (!failed && !q.state.isInvalidated) return q;
    const state = { ...q.state, isInvalidated: false };
    if (!failed) return { ...q, state };
    return {
      ...q,
      state: { ...state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null },
    };
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** How many pages of a paged list (an infinite query, ADR 025) are saved: the first 3 (72 tournaments, ~2 KB gzipped). */
export const SAVED_PAGES = 3;

/**
 * A paged list is saved with its first SAVED_PAGES pages only, however far the user loaded, so the saved copy stays
 * bounded; offline the list shows those and online 'Load more' continues from the last one saved.
 */
export function boundSavedPages(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) => {
    const data = q.state.data as { pages?: unknown; pageParams?: unknown } | undefined;
    if (!data || !Array.isArray(data.pages) || !Array.isArray(data.pageParams) || data.pages.length <= SAVED_PAGES) {
      return q;
    }
    const bounded = { pages: data.pages.slice(0, SAVED_PAGES), pageParams: data.pageParams.slice(0, SAVED_PAGES) };
    return { ...q, state: { ...q.state, data: bounded } };
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

const serialize = (client: PersistedClient) => JSON.stringify(boundSavedPages(keepLastGoodAnswers(client)));
const throttled = createAsyncStoragePersister({ storage: idbStorage, key: CACHE_KEY, serialize, throttleTime: 250 });

/** The newest state handed to the throttled persister and not yet known to be written. */
let pending: PersistedClient | undefined;

/**
 * The persister saves at most every 250 ms; a page closed (or an installed app sent to the background) sooner
 * would lose the last answers, so those moments write the newest state at once.
 */
export const persister: Persister = {
  persistClient: async (client) => {
    pending = client;
    await throttled.persistClient(client);
  },
  restoreClient: () => throttled.restoreClient(),
  removeClient: async () => {
    pending = undefined;
    await throttled.removeClient();
  },
};

function flushPending(): void {
  if (!pending) return;
  const client = pending;
  pending = undefined;
  void idbStorage.setItem(CACHE_KEY, serialize(client)).catch(() => undefined);
}
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flushPending);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushPending();
  });
}

/** The options of PersistQueryClientProvider: 7 days, busted by each build, saving only answered API queries. */
export function createPersistOptions(
  queryClient: QueryClient,
  buildId: string,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister,
    maxAge: OFFLINE_MAX_AGE_MS,
    buster: buildId,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => shouldPersistQuery(query, Boolean(signedInUserId(queryClient))),
    },
  };
}
