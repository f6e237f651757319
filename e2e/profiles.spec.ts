import type { Page } from '@playwright/test';
import { queryE2eDb } from './e2e-db.ts';
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  loginForm,
  signInAsNew,
  test,
  watchLayoutShifts,
  type Account,
} from './fixtures.ts';

// Public player and team profiles (001 s2, issue 13 item 5): server-rendered with their previews (issue 12), Follow
// that is real (D31: a guest is sent to sign in and back, a member's press changes the count), and a minor's page
// (D36: no photo or city for guests, noindex, no preview image). The API tests hold the rules.

const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

/** A player with a public face: city, tagline, record, a highlight video. */
async function aPlayer(fields: { firstName: string; lastName: string; dateOfBirth?: string }): Promise<Account> {
  const account = await createAccount('player', fields);
  await queryE2eDb(
    `UPDATE users SET city = 'Atlanta', state = 'GA', tagline = 'Buckets on buckets.', wta_points = 640, wins = 12,
       losses = 4, games_played = 16, profile_image_url = '/icons/icon-192.png', highlight_urls = ? WHERE id = ?`,
    [JSON.stringify(['https://youtu.be/dQw4w9WgXcQ']), account.id],
  );
  return account;
}

async function aTeam(name: string): Promise<{ id: number; owner: Account }> {
  const owner = await createAccount('owner', { firstName: 'Olivia', lastName: 'Owens' });
  const [row] = await queryE2eDb(
    `INSERT INTO teams (name, owner_id, tagline, sport, wins, losses, tournaments_played, championship_wins, created_at)
     VALUES (?, ?, 'Heat checks only.', 'basketball', 9, 3, 4, 1, ?) RETURNING id`,
    [name, owner.id, Date.now()],
  );
  return { id: Number(row!.id), owner };
}

/** Console errors from the first byte on, and the layout shifts the page's code could cause (issue 12's rule). */
async function watch(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const shifts = await watchLayoutShifts(page);
  return { errors, shifts };
}

