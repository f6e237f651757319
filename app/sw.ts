/// <reference lib="webworker" />
// The service worker (D16, ADR 015), built by vite-plugin-pwa (injectManifest) into /sw.js. The app shell and every
// route's code are precached; API reads are network first with a 3 s timeout and kept for offline use; images are
// cache first with limits; videos are kept whole and served back as the byte ranges a <video> asks for.
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  API_CACHE,
  CODE_CACHE,
  FORGET_PAGES_MESSAGE,
  IMAGE_CACHE,
  isSavedPublicApiUrl,
  isUserApiPath,
  OFFLINE_MAX_AGE_MS,
  USER_DATA_CACHE,
  VIDEO_CACHE,
} from './lib/offline-cache.ts';
import { flushFromServiceWorker } from './lib/outbox-sync.ts';
import { samePushLink } from './lib/push.ts';
import { forgetSavedPages, savedPage, savePage } from './lib/saved-pages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Background Sync's event (Chromium only; not in TypeScript's lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * The message workbox-window's messageSkipWaiting() sends once the user accepts the update, and the page's request
 * to forget the saved pages (answered here too, so a page fetched before it is not saved after it).
 */
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === FORGET_PAGES_MESSAGE) event.waitUntil(forgetSavedPages());
});

// The very first install controls the open page at once, so the first online visit already fills the caches. An
// update still waits for the user (registerType 'prompt'): claiming only happens after SKIP_WAITING.
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every in-app URL opens the page saved from the server's last answer for it when there is one (a public page the
// server rendered, ADR 066: it paints before any code runs, offline too), else the app shell; and fetches that page
// again behind it for the next launch. API calls and the Google redirect never do, nor the embed pages (D45, ADR
// 075): a copy kept here carries the headers of the page it was saved from, `frame-ancestors 'none'` for the shell,
// and another site's iframe would be refused it; the network's answer is the one any site may frame.
const shell = createHandlerBoundToURL('index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      const saved = await savedPage(options.url).catch(() => undefined);
      (options.event as ExtendableEvent).waitUntil(savePage(options.url).catch(() => undefined));
      return saved ?? shell(options);
    },
    { denylist: [/^\/api\//, /^\/embed\//] },
  ),
);

// A new version's pages name its own code, and the old code leaves the precache: the saved pages go with it. The
// page side asks for the same when the user's data is forgotten (sign-out, another account: query-persist.ts).
self.addEventListener('activate', (event) => event.waitUntil(forgetSavedPages()));

/** Tells the open pages whether the network answers (the offline banner listens; see app/features/offline). */
async function tellPages(message: { type: 'wta-network'; ok: boolean; savedAt?: string | null }): Promise<void> {
  const at = Date.now();
  const windows = await self.clients.matchAll({ type: 'window' });
  for (const client of windows) client.postMessage({ ...message, at });
}

/**
 * For network-first routes: a network answer means online; a cache answer (only read when the network failed or
 * timed out) means the page is showing saved data, saved at the cached response's Date.
 */
const networkReport: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    void tellPages({ type: 'wta-network', ok: true });
    return response;
  },
  fetchDidFail: async () => {
    void tellPages({ type: 'wta-network', ok: false });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (cachedResponse) void tellPages({ type: 'wta-network', ok: false, savedAt: cachedResponse.headers.get('date') });
    return cachedResponse;
  },
};

const sameOriginGet = (url: URL, request: Request) =>
  url.origin === self.location.origin && request.method === 'GET' && request.mode !== 'navigate';

/**
 * A request made with `cache: 'no-store'` asks for the server's answer or none: the worker neither answers it from
 * a runtime cache nor saves it. The outbox's "who is signed in" check is one: a saved copy of another account's
 * current user, given when the network is slow, once sent a waiver under the wrong account (ADR 016).
 */
const mayUseCache = (request: Request) => request.cache !== 'no-store';

const maxAgeSeconds = OFFLINE_MAX_AGE_MS / 1000;

// Public live data: the network's answer when it comes within 3 s, else the saved one.
registerRoute(
  ({ url, request }) => sameOriginGet(url, request) && mayUseCache(request) && isSavedPublicApiUrl(url),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds }),
      networkReport,
    ],
  }),
);

// The signed-in user's data: only 200 answers are kept (a 401 never replaces the saved copy; the app deletes the
// whole cache on sign-out or when another account signs in).
registerRoute(
  ({ url, request }) => sameOriginGet(url, request) && mayUseCache(request) && isUserApiPath(url.pathname),
  new NetworkFirst({
    cacheName: USER_DATA_CACHE,
    networkTimeoutSeconds: 3,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds }),
      networkReport,
    ],
  }),
);

