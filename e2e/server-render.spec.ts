import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectNoSeriousA11yViolations,
  login,
  pageHydrated,
  plainTest,
  test,
  watchLayoutShifts,
} from './fixtures.ts';
import { queryE2eDb } from './e2e-db.ts';

// Issue 12 (ADR 027): public pages arrive as HTML with their content, data and link-preview tags, then hydrate with
// no console error, no layout shift and no second fetch of the data they arrived with.

async function aListedTournament(): Promise<{ id: number; title: string }> {
  const rows = await queryE2eDb(
    "SELECT id, title FROM tournaments WHERE status IN ('upcoming', 'live') ORDER BY start_date LIMIT 1",
  );
  return { id: Number(rows[0]!.id), title: String(rows[0]!.title) };
}

/** Console errors and page errors from the first byte on, and the layout shifts the page's code could cause. */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A guest's page asks nothing it was not rendered with, so not even a 401 may show up here (Lighthouse's
    // best-practices audit counts those as console errors).
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const shifts = await watchLayoutShifts(page);
  return { errors, shifts };
}

/**
 * The classes on the page that have a rule in the whole stylesheet (the shell's) but none in the stylesheets the page
 * has loaded, and which stylesheets those are (ADR 049: a public page links only the rules its code names).
 */
/** The stylesheets the page links, and the one the shell (a page the server does not render) links. */
function linkedStylesheets(page: Page): Promise<{ linked: string[]; shell: string }> {
  return page.evaluate(async () => {
    const html = await (await fetch('/dashboard', { headers: { accept: 'text/html' } })).text();
    return {
      linked: Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).map((l) => new URL(l.href).pathname),
      shell: /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)![1]!,
    };
  });
}

