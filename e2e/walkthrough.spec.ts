import type { Locator, Page } from '@playwright/test';
import type { CheckoutResponse } from '../edge/features/payments/schema.ts';
import type { Tournament } from '../edge/features/tournaments/schema.ts';
import {
  BASE_URL,
  DEMO,
  expect,
  expectNoSeriousA11yViolations,
  login,
  loginForm,
  pageReady,
  signInAsNew,
  test,
  toast,
  topBar,
  uniqueEmail,
} from './fixtures.ts';

// What an outside walkthrough of the screens found (issue 10), each as the browser shows it. Accounts whose state a
// test asserts are fresh; demo data is only read.

async function listedTournaments(page: Page): Promise<Tournament[]> {
  const res = await page.request.get('/api/tournaments?limit=100'); // the demo league fits one page (ADR 025)
  expect(res.status()).toBe(200);
  return (await res.json()) as Tournament[];
}

/**
 * The tournaments a visit to `path` shows: the first page the server rendered the list from, or the page's own fetch
 * of it when the server sent the shell (an address it normalizes, such as an unknown filter).
 */
async function visitList(page: Page, path: string): Promise<Tournament[]> {
  const fetched = page
    .waitForResponse((r) => new URL(r.url()).pathname === '/api/tournaments' && r.request().method() === 'GET')
    .then(async (r) => (await r.json()) as Tournament[])
    .catch(() => null);
  await page.goto(path);
  // The shell has no server state at all: asked for its text, the locator would wait for one.
  const ssr = page.locator('script#wta-ssr');
  const state = JSON.parse(((await ssr.count()) > 0 ? await ssr.textContent() : null) ?? 'null') as {
    queries: { queries: { queryKey: unknown[]; state: { data?: { pages?: { tournaments: Tournament[] }[] } } }[] };
  } | null;
  const rendered = state?.queries.queries.find((q) => q.queryKey[0] === '/api/tournaments' && q.state.data?.pages);
  if (rendered) return rendered.state.data!.pages!.flatMap((p) => p.tournaments);
  const answer = await fetched;
  expect(answer, `${path} fetched its list`).not.toBeNull();
  return answer!;
}

