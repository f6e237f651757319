import { chromium, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { chromiumArgs } from '../playwright.config.ts';
import { DEMO, expect, login } from './fixtures.ts';

// The installed app at a venue (D16): its own Chromium profile with service workers allowed, reached through a
// proxy whose signal can be cut. Shared by offline.spec.ts and the Worker's journeys (e2e/worker/, ADR 062).

// No signal, for real: Playwright's setOffline() makes navigator.onLine false for the page, but does not reliably cut
// the service worker's own fetches. So the app is reached through a small proxy (its own origin) whose "offline"
// switch drops every connection, as a venue without signal does; setOffline() is used too, for navigator.onLine.
export interface Venue {
  origin: string;
  setOffline(offline: boolean): void;
  /** One bar of signal for one path: its requests wait at the venue until `release()`. */
  hold(path: string): void;
  /** Lets the held requests go on, and no longer holds any. */
  release(): void;
  /** A new build is deployed: from now on /sw.js answers different bytes (a new version of the service worker). */
  deployNewServiceWorker(): void;
  /** Every request that reached the venue's network (method and path), in order. */
  readonly requests: { method: string; path: string }[];
  /** How many requests for `path` are in flight (held ones included): received, not yet answered in full. */
  inFlight(path: string): number;
  close(): Promise<void>;
}

export async function openVenue(target: URL): Promise<Venue> {
  let offline = false;
  let heldPath: string | null = null;
  let held: (() => void)[] = [];
  let swVersion = 0;
  const requests: { method: string; path: string }[] = [];
  const inFlight = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    if (offline) {
      req.socket.destroy();
      return;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ method: req.method ?? 'GET', path });
    inFlight.set(path, (inFlight.get(path) ?? 0) + 1);
    res.on('close', () => inFlight.set(path, inFlight.get(path)! - 1));
    // The API checks the Origin of state-changing calls against its own address.
    const headers: IncomingHttpHeaders = { ...req.headers, host: target.host };
    if (headers.origin) headers.origin = target.origin;
    delete headers.referer;
    const rewriteSw = swVersion > 0 && path === '/sw.js';
    if (rewriteSw) {
      // Plain, whole bytes to append to.
      delete headers['accept-encoding'];
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    const forward = () => {
      const upstream = request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          if (!rewriteSw || answer.statusCode !== 200) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const body = Buffer.concat([...chunks, Buffer.from(`\n// e2e deploy ${swVersion}\n`)]);
            const { 'content-length': _length, etag: _etag, 'last-modified': _modified, ...rest } = answer.headers;
            res.writeHead(200, { ...rest, 'content-length': String(body.length), 'cache-control': 'no-cache' });
            res.end(body);
          });
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    };
    if (heldPath !== null && path === heldPath) held.push(forward);
    else forward();
  });
  server.on('connection', (socket) => {
    if (offline) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    setOffline(next) {
      offline = next;
      if (next) for (const socket of sockets) socket.destroy();
    },
    hold(path) {
      heldPath = path;
    },
    release() {
      heldPath = null;
      const waiting = held;
      held = [];
      for (const forward of waiting) forward();
    },
    deployNewServiceWorker() {
      swVersion += 1;
    },
    requests,
    inFlight: (path) => inFlight.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export const BANNER = 'Offline - showing saved data';

/** Opens (or reopens) the installed app's profile, optionally already offline. */
export async function openApp(dir: string, origin: string, offline = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: chromiumArgs,
    baseURL: origin,
    serviceWorkers: 'allow',
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 800 },
  });
  if (offline) await context.setOffline(true);
  // Every launch is a new browser session, so the landing page would open its intro video each time: 8 s of video
  // decoded in software beside the service worker's first install (its precache crawled while the clip played, in a
  // CI run beside another) and a detour through Skip Video at every visit to /. The intro has its own tests
  // (landing.spec.ts); these are about the data kept on the device, so the session has seen it already.
  await context.addInitScript(() => {
    // about:blank has no storage of its own.
    if (window.location.protocol.startsWith('http')) window.sessionStorage.setItem('wta-intro-seen', '1');
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/** Waits until the service worker controls the page (it claims the page on its first install). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
}

/** The query keys (joined) in the persisted query cache (IndexedDB wta-query-cache). */
export function persistedQueries(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('wta-query-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kv')) return resolve([]);
          const get = db.transaction('kv').objectStore('kv').get('query-cache');
          get.onsuccess = () => {
            const raw = get.result as string | undefined;
            if (!raw) return resolve([]);
            const parsed = JSON.parse(raw) as { clientState: { queries: { queryKey: unknown[] }[] } };
            // A paged list's key ends with its filters (`['/api/tournaments', {}]`, ADR 025): its path is the rest.
            resolve(parsed.clientState.queries.map((q) => q.queryKey.filter((part) => typeof part !== 'object').join('/')));
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Paths saved in one of the service worker's runtime caches. */
export function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname);
  }, cacheName);
}

