import { chromium, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { chromiumArgs } from '../playwright.config.ts';
import { BASE_URL, DEMO, dismissIntroWhenShown, expect, login, test } from './fixtures.ts';

// D16 / issue 5: the installed app (a persistent Chromium profile, service workers allowed) visited online once,
// then reopened with no network, shows the saved tournament list, a tournament, the countdown, the waiver status
// and the fan's ticket QR under the 'Offline - showing saved data' banner; after sign-out nothing of the account
// is left on the device.

test.describe.configure({ mode: 'serial' });

// No signal, for real: Playwright's setOffline() makes navigator.onLine false for the page, but does not reliably cut
// the service worker's own fetches. So the app is reached through a small proxy (its own origin) whose "offline"
// switch drops every connection, as a venue without signal does; setOffline() is used too, for navigator.onLine.
interface Venue {
  origin: string;
  setOffline(offline: boolean): void;
  close(): Promise<void>;
}

async function openVenue(target: URL): Promise<Venue> {
  let offline = false;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    if (offline) {
      req.socket.destroy();
      return;
    }
    // The API checks the Origin of state-changing calls against its own address.
    const headers: IncomingHttpHeaders = { ...req.headers, host: target.host };
    if (headers.origin) headers.origin = target.origin;
    delete headers.referer;
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
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
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const BANNER = 'Offline - showing saved data';

/** Opens (or reopens) the installed app's profile, optionally already offline. */
async function openApp(dir: string, origin: string, offline = false): Promise<{ context: BrowserContext; page: Page }> {
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
  const page = context.pages()[0] ?? (await context.newPage());
  await dismissIntroWhenShown(page);
  return { context, page };
}

/** Waits until the service worker controls the page (it claims the page on its first install). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
}

/** The query keys (joined) in the persisted query cache (IndexedDB wta-query-cache). */
function persistedQueries(page: Page): Promise<string[]> {
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
            resolve(parsed.clientState.queries.map((q) => q.queryKey.join('/')));
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Paths saved in one of the service worker's runtime caches. */
function cachedPaths(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname);
  }, cacheName);
}

/** What a fetch from the page gets: the HTTP status, or 'failed' when no answer came at all. */
function fetchStatus(page: Page, path: string): Promise<number | 'failed'> {
  return page.evaluate((url) => fetch(url, { credentials: 'include' }).then((r) => r.status, () => 'failed' as const), path);
}

function banner(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: BANNER });
}

function tournamentCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Tournaments' }).getByRole('listitem');
}

