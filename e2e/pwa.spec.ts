// Issue 5 part 1, installable: the web manifest and every image it names, robots.txt, Chromium's own
// installability check once the service worker controls the page, and the in-app Install button / iOS hint.
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

interface ManifestImage {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
  form_factor?: string;
}
interface WebManifest {
  name: string;
  short_name: string;
  description: string;
  id: string;
  start_url: string;
  scope: string;
  display: string;
  orientation: string;
  theme_color: string;
  background_color: string;
  lang: string;
  dir: string;
  categories: string[];
  icons: ManifestImage[];
  shortcuts: Array<{ name: string; url: string; icons: ManifestImage[] }>;
  screenshots: ManifestImage[];
}

/** Width and height from a PNG's IHDR chunk (bytes 16-23), after checking the PNG signature. */
function pngSize(buf: Buffer): string {
  expect(buf.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])), 'PNG signature').toBe(true);
  expect(buf.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return `${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`;
}

async function fetchManifest(request: APIRequestContext): Promise<WebManifest> {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  return (await res.json()) as WebManifest;
}

/** Fetches an image the manifest names and checks it is a PNG of exactly the declared size. */
async function expectPng(request: APIRequestContext, image: ManifestImage) {
  const res = await request.get(image.src);
  expect(res.status(), image.src).toBe(200);
  expect(res.headers()['content-type'], image.src).toBe('image/png');
  expect(image.type, image.src).toBe('image/png');
  expect(pngSize(await res.body()), image.src).toBe(image.sizes);
}

/** Dispatches what Chromium fires when the app becomes installable; `window.__prompts` counts prompt() calls. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed'): Promise<boolean> {
  return page.evaluate((choice) => {
    const w = window as unknown as { __prompts: number };
    w.__prompts ??= 0;
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string; platform: string }>;
    };
    event.prompt = async () => {
      w.__prompts += 1;
    };
    event.userChoice = Promise.resolve({ outcome: choice, platform: 'web' });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

/** The installed app: a persistent profile (Chromium offers no installation in an incognito-like context) with
 * service workers allowed, on `path` once the worker controls the page (it claims its first page, or the next load). */
async function openInstalledApp(profileDir: string, baseURL: string | undefined, path: string) {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: chromiumArgs,
    baseURL,
    serviceWorkers: 'allow',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return { context, page };
}