test('a guest opens a player profile rendered on the server, and Follow sends them to sign in and back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const player = await aPlayer({ firstName: 'Jasmine', lastName: `Guestview${Date.now() % 100000}` });
  const name = `${player.firstName} ${player.lastName}`;

  // The HTML alone: title, preview tags, canonical URL and the content.
  const res = await request.get(`/player/${player.id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<title>${name} | WTA League</title>`);
  expect(meta(html, 'og:title')).toBe(`${name} | WTA League`);
  expect(meta(html, 'og:image')).toMatch(/^http.*\/icons\/icon-192\.png$/);
  expect(meta(html, 'description')).toContain('12-4 record');
  expect(meta(html, 'robots')).toBeUndefined();
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="http[^"]+/player/${player.id}" />`));
  expect(html).toContain('youtube-nocookie.com/embed/dQw4w9WgXcQ');

  const seen = await watch(page);
  await page.goto(`/player/${player.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('0 followers')).toBeVisible();
  // The highlight waits until scrolled near, and is named for screen readers.
  await expect(page.locator(`iframe[title="${name} highlight 1 of 1 (YouTube)"]`)).toHaveAttribute('loading', 'lazy');
  expect(seen.errors).toEqual([]);
  expect(await seen.shifts()).toBe(0);
  await expectNoSeriousA11yViolations(page);

  // Follow: to sign in, then back here as the member, who can now follow for real.
  await page.getByRole('link', { name: `Follow ${name} (sign in first)` }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === `/player/${player.id}`,
  );
  const fan = await createAccount('fan');
  const form = loginForm(page);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(fan.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(fan.password);
  await form.getByRole('button', { name: /^(login|log in|sign in)$/i }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/player/${player.id}`);
  await expect(page.getByRole('button', { name: `Follow ${name}`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('a signed-in member follows a player: the count changes at once and stays after a reload', async ({ page }) => {
  const player = await aPlayer({ firstName: 'Marcus', lastName: `Followed${Date.now() % 100000}` });
  const name = `${player.firstName} ${player.lastName}`;
  const fan = await signInAsNew(page, 'fan');
  await page.goto(`/player/${player.id}`);

  await page.getByRole('button', { name: `Follow ${name}`, exact: true }).click();
  const following = page.getByRole('button', { name: `Following ${name}`, exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();
  await expect
    .poll(async () => queryE2eDb('SELECT 1 FROM follows WHERE follower_id = ? AND player_id = ?', [fan.id, player.id]))
    .toHaveLength(1);

  await page.reload();
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('1 follower', { exact: true })).toBeVisible();

  // Keyboard: Space on the focused button unfollows.
  await following.focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('button', { name: `Follow ${name}`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(page.getByText('0 followers', { exact: true })).toBeVisible();
  await expect
    .poll(async () => queryE2eDb('SELECT 1 FROM follows WHERE follower_id = ? AND player_id = ?', [fan.id, player.id]))
    .toHaveLength(0);
  await expectNoSeriousA11yViolations(page);
});

test('a team profile at /teams/{id} and /team/{id}: rendered with its preview, Follow sends a guest to sign in', async ({
  page,
  request,
}) => {
  const team = await aTeam(`E2E Heat ${Date.now() % 100000}`);
  const star = await aPlayer({ firstName: 'Star', lastName: 'Rostered' });
  await queryE2eDb("INSERT INTO team_members (team_id, user_id, position, joined_at) VALUES (?, ?, 'captain', ?)", [
    team.id,
    star.id,
    Date.now(),
  ]);
  const teamName = (await queryE2eDb('SELECT name FROM teams WHERE id = ?', [team.id]))[0]!.name as string;

  for (const path of [`/teams/${team.id}`, `/team/${team.id}`]) {
    const html = await (await request.get(path)).text();
    expect(html).toContain(`<title>${teamName} | WTA League</title>`);
    expect(meta(html, 'og:title')).toBe(`${teamName} | WTA League`);
    expect(meta(html, 'description')).toContain('9-3 record');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http[^"]+/teams/${team.id}" />`));
  }

  await page.goto(`/team/${team.id}`);
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  const roster = page.getByRole('list', { name: `${teamName} roster` });
  await expect(roster.getByRole('listitem')).toHaveCount(1);
  await expect(roster).toContainText('Captain');
  await expectNoSeriousA11yViolations(page);
  await roster.getByRole('link', { name: 'Star Rostered' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/player/${star.id}`);
  await expect(page.getByRole('link', { name: teamName })).toHaveAttribute('href', `/teams/${team.id}`);

  await page.goto(`/teams/${team.id}`);
  await page.getByRole('link', { name: `Follow ${teamName} (sign in first)` }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === `/teams/${team.id}`,
  );
});

test('unknown profiles say so with the way on', async ({ page }) => {
  await page.goto('/player/nobody-here');
  await expect(page.getByRole('heading', { level: 1, name: 'Player not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Free Agents' })).toHaveAttribute('href', '/free-agency');
  await page.goto('/teams/987654321');
  await expect(page.getByRole('heading', { level: 1, name: 'Team not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Tournaments' })).toHaveAttribute('href', '/tournaments');
});

test('a minor’s profile hides photo and city from guests and is not for indexing (D36)', async ({ page, request }) => {
  const born = new Date();
  born.setUTCFullYear(born.getUTCFullYear() - 16);
  const minor = await aPlayer({ firstName: 'Kid', lastName: 'Phenom', dateOfBirth: born.toISOString().slice(0, 10) });

  const html = await (await request.get(`/player/${minor.id}`)).text();
  expect(meta(html, 'robots')).toBe('noindex');
  expect(meta(html, 'og:image')).toBeUndefined();
  expect(meta(html, 'twitter:image')).toBeUndefined();
  expect(html).not.toContain('Atlanta');
  expect(html).not.toContain('/icons/icon-192.png');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain(`/player/${minor.id}<`);

  await page.goto(`/player/${minor.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kid Phenom' })).toBeVisible();
  await expect(page.getByRole('main').locator('img[src="/icons/icon-192.png"]')).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText('Atlanta');
});