async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** Buys and pays a General Admission ticket through the API (the built-in test checkout) as the page's account. */
async function buyTicket(page: Page, tournamentId: number): Promise<{ sessionId: string; successUrl: string }> {
  const res = await page.request.post('/api/stripe/checkout/ticket', {
    data: { tournamentId, tier: 'general' },
    headers: { origin: BASE_URL },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { sessionId } = (await res.json()) as CheckoutResponse;
  const paid = await page.request.post(`/api/payments/test-checkout/${sessionId}/pay`, { headers: { origin: BASE_URL } });
  expect(paid.status(), await paid.text()).toBe(200);
  const { redirectUrl } = (await paid.json()) as { redirectUrl: string };
  return { sessionId: sessionId!, successUrl: new URL(redirectUrl).pathname + new URL(redirectUrl).search };
}

function boxesOverlap(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('unknown query values fall back to the default view', () => {
  test('/checkout/cancel?type=foo names no kind of payment and Try Again goes to the dashboard', async ({ page }) => {
    await page.goto('/checkout/cancel?type=foo&id=abc');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeVisible();
    await expect(main).toContainText('Your payment was cancelled. You have not been charged.');
    await expect(main).not.toContainText('undefined');
    await expect(main.getByRole('link', { name: 'Try Again' })).toHaveAttribute('href', '/dashboard');
    await expectNoSeriousA11yViolations(page, '/checkout/cancel?type=foo');
  });

  test('/tournaments?status=garbage shows All with every tournament', async ({ page }) => {
    // Against the answer the page itself showed: other files create tournaments meanwhile (two workers).
    const all = await visitList(page, '/tournaments?status=garbage');
    await expect(page.getByRole('tab', { name: 'All', exact: true })).toHaveAttribute('aria-selected', 'true');
    expect(new Set(all.map((t) => t.status)).size, 'every status, not one filter').toBeGreaterThan(1);
    await expect(page.getByRole('list', { name: 'Tournaments' }).getByRole('heading', { level: 2 })).toHaveCount(all.length);
    // The same page as /tournaments, which tournaments.spec.ts scans with axe.
  });

  test('/auth?tab=foo shows the Login form', async ({ page }) => {
    await page.goto('/auth?tab=foo');
    await expect(page.getByRole('tab', { name: 'Login', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(loginForm(page).getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
    await expect(loginForm(page).getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth?tab=foo');
  });
});

test("a completed tournament's Tickets tab says tickets are not on sale instead of offering them", async ({ page }) => {
  const completed = (await listedTournaments(page)).find((t) => t.status === 'completed');
  expect(completed, 'a seeded completed tournament').toBeDefined();
  await signInAsNew(page, 'fan');
  await page.goto(`/tournaments/${completed!.id}`);
  const panel = await openTab(page, 'Tickets');
  await expect(panel.getByText('Tickets are not on sale for this tournament')).toBeVisible();
  await expect(panel.getByRole('button', { name: /Purchase Ticket/ })).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'Upcoming Tournaments' })).toHaveAttribute('href', '/tournaments?status=upcoming');
  await expectNoSeriousA11yViolations(page, 'completed tournament tickets');
});

test.describe('tickets', () => {
  test('My Tickets prints each code once, and the success page shows the purchase only to its payer', async ({
    page,
    browser,
  }) => {
    // Two accounts' pages, a purchase and three axe scans: a journey, not a glance.
    test.setTimeout(240_000);
    const upcoming = (await listedTournaments(page)).find((t) => t.status === 'upcoming');
    expect(upcoming, 'a seeded upcoming tournament').toBeDefined();
    await signInAsNew(page, 'fan');
    const { successUrl } = await buyTicket(page, upcoming!.id);
    const [ticket] = (await (await page.request.get('/api/tickets/mine')).json()) as { code: string }[];
    expect(ticket).toBeDefined();

    await page.goto('/tickets');
    const card = page.getByRole('list', { name: 'Tickets' }).getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('img', { name: new RegExp(`QR code for .* ${ticket!.code}`) })).toBeVisible();
    const text = await card.innerText();
    expect(text.split(ticket!.code).length - 1, 'times the ticket code is printed on its card').toBe(1);
    await expectNoSeriousA11yViolations(page, '/tickets');

    // The payer's return page: what, where and how much.
    await page.goto(successUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Your ticket is ready' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('($10 paid)');
    await expect(page.getByRole('main')).toContainText(upcoming!.title);

    // Anyone else holding the link, signed out here, learns only that it was paid.
    const other = await browser.newContext();
    try {
      const stranger = await other.newPage();
      await stranger.goto(successUrl);
      await expect(stranger.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
      await expect(stranger.getByRole('main')).not.toContainText('$10');
      await expect(stranger.getByRole('main')).not.toContainText(upcoming!.title);
      await expect(stranger.getByRole('main')).not.toContainText(ticket!.code);
      await expect(stranger.getByRole('img', { name: /QR code/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(stranger, '/checkout/success (not the payer)');
    } finally {
      await other.close();
    }
  });
});

test.describe('the desktop top bar (1280 px)', () => {
  test('Dashboard, Notifications and Logout have visible labels and keep their names', async ({ page }) => {
    await signInAsNew(page, 'player');
    await page.goto('/');
    await pageReady(page);
    const bar = topBar(page);
    const dashboard = bar.getByRole('link', { name: 'Dashboard', exact: true });
    const notifications = bar.getByRole('link', { name: /^Notifications/ });
    const logout = bar.getByRole('button', { name: 'Logout', exact: true });
    for (const [control, label] of [
      [dashboard, 'Dashboard'],
      [notifications, 'Notifications'],
      [logout, 'Logout'],
    ] as const) {
      await expect(control.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(dashboard).toHaveAttribute('href', '/dashboard');
    await expect(notifications).toHaveAttribute('href', '/messages');
    await expectNoSeriousA11yViolations(page, 'desktop top bar (player)');
  });

  test("an admin's bar shows Admin in words too, and still fits", async ({ page }) => {
    await login(page, DEMO.admin);
    await page.goto('/');
    await pageReady(page);
    const admin = topBar(page).getByRole('link', { name: 'Admin', exact: true });
    await expect(admin.getByText('Admin', { exact: true })).toBeVisible();
    const nav = topBar(page).getByRole('navigation', { name: 'Main' });
    const fits = await nav.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits, 'the top bar holds every control without overflowing').toBe(true);
  });
});

test.describe('on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("after a failed login the toast lies over the top bar, never over the form's controls", async ({ page }) => {
    await page.goto('/auth');
    const form = loginForm(page);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('nobody'));
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password-1');
    await form.getByRole('button', { name: 'Sign In' }).click();
    const failed = toast(page, 'Login failed');
    await expect(failed).toBeVisible();
    const toastBox = (await failed.boundingBox())!;
    const barBox = (await topBar(page).boundingBox())!;
    expect(toastBox.y + toastBox.height, 'the toast ends within the top bar').toBeLessThanOrEqual(barBox.y + barBox.height);

    const controls = form.locator('input, button, a, select');
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      if (box) expect(boxesOverlap(toastBox, box), `toast over ${await control.evaluate((el) => el.outerHTML.slice(0, 80))}`).toBe(false);
    }

    // The Register tab's Create Account, scrolled to where a thumb reaches it, is not under the toast either.
    await page.getByRole('tab', { name: 'Register', exact: true }).click();
    const create = page.getByRole('button', { name: 'Create Account' });
    await create.scrollIntoViewIfNeeded();
    const createBox = (await create.boundingBox())!;
    expect(boxesOverlap(toastBox, createBox)).toBe(false);
  });

  test('the division page stacks into one column without overflowing', async ({ page }) => {
    await page.goto('/divisions/hoop');
    await pageReady(page);
    const upcoming = (await page.getByRole('region', { name: 'Upcoming Tournaments' }).boundingBox())!;
    const players = (await page.getByRole('region', { name: 'Top Players' }).boundingBox())!;
    expect(players.y).toBeGreaterThan(upcoming.y + upcoming.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('the width of a desktop', () => {
  test('a division page puts its top players beside its tournaments', async ({ page }) => {
    await page.goto('/divisions/hoop');
    await pageReady(page);
    const upcoming = (await page.getByRole('region', { name: 'Upcoming Tournaments' }).boundingBox())!;
    const players = (await page.getByRole('region', { name: 'Top Players' }).boundingBox())!;
    expect(players.x, 'Top Players is a column to the right').toBeGreaterThanOrEqual(upcoming.x + upcoming.width);
    expect(Math.abs(players.y - upcoming.y)).toBeLessThan(4);
    // Points read as on the team page.
    await expect(page.getByRole('region', { name: 'Top Players' }).getByRole('cell', { name: /^\d{1,3}(,\d{3})* pts$/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/divisions/hoop (desktop)');
  });

  test('the Sponsors tab sets its tiers side by side, bronze in its own colour', async ({ page }) => {
    const hoop = (await listedTournaments(page)).find((t) => t.title === 'Hoop Kings 1v1 Classic');
    expect(hoop, 'the seeded Hoop Kings 1v1 Classic').toBeDefined();
    await page.goto(`/tournaments/${hoop!.id}`);
    const panel = await openTab(page, 'Sponsors');
    const tier = (name: string) => panel.getByRole('region', { name, exact: true });
    await expect(tier('Title Sponsor')).toBeVisible();
    const tiers = ['Title Sponsor', 'Gold Sponsor', 'Silver Sponsor', 'Bronze Sponsor'];
    const boxes = await Promise.all(tiers.map(async (name) => (await tier(name).boundingBox())!));
    for (const box of boxes.slice(1)) expect(Math.abs(box.y - boxes[0]!.y), 'tiers on one row').toBeLessThan(4);
    const dotColour = (name: string) =>
      tier(name)
        .getByRole('heading')
        .locator('[aria-hidden="true"]')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    // Not two shades of the same yellow (gold and bronze were amber 9 and amber 10, 38 apart): a colour of its own.
    const rgb = (css: string) => css.match(/\d+/g)!.slice(0, 3).map(Number);
    const [bronze, gold] = [rgb(await dotColour('Bronze Sponsor')), rgb(await dotColour('Gold Sponsor'))];
    const distance = Math.hypot(...bronze.map((c, i) => c - gold[i]!));
    expect(distance, `bronze ${bronze} vs gold ${gold}`).toBeGreaterThan(80);
    await expectNoSeriousA11yViolations(page, 'sponsors tab (desktop)');
  });
});
