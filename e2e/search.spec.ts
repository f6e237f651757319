import { queryE2eDb } from './e2e-db.ts';
import { DEMO, expect, expectNoSeriousA11yViolations, pageHydrated, test } from './fixtures.ts';

// Global search (001 Search, D30): a fan finds a player by the first letters of a name, switches tabs, runs a quick
// search; /search?q=... arrives rendered on the server with its results.

async function demoPlayer(): Promise<{ id: string; firstName: string; lastName: string }> {
  const rows = await queryE2eDb(`SELECT id, first_name, last_name FROM users WHERE email = '${DEMO.player}'`);
  return { id: String(rows[0]!.id), firstName: String(rows[0]!.first_name), lastName: String(rows[0]!.last_name) };
}

test('a fan finds a player by the first letters of the name, switches tabs and runs a quick search', async ({
  page,
}) => {
  const player = await demoPlayer();
  await page.goto('/search');
  await pageHydrated(page);
  await expect(page.getByRole('heading', { name: 'Start Your Search' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'search start');

  const box = page.getByRole('searchbox', { name: 'Search players, teams and tournaments' });
  await box.fill(player.firstName.slice(0, 3));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${player.firstName.slice(0, 3)}`, 'i'));
  const link = page.getByRole('link', { name: `${player.firstName} ${player.lastName}` });
  await expect(link.first()).toBeVisible();
  await expect(page.getByRole('tab', { name: /^All \(\d+\+?\)$/ })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(page, 'search results');

  await page.getByRole('tab', { name: /^Players \(\d+\+?\)$/ }).click();
  await expect(page).toHaveURL(/tab=players/);
  await expect(
    page.getByRole('list', { name: 'Players' }).getByRole('link', { name: `${player.firstName} ${player.lastName}` }),
  ).toBeVisible();
  await page.getByRole('tab', { name: /^Teams/ }).click();
  await expect(page).toHaveURL(/tab=teams/);

  await page.goto('/search');
  await pageHydrated(page);
  await page.getByRole('group', { name: 'Quick searches' }).getByRole('button', { name: 'Verified' }).click();
  await expect(page).toHaveURL(/q=Verified/);
  await expect(page.getByRole('searchbox')).toHaveValue('Verified');
  await expect(page.getByRole('heading', { name: 'Players' }).or(page.getByText('No Results Found'))).toBeVisible();
  await page.getByRole('searchbox').fill('zzqqxx nothing here');
  await page.getByRole('searchbox').press('Enter');
  await expect(page.getByRole('heading', { name: 'No Results Found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search query or filters')).toBeVisible();
});

test('/search?q=... arrives rendered on the server with its results and title', async ({ request }) => {
  const player = await demoPlayer();
  const q = player.lastName.slice(0, 3);
  const res = await request.get(`/search?q=${encodeURIComponent(q)}&tab=players`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<title>${q} - Search | WTA League</title>`);
  expect(html).toContain(`/player/${encodeURIComponent(player.id)}`);
  expect(html).toContain(`${player.firstName} ${player.lastName}`);
  expect(html).toContain('<script type="application/json" id="wta-ssr">');
});