// Any other API read is never kept, nor is a no-store read of a kept path, but each still reports whether the
// network answers.
registerRoute(
  ({ url, request }) => sameOriginGet(url, request) && url.pathname.startsWith('/api/'),
  new NetworkOnly({ plugins: [networkReport] }),
);

// Flyers, uploads, icons and the videos' posters: cache first, at most 60 for 30 days. The manifest's screenshots
// (/media/screenshots/) are for the browser's install dialog only: never kept.
registerRoute(
  ({ url, request }) =>
    sameOriginGet(url, request) &&
    mayUseCache(request) &&
    /^\/(?:uploads|media|icons)\//.test(url.pathname) &&
    !url.pathname.startsWith('/media/screenshots/') &&
    /\.(?:png|jpe?g|webp|avif|gif|svg)$/i.test(url.pathname),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Code the precache leaves out (the admin console's screen, ADR 071): the precache route above answers every other
// file, so this sees only those. Hashed names never change content: cache first, the last 10 for 30 days, so an admin
// who opened the console once has it offline too.
registerRoute(
  ({ url, request }) => sameOriginGet(url, request) && /^\/assets\/[^/]+\.(?:js|css)$/.test(url.pathname),
  new CacheFirst({
    cacheName: CODE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 10, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Videos: a <video> asks for byte ranges, and a 206 partial answer cannot be cached. So a miss is answered from the
// network as asked, while the whole file is fetched once (no Range) into the cache; from then on the
// RangeRequestsPlugin cuts each asked range out of the whole cached file, offline too (ADR 015). At most 4 videos
// for 30 days, dropped first when storage runs short.
const videoStrategy: CacheFirst = new CacheFirst({
  cacheName: VIDEO_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    {
      cachedResponseWillBeUsed: async ({ request, cachedResponse, event }) => {
        if (!cachedResponse && request.headers.has('range') && event) {
          const whole = new Request(request.url, { credentials: 'same-origin' });
          const [, done] = videoStrategy.handleAll({ request: whole, event });
          (event as ExtendableEvent).waitUntil(done);
        }
        return cachedResponse;
      },
    },
    new RangeRequestsPlugin(),
  ],
});
registerRoute(
  ({ url, request }) =>
    sameOriginGet(url, request) &&
    mayUseCache(request) &&
    /^\/(?:uploads|media)\/[^?]+\.(?:mp4|webm)$/i.test(url.pathname),
  videoStrategy,
);

// Background Sync (Chromium): the outbox (app/lib/outbox.ts) is flushed when the connection returns, even with the
// app closed. Elsewhere the app flushes on start and on the `online` event.
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag === 'wta-outbox') event.waitUntil(flushFromServiceWorker());
}) as EventListener);

// D28: a push (encrypted by the server, decrypted by the browser) becomes a notification; one per conversation or
// notification (its tag), so a burst of messages replaces rather than piles up.
self.addEventListener('push', (event) => {
  let data: { title?: unknown; body?: unknown; link?: unknown; tag?: unknown } = {};
  try {
    data = (event.data?.json() ?? {}) as typeof data;
  } catch {
    // Not JSON: show the league's name rather than nothing (a push must show a notification).
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'WTA';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-96.png',
      data: { link: samePushLink(data.link, self.location.origin) },
    }),
  );
});

// A tap opens the notification's screen (same site only): in an open window of the app if there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = samePushLink((event.notification.data as { link?: unknown } | null)?.link, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      // A window this worker controls can be moved; anything else (or a refusal) gets a new window.
      const open = windows.find((w) => w.focused) ?? windows[0];
      if (open) {
        const moved = await open.navigate(link).catch(() => null);
        if (moved) {
          await moved.focus();
          return;
        }
      }
      await self.clients.openWindow(link);
    })(),
  );
});

/** The browser renewed this device's subscription (keys rotated): tell the server, or the next push meets a 410. */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}
self.addEventListener('pushsubscriptionchange', ((event: PushSubscriptionChangeEvent) => {
  event.waitUntil(
    (async () => {
      const key = event.oldSubscription?.options.applicationServerKey;
      const renewed =
        event.newSubscription ??
        (key
          ? await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
          : null);
      if (!renewed) return;
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(renewed.toJSON()),
      }).catch(() => undefined);
    })(),
  );
}) as EventListener);