test('the installed app opens offline with the saved tournaments, countdown and ticket QR, and forgets them on sign-out', async ({ baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const profile = testInfo.outputPath('fan-profile');
  const venue = await openVenue(new URL(baseURL ?? BASE_URL));

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
  // The fan may hold more than the seeded pass (checkout.spec buys one in the same run): any one will do.
  const qr = page.getByRole('img', { name: /^QR code for/ }).first();
  await expect(qr).toBeVisible();
  const qrName = (await qr.getAttribute('alt')) ?? '';

  // The answers are saved twice: the persisted query cache and the service worker's caches.
  await expect
    .poll(() => persistedQueries(page), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(['/api/auth/user', '/api/tournaments', detailApi, '/api/tickets/mine']));
  await expect.poll(() => cachedPaths(page, 'wta-user-data')).toEqual(expect.arrayContaining(['/api/auth/user', '/api/tickets/mine']));
  await expect.poll(() => cachedPaths(page, 'wta-api')).toEqual(expect.arrayContaining(['/api/tournaments']));
  // Online there is no banner.
  await expect(page.getByText(BANNER)).toHaveCount(0);

  // 2. No signal: the app is closed and opened again.
  venue.setOffline(true);
  await context.setOffline(true);
  await context.close();
  ({ context, page } = await openApp(profile, venue.origin, true));

  await page.goto('/tournaments');
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

  // Back online (the app opened again with signal) there is no banner. Reopened rather than switched in place:
  // Playwright's offline emulation of the service worker is not reliable enough to be undone mid-run.
  await context.close();
  venue.setOffline(false);
  ({ context, page } = await openApp(profile, venue.origin));
  await page.goto('/tickets');
  await expect(page.getByRole('img', { name: qrName })).toBeVisible();
  await expect(page.getByText(BANNER)).toHaveCount(0);

  // 3. Sign out (online), then offline again: nothing of the fan remains.
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect.poll(() => cachedPaths(page, 'wta-user-data')).not.toContain('/api/tickets/mine');
  await expect.poll(() => persistedQueries(page)).not.toContain('/api/tickets/mine');

  venue.setOffline(true);
  await context.setOffline(true);
  await context.close();
  ({ context, page } = await openApp(profile, venue.origin, true));
  await page.goto('/tournaments');
  await expect(banner(page)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toHaveCount(0);
  const saved = await persistedQueries(page);
  expect(saved.filter((key) => !/^\/api\/(tournaments|hero-video|divisions)/.test(key) && key !== '/api/auth/user')).toEqual([]);
  // The service worker keeps no answer of the fan's either.
  expect(await cachedPaths(page, 'wta-user-data')).toEqual([]);
  expect(await page.evaluate(() => caches.match('/api/tickets/mine').then((r) => r === undefined))).toBe(true);
  expect(await fetchStatus(page, '/api/tickets/mine')).toBe('failed');
  // The public data is still there for the guest.
  await expect(tournamentCards(page).filter({ hasText: title }).first()).toBeVisible();
  await context.close();
  await venue.close();
});

test('a verified player sees the saved waiver status offline', async ({ baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const profile = testInfo.outputPath('verified-profile');
  const venue = await openVenue(new URL(baseURL ?? BASE_URL));

  let { context, page } = await openApp(profile, venue.origin);
  await login(page, DEMO.verified);
  await page.goto('/waiver');
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Waiver Already Signed' })).toBeVisible();
  await expect.poll(() => persistedQueries(page), { timeout: 10_000 }).toContain('/api/waivers/status');

  venue.setOffline(true);
  await context.setOffline(true);
  await context.close();
  ({ context, page } = await openApp(profile, venue.origin, true));
  await page.goto('/waiver');
  await expect(page.getByRole('heading', { level: 1, name: 'Waiver Already Signed' })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await context.close();
  await venue.close();
});

test('actions that need the network are disabled offline, say why, and come back with the connection', async ({ page, context }) => {
  // Signing in needs the server: offline the form says so instead of failing once pressed.
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Login' });
  const signIn = form.getByRole('button', { name: 'Sign In' });
  await expect(signIn).toBeEnabled();
  await context.setOffline(true);
  await expect(signIn).toBeDisabled();
  await expect(signIn).toHaveAccessibleDescription('You are offline. Signing in needs a connection.');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await context.setOffline(false);
  await expect(signIn).toBeEnabled();
  await expect(form.getByText('Signing in needs a connection')).toHaveCount(0);

  // A signed-in fan on a tournament's Tickets tab: buying needs the network too.
  await login(page, DEMO.fan);
  const list = (await (await page.request.get('/api/tournaments')).json()) as { id: number; status: string }[];
  const upcoming = list.find((t) => t.status === 'upcoming');
  expect(upcoming).toBeDefined();
  await page.goto(`/tournaments/${upcoming?.id}`);
  await page.getByRole('tab', { name: 'Tickets', exact: true }).click();
  const panel = page.getByRole('tabpanel', { name: 'Tickets', exact: true });
  const buy = panel.getByRole('button', { name: 'Purchase Ticket: Supporter Pass' });
  await expect(buy).toBeEnabled();
  await context.setOffline(true);
  await expect(buy).toBeDisabled();
  await expect(panel.getByText('You are offline. Buying a ticket needs a connection.')).toBeVisible();
  await context.setOffline(false);
  await expect(buy).toBeEnabled();
});