/** The paths of the pages the service worker saved (ADR 066) whose HTML contains `text`. */
export function savedPagesWith(page: Page, text: string): Promise<string[]> {
  return page.evaluate(async (needle) => {
    if (!(await caches.has('wta-pages'))) return [];
    const cache = await caches.open('wta-pages');
    const found: string[] = [];
    for (const request of await cache.keys()) {
      const html = (await (await cache.match(request, { ignoreVary: true }))?.text()) ?? '';
      if (html.includes(needle)) found.push(new URL(request.url).pathname);
    }
    return found;
  }, text);
}

/** What a fetch from the page gets: the HTTP status, or 'failed' when no answer came at all. */
export function fetchStatus(page: Page, path: string): Promise<number | 'failed'> {
  return page.evaluate((url) => fetch(url, { credentials: 'include' }).then((r) => r.status, () => 'failed' as const), path);
}

export function banner(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: BANNER });
}

export function tournamentCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Tournaments' }).getByRole('listitem');
}

/** The signal goes: the app is closed and opened again with none. */
export async function reopenWithoutSignal(
  context: BrowserContext,
  profile: string,
  venue: Venue,
): Promise<{ context: BrowserContext; page: Page }> {
  venue.setOffline(true);
  await context.setOffline(true);
  await context.close();
  return openApp(profile, venue.origin, true);
}

/**
 * D16, the fan at the venue: one online visit of the installed app (home, the tournament list, the first tournament,
 * the tickets), whose answers are saved twice (the persisted query cache and the service worker's caches); then no
 * signal, and the app closed and opened again shows each of them under the offline banner. Returns the app, still
 * offline, with the tournament's title and the ticket QR's name it showed.
 */
export async function fanOnlineThenOffline(
  profile: string,
  venue: Venue,
): Promise<{ context: BrowserContext; page: Page; title: string; qrName: string }> {
  // 1. One online visit as the fan.
  let { context, page } = await openApp(profile, venue.origin);
  await login(page, DEMO.fan);
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Next Tournament' }).getByRole('timer')).toBeVisible();

  await page.goto('/tournaments');
  const firstCard = tournamentCards(page).first();
  await expect(firstCard).toBeVisible();
  const detailLink = firstCard.getByRole('link').first();
  const detailPath = (await detailLink.getAttribute('href')) ?? '';
  expect(detailPath).toMatch(/^\/tournaments\/\d+$/);
  const title = (await firstCard.getByRole('heading').first().textContent())?.trim() ?? '';
  expect(title).not.toBe('');

  await page.goto(detailPath);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const detailApi = detailPath.replace('/tournaments/', '/api/tournaments/');
  // Saved once the app has had its moment to write (the persister writes at most every 250 ms).
  await expect.poll(() => persistedQueries(page), { timeout: 10_000 }).toContain(detailApi);

  await page.goto('/tickets');
  // The fan's seeded pass (checkout.spec buys its passes as fans of its own, so any one here is a seeded one).
  const qr = page.getByRole('img', { name: /^QR code for/ }).first();
  await expect(qr).toBeVisible();
  const qrName = (await qr.getAttribute('alt')) ?? '';

  // The answers are saved twice: the persisted query cache and the service worker's caches.
  await expect
    .poll(() => persistedQueries(page), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(['/api/auth/user', '/api/tournaments', detailApi, '/api/tickets/mine']));
  await expect.poll(() => cachedPaths(page, 'wta-user-data')).toEqual(expect.arrayContaining(['/api/auth/user', '/api/tickets/mine']));
  await expect.poll(() => cachedPaths(page, 'wta-api')).toEqual(expect.arrayContaining(['/api/tournaments']));
  // And the pages the server rendered, as the service worker last fetched them (ADR 066); My Tickets is the shell's.
  // (Not /: the reload above opened on the shell, whose saved answers still had the guest of the login page, and the
  // change from that guest to the fan forgets the saved pages, as it must.)
  await expect.poll(() => cachedPaths(page, 'wta-pages')).toEqual(expect.arrayContaining(['/tournaments', detailPath]));
  expect(await cachedPaths(page, 'wta-pages')).not.toContain('/tickets');
  // Online there is no banner.
  await expect(page.getByText(BANNER)).toHaveCount(0);

  // 2. No signal: the app is closed and opened again.
  ({ context, page } = await reopenWithoutSignal(context, profile, venue));

  // The list opens on the page saved from the last visit: its cards are in the HTML, before any code has run.
  const launch = await page.goto('/tournaments');
  const html = (await launch?.text()) ?? '';
  expect(html).toContain('id="wta-ssr" data-saved');
  expect(html).toContain(title);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText(/Saved \d{1,2}:\d{2} [AP]M/);
  await expect(tournamentCards(page).filter({ hasText: title }).first()).toBeVisible();
  // Really offline: a call nothing saved fails.
  expect(await fetchStatus(page, '/api/messages/unread-count')).toBe('failed');

  await page.goto(detailPath);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(banner(page)).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Next Tournament' }).getByRole('timer')).toBeVisible();
  await expect(banner(page)).toBeVisible();

  await page.goto('/tickets');
  await expect(page.getByRole('img', { name: qrName })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  return { context, page, title, qrName };
}