test.describe('web manifest', () => {
  test('is served as application/manifest+json with every field an install needs', async ({ request, page }) => {
    const m = await fetchManifest(request);
    expect(m).toMatchObject({
      name: 'WTA League',
      short_name: 'WTA',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#111110',
      background_color: '#111110',
      lang: 'en-US',
      dir: 'ltr',
    });
    expect(m.description.length).toBeGreaterThan(10);
    expect(m.orientation).toBeTruthy();
    expect(m.categories).toContain('sports');

    const any = m.icons.filter((i) => (i.purpose ?? 'any') === 'any').map((i) => i.sizes);
    for (const size of [48, 72, 96, 128, 144, 152, 192, 256, 384, 512]) expect(any).toContain(`${size}x${size}`);
    const maskable = m.icons.filter((i) => i.purpose === 'maskable').map((i) => i.sizes);
    expect(maskable).toEqual(expect.arrayContaining(['192x192', '512x512']));

    expect(m.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Tournaments', '/tournaments'],
      ['My Tickets', '/tickets'],
    ]);
    for (const s of m.shortcuts) expect(s.icons.map((i) => i.sizes)).toContain('96x96');

    expect(m.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    const narrow = m.screenshots.find((s) => s.form_factor === 'narrow')!;
    const [nw, nh] = narrow.sizes.split('x').map(Number);
    expect(nh!).toBeGreaterThan(nw!);
    const wide = m.screenshots.find((s) => s.form_factor === 'wide')!;
    const [ww, wh] = wide.sizes.split('x').map(Number);
    expect(ww!).toBeGreaterThan(wh!);

    // The page links it, with the iOS home-screen tags beside it.
    await page.goto('/tournaments');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#111110');
  });

  test('every icon, shortcut icon and screenshot answers 200 with a PNG of the declared size', async ({ request }) => {
    const m = await fetchManifest(request);
    const images = [...m.icons, ...m.shortcuts.flatMap((s) => s.icons), ...m.screenshots];
    expect(images.length).toBeGreaterThanOrEqual(16);
    for (const image of images) await expectPng(request, image);
    await expectPng(request, { src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' });
  });

  test('Chromium reports no installability errors once the service worker controls the page', async ({ baseURL }, testInfo) => {
    const { context, page } = await openInstalledApp(testInfo.outputPath('profile'), baseURL, '/tournaments');
    try {
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }> };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test('the service worker keeps posters but never the install dialog’s screenshots', async ({ baseURL }, testInfo) => {
  const { context, page } = await openInstalledApp(testInfo.outputPath('images-profile'), baseURL, '/tournaments');
  try {
    const m = await fetchManifest(page.request);
    const screenshots = m.screenshots.map((s) => new URL(s.src, baseURL).pathname);
    expect(screenshots.length).toBeGreaterThan(0);
    const imagesCached = () =>
      page.evaluate(async () => {
        if (!(await caches.has('wta-images'))) return [];
        return (await (await caches.open('wta-images')).keys()).map((r) => new URL(r.url).pathname);
      });
    // Fetched through the page (the worker sees them): a poster is kept for offline use (positive control), the
    // screenshots are not (the build's config keeps them out of the precache for the same reason).
    const statuses = await page.evaluate(
      (paths) => Promise.all(paths.map((path) => fetch(path).then((r) => r.status))),
      ['/media/hero-poster.jpg', ...screenshots],
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    await expect.poll(imagesCached).toContain('/media/hero-poster.jpg');
    expect((await imagesCached()).filter((path) => path.startsWith('/media/screenshots/'))).toEqual([]);
    const precached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.includes('precache'));
      const keys = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
      return keys.flat().map((r) => new URL(r.url).pathname);
    });
    expect(precached.filter((path) => path.startsWith('/media/'))).toEqual([]);
    // A notification's icons are kept for offline use; the install-only sizes are not (ADR 068).
    expect(precached).toEqual(expect.arrayContaining(['/icons/icon-192.png', '/icons/icon-96.png', '/icons/apple-touch-icon.png']));
    expect(precached.filter((path) => /^\/icons\/(icon-(512|384|48)|icon-maskable|shortcut)/.test(path))).toEqual([]);
  } finally {
    await context.close();
  }
});

/**
 * Whether a crawler may fetch `path` under these rules (RFC 9309 for one group: the longest matching rule wins, Allow
 * over Disallow on a tie; `*` matches any characters and a final `$` anchors the end).
 */
function robotsAllows(rules: string[], path: string): boolean {
  let best: { length: number; allow: boolean } | null = null;
  for (const rule of rules) {
    const match = /^(Allow|Disallow):\s*(\S*)$/.exec(rule);
    if (!match || !match[2]) continue;
    const pattern = match[2];
    const anchored = pattern.endsWith('$');
    const body = (anchored ? pattern.slice(0, -1) : pattern)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    if (!new RegExp(`^${body}${anchored ? '$' : ''}`).test(path)) continue;
    const allow = match[1] === 'Allow';
    if (!best || pattern.length > best.length || (pattern.length === best.length && allow)) {
      best = { length: pattern.length, allow };
    }
  }
  return best?.allow ?? true;
}

test('robots.txt lets crawlers see the public pages and keeps them out of private ones', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/plain/);
  const rules = (await res.text())
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  expect(rules).toEqual([
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /admin',
    'Disallow: /auth',
    'Disallow: /register',
    'Disallow: /waiver',
    'Disallow: /dashboard',
    'Disallow: /verified-dashboard',
    'Disallow: /team-dashboard',
    'Disallow: /teams$',
    'Disallow: /teams/$',
    'Disallow: /tickets',
    'Disallow: /checkout/',
    'Disallow: /donate',
    'Disallow: /messages',
    'Disallow: /free-agency',
    'Disallow: /transfer-portal',
    'Disallow: /apply-verified',
    'Disallow: /media-day',
    'Disallow: /host-tournament',
    'Disallow: /edit-profile',
    // The sitemap by its absolute URL (issue 12): the league's own origin.
    `Sitemap: ${new URL('/sitemap.xml', res.url()).href}`,
  ]);

  // What a crawler concludes, page by page: the signed-in, sign-in, waiver and payment pages of the route table
  // (000 s2 and app/routes) are out; the public pages are in.
  const privatePages = [
    '/api/tournaments',
    '/admin',
    '/auth',
    '/auth?tab=register',
    '/register',
    '/waiver',
    '/dashboard',
    '/verified-dashboard',
    '/team-dashboard',
    '/teams',
    '/teams/',
    '/tickets',
    '/checkout/success',
    '/checkout/cancel',
    '/donate',
    '/messages',
    '/free-agency',
    '/transfer-portal',
    '/apply-verified',
    '/media-day',
    '/media-day-rsvp',
    '/host-tournament',
    '/edit-profile',
  ];
  for (const path of privatePages) expect(robotsAllows(rules, path), `${path} is disallowed`).toBe(false);
  const publicPages = [
    '/',
    '/tournaments',
    '/tournaments/3',
    '/divisions/hoop',
    '/sponsorship',
    '/search',
    '/leaderboards',
    '/bracket-archive',
    '/teams/12',
    '/team/12',
    '/player/7',
    '/terms',
    '/privacy',
    '/code-of-conduct',
  ];
  for (const path of publicPages) expect(robotsAllows(rules, path), `${path} is allowed`).toBe(true);
});

test.describe('Install app button', () => {
  // axe-core on a full page takes 30-45 s on this two-core machine when other suites run beside it.
  test.slow();
  test('appears only when the browser offers installation, and prompts once', async ({ page }) => {
    await page.goto('/tournaments');
    await expect(page.getByRole('heading', { level: 1, name: 'Tournaments' })).toBeVisible();
    const install = page.getByRole('button', { name: 'Install app' });
    await expect(install).toHaveCount(0);

    // The app takes the event over (no browser mini-infobar) and shows its own button.
    expect(await offerInstall(page)).toBe(true);
    await expect(install).toBeVisible();
    const box = (await install.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousA11yViolations(page, '/tournaments with the Install app button');

    await install.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prompts: number }).__prompts)).toBe(1);
    // The browser's prompt can be shown only once per event: the button goes away whatever the answer.
    await expect(install).toHaveCount(0);
  });

  test('disappears once the app is installed', async ({ page }) => {
    await page.goto('/');
    await offerInstall(page);
    const install = page.getByRole('button', { name: 'Install app' });
    await expect(install).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(install).toHaveCount(0);
    // A later offer in the same session changes nothing: the app is installed.
    await offerInstall(page);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(install).toHaveCount(0);
  });

  test('does not move the landing page when it appears', async ({ page }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect(heading).toBeVisible();
    const before = await heading.boundingBox();
    await offerInstall(page);
    await expect(page.getByRole('button', { name: 'Install app' })).toBeVisible();
    expect(await heading.boundingBox()).toEqual(before);
  });
});

test.describe('iOS', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
      'Version/18.0 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });

  test('shows the Add to Home Screen hint until it is dismissed, then never again', async ({ page }) => {
    test.slow();
    await page.goto('/tournaments');
    const hint = page.getByRole('complementary', { name: 'Install the app' });
    await expect(hint).toContainText('Install: tap Share, then Add to Home Screen');
    await expect(page.getByRole('button', { name: 'Install app' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '/tournaments with the iOS install hint');

    const dismiss = hint.getByRole('button', { name: 'Dismiss install hint' });
    expect((await dismiss.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await dismiss.click();
    await expect(hint).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Tournaments' })).toBeVisible();
    await expect(page.getByText('Install: tap Share, then Add to Home Screen')).toHaveCount(0);
  });
});
