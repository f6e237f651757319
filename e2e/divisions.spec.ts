import type { Locator, Page, Route } from '@playwright/test';
import type { Division } from '../edge/features/tournaments/schema.ts';
import { longDateUtc } from './dates.ts';
import { expect, expectNoSeriousA11yViolations, openInApp, test } from './fixtures.ts';

// D17: /divisions/{slug} for the eight divisions (the landing page's Featured Divisions cards lead there): the
// division's upcoming and live tournaments, recent completed ones with their champions, and its top players.

const SLUGS = ['hoop', 'flag-football', 'kickball', 'slap', 'slamball', 'soccer', 'boxing', 'pickleball'] as const;

async function division(page: Page, slug: string): Promise<Division> {
  const res = await page.request.get(`/api/divisions/${slug}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Division;
}

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

const money = (dollars: number) => `$${Math.floor(dollars).toLocaleString('en-US')}`;

test('every Featured Divisions card of the landing page opens its division page', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByRole('region', { name: 'Featured Divisions' }).getByRole('link');
  await expect(cards).toHaveCount(8);
  for (const [index, slug] of SLUGS.entries()) {
    const name = (await cards.nth(index).textContent())!.trim();
    await cards.nth(index).click();
    await expect(page).toHaveURL(new RegExp(`/divisions/${slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(`${name} | WTA League`);
    await page.goBack();
    await expect(cards).toHaveCount(8);
  }
});

test('a division page shows its tournaments, recent champions and top players', async ({ page }) => {
  const hoop = await division(page, 'hoop');
  expect(hoop.upcoming.length).toBeGreaterThan(0);
  expect(hoop.recent.length).toBeGreaterThan(0);
  expect(hoop.topPlayers.length).toBeGreaterThan(0);
  await page.goto('/divisions/hoop');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoop');

  const upcoming = section(page, 'Upcoming Tournaments');
  for (const t of hoop.upcoming) {
    const card = upcoming.getByRole('listitem').filter({ has: page.getByRole('link', { name: t.title, exact: true }) });
    await expect(card.getByRole('link', { name: t.title, exact: true })).toHaveAttribute(
      'href',
      `/tournaments/${t.id}`,
    );
    await expect(card.getByText(t.status === 'live' ? 'Live Now' : 'Upcoming', { exact: true })).toBeVisible();
    // A live tournament is dated by when it started, an upcoming one by its schedule (issue 34).
    const date = t.startedAt ? `Started ${longDateUtc(t.startedAt)}` : `Starts ${longDateUtc(t.startDate)}`;
    await expect(card.getByText(date, { exact: true })).toBeVisible();
    if (t.location) await expect(card.getByText(t.location, { exact: true })).toBeVisible();
    await expect(card.getByRole('definition').first()).toHaveText(money(t.buyIn));
    await expect(card.getByText('Buy-In', { exact: true })).toBeVisible();
    await expect(card.getByText('Prize Pool', { exact: true })).toBeVisible();
    await expect(card.getByRole('definition').nth(1)).toHaveText(money(t.prizePool));
  }

  const recent = section(page, 'Recent Champions');
  for (const t of hoop.recent) {
    const card = recent.getByRole('listitem').filter({ has: page.getByRole('link', { name: t.title, exact: true }) });
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    expect(t.completedAt).not.toBeNull();
    await expect(card.getByText(`Completed ${longDateUtc(t.completedAt!)}`, { exact: true })).toBeVisible();
    if (t.champion) {
      await expect(card.getByText(`Champion: ${t.champion.firstName} ${t.champion.lastName}`)).toBeVisible();
    }
  }

  const rows = section(page, 'Top Players').getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(hoop.topPlayers.length + 1);
  for (const [index, player] of hoop.topPlayers.entries()) {
    const row = rows.nth(index + 1);
    const name = `${player.firstName} ${player.lastName}`;
    await expect(row.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/player/${player.id}`);
    await expect(row.getByRole('cell').nth(2)).toHaveText(`${player.wtaPoints.toLocaleString('en-US')} pts`);
    await expect(row.getByRole('cell').nth(3)).toHaveText(`${player.wins}-${player.losses}`);
    if (player.city) await expect(row.getByText(player.city, { exact: true })).toBeVisible();
    await expect(row.getByText('Verified', { exact: true })).toHaveCount(player.isVerified ? 1 : 0);
  }
  // Points order, best first.
  const points = hoop.topPlayers.map((p) => p.wtaPoints);
  expect(points).toEqual([...points].sort((a, b) => b - a));
  await expectNoSeriousA11yViolations(page, '/divisions/hoop');

  await upcoming.getByRole('link', { name: hoop.upcoming[0]!.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/${hoop.upcoming[0]!.id}$`));
});