test.describe('public pages rendered on the server', () => {
  test('a tournament page: the HTML alone holds its title, data and preview tags', async ({ request }) => {
    const t = await aListedTournament();
    const res = await request.get(`/tournaments/${t.id}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('no-cache');
    const html = await res.text();
    const escapedTitle = t.title.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
    expect(html).toContain(`<title>${escapedTitle} | WTA League</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escapedTitle} | WTA League" />`);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+" \/>/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary(?:_large_image)?" \/>/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http[^"]+/tournaments/${t.id}" />`));
    expect(html).toMatch(/prize pool/);
    // The content itself, not an empty shell: the heading and the stat cards.
    expect(html).toMatch(new RegExp(`<h1[^>]*>${escapedTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html).toContain('Prize Pool');
    expect(html).toContain('<script type="application/json" id="wta-ssr">');
  });

  test('the list, the landing page and a division arrive with their content', async ({ request }) => {
    const t = await aListedTournament();
    const list = await (await request.get('/tournaments')).text();
    expect(list).toContain('<title>Tournaments | WTA League</title>');
    expect(list).toContain(`/tournaments/${t.id}`);
    const landing = await (await request.get('/')).text();
    expect(landing).toContain('<title>WTA League</title>');
    expect(landing).toContain('Featured Divisions');
    const division = await request.get('/divisions/hoop');
    expect(await division.text()).toMatch(/<title>[^<]*Hoop[^<]*\| WTA League<\/title>/);
    const missing = await request.get('/tournaments/987654321');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('Page Not Found');
  });

  test('hydration: no console error, no layout shift, no second fetch of the page data', async ({ page }) => {
    const t = await aListedTournament();
    const seen = await watch(page);
    const apiReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiReads.push(new URL(request.url()).pathname);
    });
    await page.goto(`/tournaments/${t.id}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    // Interactive after hydration: a tab switches.
    await page.getByRole('tab', { name: 'Registration' }).click();
    await expect(page.getByRole('tab', { name: 'Registration' })).toHaveAttribute('aria-selected', 'true');
    expect(apiReads).not.toContain(`/api/tournaments/${t.id}`);
    // The signed-in user came with the page; the outbox asks again only when something waits on the device.
    expect(apiReads).not.toContain('/api/auth/user');
    expect(seen.errors).toEqual([]);
    expect(await seen.shifts()).toBe(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a first visit in another zone with a clock ahead: hydration matches, then dates turn local', async ({
    browser,
  }) => {
    const rows = await queryE2eDb(
      "SELECT id, title, start_date FROM tournaments WHERE status = 'upcoming' ORDER BY start_date LIMIT 1",
    );
    const t = { id: Number(rows[0]!.id), title: String(rows[0]!.title), start: new Date(Number(rows[0]!.start_date)) };
    // No wta_tz cookie yet: the server writes UTC. The browser's clock runs 7 s ahead of the server's, so a
    // countdown or date that read the browser's clock or zone while hydrating would differ from the HTML (#418).
    const context = await browser.newContext({
      timezoneId: 'America/New_York',
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() + 7_000 });
    const seen = await watch(page);
    const time = (zone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(t.start);
    expect(time('UTC')).not.toBe(time('America/New_York'));

    const response = await page.goto(`/tournaments/${t.id}`);
    expect(await response!.text()).toContain(time('UTC'));
    await pageHydrated(page);
    const starts = page
      .getByRole('main')
      .getByText(`at ${time('America/New_York')}`)
      .first();
    await expect(starts).toBeVisible();
    // Interactive at once: nothing remounts after hydration.
    await page.getByRole('tab', { name: 'Registration' }).click();
    await expect(page.getByRole('tab', { name: 'Registration' })).toHaveAttribute('aria-selected', 'true');

    // The browser's zone, asked of Intl in a worker once the page is idle, is kept for the server's next render.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'wta_tz')?.value, { timeout: 20_000 })
      .toBe(encodeURIComponent('America/New_York'));

    await page.goto('/tournaments');
    await pageHydrated(page);
    await expect(page.getByRole('heading', { name: t.title }).first()).toBeVisible();
    expect(seen.errors).toEqual([]);
    await context.close();
  });

  // The plain Playwright test: the fixture's handler would skip the intro before this test sees it.
  plainTest('the landing page hydrates cleanly, then the intro plays on a first visit', async ({ page }) => {
    const seen = await watch(page);
    await page.goto('/');
    // The server's HTML is the first paint: the landing content, no overlay.
    await expect(page.getByRole('heading', { name: 'Featured Divisions' })).toBeAttached();
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const intro = page.getByRole('dialog', { name: 'WTA League intro video' });
    await expect(intro).toBeVisible();
    await page.getByRole('button', { name: 'Skip Video', exact: true }).click();
    await expect(intro).toBeHidden();
    expect(await page.evaluate(() => sessionStorage.getItem('wta-intro-seen'))).not.toBeNull();
    expect(seen.errors).toEqual([]);
    expect(await seen.shifts()).toBe(0);
  });

  test("every public page links the app's one stylesheet, and a screen opened from it needs no other (ADR 064)", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = await aListedTournament();
    // An archive entry's address opens its details, which the server renders with the page.
    const completed = await queryE2eDb("SELECT id FROM tournaments WHERE status = 'completed' LIMIT 1");
    expect(completed, 'the demo league has a completed tournament').toHaveLength(1);
    await page.setViewportSize({ width: 360, height: 740 });
    const paths = [
      '/',
      '/tournaments',
      `/tournaments/${t.id}`,
      '/tournaments/987654321',
      '/divisions/hoop',
      '/leaderboards',
      '/bracket-archive',
      `/bracket-archive?details=${String(completed[0]!.id)}`,
      '/blog',
      '/search',
      '/terms',
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      if (path.includes('details=')) await expect(page.getByRole('dialog')).toBeVisible();
      const { linked, shell } = await linkedStylesheets(page);
      expect(linked, path).toEqual([shell]);
    }
    // A screen the server does not render (signing in), opened from a public page, is drawn from the same file.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/auth');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('button', { name: /log ?in|sign ?in/i }).first()).toBeVisible();
    const after = await linkedStylesheets(page);
    expect(after.linked).toEqual([after.shell]);
  });

  test('a page rendered for one account never reaches another on the same device', async ({ page, request }) => {
    const t = await aListedTournament();
    await login(page, DEMO.player);
    const first = await page.request.get(`/tournaments/${t.id}`);
    expect(first.headers()['cache-control']).toBe('private, no-store');
    expect(await first.text()).toContain(DEMO.player);
    await page.goto(`/tournaments/${t.id}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect(page.getByRole('button', { name: /log ?out/i }).first()).toBeAttached();

    // Same device: sign out, then the other account signs in.
    await page.request.post('/api/logout', { headers: { origin: new URL(page.url()).origin } });
    await login(page, DEMO.fan);
    const second = await (await page.request.get(`/tournaments/${t.id}`)).text();
    expect(second).toContain(DEMO.fan);
    expect(second).not.toContain(DEMO.player);
    await page.goto(`/tournaments/${t.id}`);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    expect(await page.content()).not.toContain(DEMO.player);

    // A guest (another browser context) gets a page with nobody's data.
    const guest = await (await request.get(`/tournaments/${t.id}`)).text();
    expect(guest).not.toContain(DEMO.player);
    expect(guest).not.toContain(DEMO.fan);
  });
});
