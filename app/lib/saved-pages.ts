/// <reference lib="webworker" />
// The pages the service worker keeps for an offline launch (ADR 066). The installed app used to open every address
// on the app shell, which has nothing to show until React, the router, the saved query cache and the screen's code
// have all run: ~2.5 s at 4x CPU before the first tournament card, offline. A public page the server rendered holds
// its text and its data already, so the worker keeps the last one it fetched for each address and opens the app on
// it: the cards paint with the HTML, and the app hydrates them as on any server-rendered visit.
//
// Service-worker side only (imported by sw.ts). The page side forgets these pages with the user's data
// (query-persist.ts): a page rendered for a signed-in member holds their name and their registrations.
import { CacheExpiration } from 'workbox-expiration';
import { isRenderedPage } from '../../edge/features/pages/constants.ts';
import { OFFLINE_MAX_AGE_MS, PAGE_CACHE, SAVED_PAGE_MARK } from './offline-cache.ts';

/** Addresses kept: the start page and the few a member opens at a venue, not a crawl of the league. */
const MAX_PAGES = 20;

const expiration = new CacheExpiration(PAGE_CACHE, {
  maxEntries: MAX_PAGES,
  maxAgeSeconds: OFFLINE_MAX_AGE_MS / 1000,
  matchOptions: { ignoreVary: true },
});

/**
 * Bumped whenever the pages are forgotten (sign-out, another account): a page whose fetch began before is not
 * saved when it arrives, so a member's page fetched just before they signed out never lands after the clearing.
 */
let generation = 0;

/** The key of an address: its path and query (a page's HTML depends on both, never on the hash). */
function pageKey(url: URL): string {
  return new URL(url.pathname + url.search, self.location.origin).href;
}

/** The saved page for a navigation, or undefined (not a rendered page, never saved, or older than 7 days). */
export async function savedPage(url: URL): Promise<Response | undefined> {
  if (!isRenderedPage(url.pathname)) return undefined;
  const key = pageKey(url);
  const cache = await caches.open(PAGE_CACHE);
  const saved = await cache.match(key, { ignoreVary: true });
  if (!saved) return undefined;
  // Aged by the answer's own Date, as workbox's ExpirationPlugin does on a hit: no IndexedDB read before the launch
  // paints (the timestamps there bound the cache when a page is saved).
  const date = Date.parse(saved.headers.get('date') ?? '');
  if (!Number.isNaN(date) && Date.now() - date > OFFLINE_MAX_AGE_MS) {
    await cache.delete(key, { ignoreVary: true });
    return undefined;
  }
  return saved;
}

// Headers that described the body as it crossed the network; the saved body is the decoded text.
const NOT_KEPT = ['content-encoding', 'content-length', 'transfer-encoding'];

/**
 * Fetches an address's page from the server and keeps it, when the server rendered it (its data script is there).
 * A page that is gone (404, 410) is dropped; any other failure leaves the saved one as it was.
 */
export async function savePage(url: URL): Promise<void> {
  if (!isRenderedPage(url.pathname)) return;
  const started = generation;
  const key = pageKey(url);
  const response = await fetch(url.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } }).catch(
    () => null,
  );
  if (!response) return;
  const cache = await caches.open(PAGE_CACHE);
  if (response.status === 404 || response.status === 410) {
    await cache.delete(key, { ignoreVary: true });
    return;
  }
  if (response.status !== 200 || response.redirected) return;
  if (!response.headers.get('content-type')?.startsWith('text/html')) return;
  const html = await response.text();
  const marker = 'id="wta-ssr"';
  if (!html.includes(marker) || started !== generation) return;
  const headers = new Headers(response.headers);
  for (const name of NOT_KEPT) headers.delete(name);
  await cache.put(key, new Response(html.replace(marker, `${marker} ${SAVED_PAGE_MARK}`), { status: 200, headers }));
  await expiration.updateTimestamp(key);
  await expiration.expireEntries();
}

/** Forgets every saved page (the user's data is being forgotten, or a new version's code replaces the pages'). */
export async function forgetSavedPages(): Promise<void> {
  generation += 1;
  await caches.delete(PAGE_CACHE);
}