test('a tournament opened from a division page on a slow connection arrives, and the page throws nothing', async ({
  page,
}) => {
  // Issue 34: when a client navigation waits longer than the router's pendingMs (1 s) and the screen's code (with
  // its skeleton) is slower still, preact/compat's Suspense re-rendered the route's MatchInner it had unmounted
  // meanwhile: 'Cannot read properties of null (reading '__cC3')' (ADR 055; the fixture fails a test on any page
  // error). React does not re-render an unmounted component (ADR 063); the journey stays, a slow navigation's own. The delays only order the arrivals as a slow connection does:
  // a machine too slow to keep that order could miss the old failure, never fail a good build.
  const hoop = await division(page, 'hoop');
  const first = hoop.upcoming[0]!;
  await page.goto('/divisions/hoop');
  const slow = (ms: number) => async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  };
  await page.route(/\/assets\/tournaments\._id-[\w-]+\.js$/, slow(2_500));
  await page.route(new RegExp(`/api/tournaments/${first.id}$`), slow(5_000));
  await section(page, 'Upcoming Tournaments').getByRole('link', { name: first.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tournaments/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
});

test('a live tournament is listed with its Live Now badge', async ({ page }) => {
  const slamball = await division(page, 'slamball');
  const live = slamball.upcoming.find((t) => t.status === 'live');
  expect(live, 'the seeded live tournament is in the slamball division').toBeDefined();
  await page.goto('/divisions/slamball');
  const card = section(page, 'Upcoming Tournaments')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: live!.title, exact: true }) });
  await expect(card.getByText('Live Now', { exact: true })).toBeVisible();
});

test('empty states', async ({ page }) => {
  await page.route('**/api/divisions/boxing', (route) =>
    route.fulfill({
      json: {
        slug: 'boxing',
        name: 'Boxing',
        upcoming: [],
        upcomingNextCursor: null,
        recent: [],
        topPlayers: [],
      } satisfies Division,
    }),
  );
  await openInApp(page, '/divisions/boxing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Boxing');
  await expect(page.getByText('No upcoming tournaments in this division', { exact: true })).toBeVisible();
  await expect(page.getByText('No completed tournaments in this division yet', { exact: true })).toBeVisible();
  await expect(page.getByText('No ranked players in this division yet', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/divisions/boxing (empty)');
});

test('Load More adds the next page of upcoming tournaments below and moves focus to its first card', async ({
  page,
}) => {
  // The division answers its first page and a cursor (ADR 025); the next page comes from /upcoming after it.
  const hoop = await division(page, 'hoop');
  const model = hoop.upcoming[0]!;
  const fake = (n: number) => ({ ...model, id: 90_000 + n, title: `Paged Cup ${n}` });
  await page.route('**/api/divisions/pickleball', (route) =>
    route.fulfill({
      json: {
        slug: 'pickleball',
        name: 'Pickleball',
        upcoming: Array.from({ length: 12 }, (_, i) => fake(i + 1)),
        upcomingNextCursor: 'MS4xLjk5',
        recent: [],
        topPlayers: [],
      } satisfies Division,
    }),
  );
  const asked: string[] = [];
  await page.route('**/api/divisions/pickleball/upcoming?*', (route) => {
    asked.push(new URL(route.request().url()).search);
    return route.fulfill({ json: [13, 14, 15].map(fake) });
  });
  await openInApp(page, '/divisions/pickleball');
  const upcoming = section(page, 'Upcoming Tournaments');
  await expect(upcoming.getByRole('listitem')).toHaveCount(12);
  expect(asked, 'nothing more is fetched until asked').toEqual([]);
  await upcoming.getByRole('button', { name: 'Load More' }).click();
  await expect(upcoming.getByRole('listitem')).toHaveCount(15);
  expect(asked).toEqual(['?cursor=MS4xLjk5']);
  await expect(upcoming.getByRole('listitem').nth(12).getByRole('link').first()).toBeFocused();
  // The last page: no cursor, no button.
  await expect(upcoming.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/divisions/pickleball (second page)');
});

test('an unknown division is the not-found page; paths match case-insensitively', async ({ page }) => {
  for (const path of ['/divisions/curling', '/divisions/hoop-extra']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText("The page you're looking for doesn't exist")).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, '/divisions/hoop-extra (not found)');

  await page.goto('/divisions/HOOP/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hoop');
});

test('a failed fetch names what failed, with the server message and Try Again', async ({ page }) => {
  let fail = true;
  await page.route('**/api/divisions/soccer', (route) =>
    fail ? route.fulfill({ status: 500, json: { message: 'Database unavailable' } }) : route.continue(),
  );
  await openInApp(page, '/divisions/soccer');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch division' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('Database unavailable')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/divisions/soccer (error)');
  fail = false;
  await alert.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Soccer');
});
