import type { EnsureQueryDataOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import {
  FORGET_PAGES_MESSAGE,
  isPublicApiPath,
  isUserApiPath,
  PAGE_CACHE,
  queryKeyPath,
  USER_DATA_CACHE,
  USER_PATH,
} from './offline-cache.ts';
import { isNetworkError } from './query-client.ts';

// The persisted query cache (D16, ADR 015): the app's last answers, kept in IndexedDB for 7 days, so the installed
// app opens at a venue with no signal and shows what it last saw. This module holds what the first load needs (the
// rules of what is saved and forgotten, the saved-answer fallback of the root route); the storage itself, with idb
// and TanStack's persister, is query-persister.ts, imported (in offline-start.ts's chunk) when the app restores or
// clears the saved cache (issue 16's first-load budget).

/** The storage half (IndexedDB, the throttled persister, PersistQueryClientProvider), loaded once and shared. */
let persisterModule: Promise<typeof import('./offline-start.ts')> | undefined;
export const loadQueryPersister = () => (persisterModule ??= import('./offline-start.ts'));

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

/** The id of the account the app shows as signed in: null for a guest, undefined when unknown. */
export function signedInUserId(queryClient: QueryClient): string | null | undefined {
  return userIdOf(queryClient.getQueryData(userKey));
}

let clearing: Promise<void> | undefined;

/**
 * Forgets the pages the service worker saved (ADR 066): each was rendered for whoever was signed in then, so a page
 * of one account must not open the app for the next (nor a guest's page for a member who just signed in). The
 * worker is told as well, so a page it is fetching now is not saved once it arrives.
 */
export function forgetSavedPages(): Promise<void> {
  if (typeof caches === 'undefined') return Promise.resolve();
  navigator.serviceWorker?.controller?.postMessage({ type: FORGET_PAGES_MESSAGE });
  return caches
    .delete(PAGE_CACHE)
    .then(() => undefined)
    .catch(() => undefined);
}

/**
 * Forgets everything that belongs to the signed-in user: the in-memory answers (all but the public ones and the
 * current-user answer itself), the saved query cache and the service worker's user-data cache. Called on sign-out
 * and whenever the current-user lookup answers someone else.
 */
export function clearUserData(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (q) => !isPublicQuery(q.queryKey) && !isUserQuery(q.queryKey) });
  clearing ??= Promise.all([
    loadQueryPersister().then(({ persister }) => persister.removeClient()),
    typeof caches === 'undefined' ? undefined : caches.delete(USER_DATA_CACHE),
    forgetSavedPages(),
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

/**
 * Watches the current-user answer: when it changes from one account to another (or to a guest), clears user data;
 * from a guest to an account, the saved pages (a guest's header) go.
 */
function watchSignedInUser(queryClient: QueryClient): void {
  if (watching) return;
  watching = true;
  let current = userIdOf(queryClient.getQueryData(userKey));
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isUserQuery(event.query.queryKey)) return;
    const next = userIdOf(event.query.state.data);
    if (current && next !== current) void clearUserData(queryClient);
    else if (current !== undefined && next !== current) void forgetSavedPages();
    current = next;
  });
}

/** The keys whose saved answer was already re-checked with the server in this launch. */
const rechecked = new Set<string>();

/**
 * After the saved cache is restored (or failed to restore): online, every restored answer is marked stale, so each
 * screen shows it at once and refreshes it when first used; offline, they stay as saved (with their real save
 * times) until the connection returns. `refreshShown` asks again at once for the answers the screen already shows:
 * a page the service worker saved (ADR 066) hydrated from answers as old as the page.
 */
export function onCacheRestored(queryClient: QueryClient, freshSince = Infinity, refreshShown = false): void {
  watchSignedInUser(queryClient);
  const refreshAll = () => void queryClient.invalidateQueries({ refetchType: 'active' });
  if (navigator.onLine) {
    // Answers the server sent with a server-rendered page (ADR 027) are newer than `freshSince` and stay fresh:
    // the page was just rendered from them.
    void queryClient.invalidateQueries({
      refetchType: refreshShown ? 'active' : 'none',
      predicate: (q) => q.state.dataUpdatedAt < freshSince,
    });
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
