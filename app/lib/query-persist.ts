import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { EnsureQueryDataOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { openDB, type IDBPDatabase } from 'idb';
import { isPublicApiPath, isUserApiPath, OFFLINE_MAX_AGE_MS, queryKeyPath, USER_DATA_CACHE, USER_PATH } from './offline-cache.ts';
import { isNetworkError } from './query-client.ts';

// The persisted query cache (D16, ADR 015): the app's last answers, kept in IndexedDB for 7 days, so the installed
// app opens at a venue with no signal and shows what it last saw.

const DB_NAME = 'wta-query-cache';
const STORE = 'kv';
const CACHE_KEY = 'query-cache';

let dbPromise: Promise<IDBPDatabase> | undefined;
function database(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE);
    },
  });
  return dbPromise;
}

/** A tiny key-value store over IndexedDB (the persister's storage). */
export const idbStorage = {
  async getItem(key: string): Promise<string | null> {
    const value: unknown = await (await database()).get(STORE, key);
    return typeof value === 'string' ? value : null;
  },
  async setItem(key: string, value: string): Promise<void> {
    await (await database()).put(STORE, value, key);
  },
  async removeItem(key: string): Promise<void> {
    await (await database()).delete(STORE, key);
  },
};

/**
 * A query that failed to refresh still holds its last good answer: it is saved as that success (with the time it was
 * fetched), so a failed refresh offline never drops the saved copy.
 */
export function keepLastGoodAnswers(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((q) =>
    q.state.status === 'error' && q.state.data !== undefined
      ? { ...q, state: { ...q.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } }
      : q,
  );
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
const persister: Persister = {
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

const userKey: QueryKey = [USER_PATH];

/** The signed-in user's id in a current-user answer: null for a guest, undefined when unknown. */
function userIdOf(data: unknown): string | null | undefined {
  if (data === undefined) return undefined;
  if (data === null || typeof data !== 'object' || !('id' in data)) return null;
  return String((data as { id: unknown }).id);
}

/** True for a query whose answer is the same for everyone (kept across accounts). */
export function isPublicQuery(queryKey: QueryKey): boolean {
  const path = queryKeyPath(queryKey);
  return path !== null && isPublicApiPath(path);
}

function isUserQuery(queryKey: QueryKey): boolean {
  return queryKeyPath(queryKey) === USER_PATH;
}

/**
 * What is saved: answers that hold data, of the public reads and of the user's own reads a venue needs (the closed
 * list of offline-cache.ts; admin screens and other people's data never go to disk). The user's own answers are
 * saved only while someone is signed in, so a guest's saved cache never holds anyone's data.
 */
export function shouldPersistQuery(query: Query, signedIn: boolean): boolean {
  const path = queryKeyPath(query.queryKey);
  if (query.state.data === undefined || path === null) return false;
  if (isPublicApiPath(path) || path === USER_PATH) return true;
  return signedIn && isUserApiPath(path);
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
      shouldDehydrateQuery: (query) => shouldPersistQuery(query, Boolean(userIdOf(queryClient.getQueryData(userKey)))),
    },
  };
}

let clearing: Promise<void> | undefined;

/**
 * Forgets everything that belongs to the signed-in user: the in-memory answers (all but the public ones and the
 * current-user answer itself), the saved query cache and the service worker's user-data cache. Called on sign-out
 * and whenever the current-user lookup answers someone else.
 */
export function clearUserData(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (q) => !isPublicQuery(q.queryKey) && !isUserQuery(q.queryKey) });
  clearing ??= Promise.all([
    persister.removeClient(),
    typeof caches === 'undefined' ? undefined : caches.delete(USER_DATA_CACHE),
  ])
    .then(() => undefined)
    .catch(() => undefined)
    .finally(() => {
      clearing = undefined;
    });
  return clearing;
}

/** Sign-out: the app becomes a guest's at once and nothing of the account stays on the device. */
export async function forgetSignedInUser(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(userKey, null);
  await clearUserData(queryClient);
}

let watching = false;

/** Watches the current-user answer: when it changes from one account to another (or to a guest), clears user data. */
function watchSignedInUser(queryClient: QueryClient): void {
  if (watching) return;
  watching = true;
  let current = userIdOf(queryClient.getQueryData(userKey));
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isUserQuery(event.query.queryKey)) return;
    const next = userIdOf(event.query.state.data);
    if (current && next !== current) void clearUserData(queryClient);
    current = next;
  });
}

/** The keys whose saved answer was already re-checked with the server in this launch. */
const rechecked = new Set<string>();

/**
 * After the saved cache is restored (or failed to restore): online, every restored answer is marked stale, so each
 * screen shows it at once and refreshes it when first used; offline, they stay as saved (with their real save
 * times) until the connection returns.
 */
export function onCacheRestored(queryClient: QueryClient, freshSince = Infinity): void {
  watchSignedInUser(queryClient);
  const refreshAll = () => void queryClient.invalidateQueries({ refetchType: 'active' });
  if (navigator.onLine) {
    // Answers the server sent with a server-rendered page (ADR 027) are newer than `freshSince` and stay fresh:
    // the page was just rendered from them.
    void queryClient.invalidateQueries({ refetchType: 'none', predicate: (q) => q.state.dataUpdatedAt < freshSince });
  } else {
    window.addEventListener('online', refreshAll, { once: true });
  }
}

/**
 * ensureQueryData for the answer every screen depends on (the current user): a saved answer restored from disk is
 * re-checked with the server once per launch while online; when the network fails, the saved answer stands instead
 * of the error screen. Without any saved answer a failure still throws.
 */
export async function ensureQueryDataOrSaved<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): Promise<TData> {
  const key = JSON.stringify(options.queryKey);
  const state = queryClient.getQueryState<TData, Error>(options.queryKey);
  const saved = state?.data;
  try {
    if (saved !== undefined && state?.isInvalidated && navigator.onLine && !rechecked.has(key)) {
      rechecked.add(key);
      return await queryClient.fetchQuery(options);
    }
    return await queryClient.ensureQueryData(options);
  } catch (error) {
    if (saved !== undefined && isNetworkError(error)) return saved;
    throw error;
  }
}
