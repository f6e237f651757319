import { randomUUID } from 'node:crypto';
import { expect, expectNoSeriousA11yViolations, pageReady, test } from './fixtures.ts';
import { queryE2eDb } from './e2e-db.ts';

// Leaderboards (001, issue 16): the tabs and filters a fan uses, kept in the URL, and the page arriving
// server-rendered. Ranking, ties, paging and refusals are the API tests' (edge/features/leaderboards).

/** A surname no seeded member has (letters and digits only: one search word). */
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function addPlayer(fields: { firstName: string; lastName: string; sport: string; points: number; wins: number }) {
  const id = randomUUID();
  await queryE2eDb(
    `INSERT INTO users (id, email, first_name, last_name, role, sport, wta_points, wins, losses, games_played, created_at)
     VALUES (?, ?, ?, ?, 'player', ?, ?, ?, 2, ?, ?)`,
    [
      id,
      `${id}@example.test`,
      fields.firstName,
      fields.lastName,
      fields.sport,
      fields.points,
      fields.wins,
      fields.wins + 2,
      Date.now(),
    ],
  );
  return id;
}

test('a fan opens Team Rankings from ?type=teams, then filters players by sport and division', async ({ page }) => {
  const family = unique('Lbfam');
  const hoops = await addPlayer({ firstName: 'Hoopa', lastName: family, sport: 'basketball', points: 40, wins: 6 });
  await addPlayer({ firstName: 'Flaga', lastName: family, sport: 'football', points: 30, wins: 3 });
  await queryE2eDb(`INSERT INTO leaderboard_points (user_id, division, points, wins) VALUES (?, '3v3', 25, 6)`, [
    hoops,
  ]);
  const teamName = unique('Lbteam');
  const [owner] = await queryE2eDb(`SELECT id FROM users WHERE role = 'owner' LIMIT 1`);
  await queryE2eDb(
    'INSERT INTO teams (name, owner_id, wins, losses, tournaments_played, created_at) VALUES (?, ?, 0, 0, 0, ?)',
    [teamName, String(owner!.id), Date.now()],
  );

  await page.goto('/leaderboards?type=teams');
  await pageReady(page);
  await expect(page).toHaveTitle('Leaderboards | WTA League');
  await expect(page.getByRole('tab', { name: 'Team Rankings' })).toHaveAttribute('aria-selected', 'true');
  const search = page.getByRole('search', { name: 'Search leaderboards' });
  // Sport and division rank players; teams have the search alone.
  await expect(search.getByRole('combobox', { name: 'Sport' })).toHaveCount(0);
  await search.getByRole('searchbox', { name: 'Search' }).fill(teamName.slice(0, 12));
  const teams = page.getByRole('table', { name: 'Teams ranked by wins' });
  await expect(teams.getByRole('link', { name: teamName })).toHaveAttribute('href', /\/team\/\d+$/);
  await expect(page).toHaveURL(/type=teams/);
  await expectNoSeriousA11yViolations(page, 'Team Rankings');

  await search.getByRole('searchbox', { name: 'Search' }).fill('zzqqxx-nobody');
  await expect(page.getByText('No teams found. Adjust your filters or check back later.')).toBeVisible();

  // Player Points, searched by the family name: both players, best first.
  await page.getByRole('tab', { name: 'Player Points' }).click();
  await search.getByRole('searchbox', { name: 'Search' }).fill(family);
  const players = page.getByRole('table', { name: 'Players ranked by points' });
  const rows = players.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(`Hoopa ${family}`);
  await expect(rows.nth(2)).toContainText(`Flaga ${family}`);
  await expect(players.getByRole('link', { name: `Hoopa ${family}` })).toHaveAttribute('href', `/player/${hoops}`);

  // The sport filter changes the list and the URL.
  await search.getByRole('combobox', { name: 'Sport' }).selectOption({ label: 'Flag Football' });
  await expect(page).toHaveURL(/sport=football/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(`Flaga ${family}`);

  // Division 3v3 counts 3v3 points only (D38): nobody of this family plays Flag Football there.
  await search.getByRole('combobox', { name: 'Division' }).selectOption({ label: '3v3' });
  await expect(page).toHaveURL(/division=3v3/);
  await expect(page.getByText('No players found. Adjust your filters or check back later.')).toBeVisible();
  await search.getByRole('combobox', { name: 'Sport' }).selectOption({ label: 'All Sports' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('25 pts');

  // Player Wins: W / L, wins and win rate, keeping the filters.
  await page.getByRole('tab', { name: 'Player Wins' }).click();
  await expect(page).toHaveURL(/type=wins/);
  const wins = page.getByRole('table', { name: 'Players ranked by wins' });
  await expect(wins.getByRole('row').nth(1)).toContainText('75%');
  await expectNoSeriousA11yViolations(page, 'Player Wins');
});

test('the page arrives server-rendered with its list, and fits a 360 px phone', async ({ page, request }) => {
  const family = unique('Lbssr');
  await addPlayer({ firstName: 'Rendered', lastName: family, sport: 'kickball', points: 12, wins: 1 });
  const html = await (await request.get(`/leaderboards?type=players&sport=kickball&q=${family}`)).text();
  expect(html).toContain('<title>Leaderboards | WTA League</title>');
  expect(html).toContain(`Rendered ${family}`);
  expect(html).toContain('Player Points');
  const teams = await (await request.get('/leaderboards?type=teams')).text();
  expect(teams).toContain('Teams ranked by wins');

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/leaderboards?sport=kickball&q=${family}`);
  await pageReady(page);
  await expect(page.getByRole('link', { name: `Rendered ${family}` })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'Leaderboards at 360 px');
});
