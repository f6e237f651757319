import type { Page } from '@playwright/test';
import { winRatePercent } from '../edge/lib/win-rate.ts';
import { queryE2eDb, withE2eDb } from './e2e-db.ts';
import {
  DEMO,
  expect,
  expectNoSeriousA11yViolations,
  expectUnauthorizedThenSignIn,
  login,
  pageReady,
  signInAsNew,
  test,
} from './fixtures.ts';

// 000 s2 "Dashboard (/dashboard)", s7 (current team, my registrations, unread count, waiver status), D15.

/** Writes notifications for a user straight into the e2e database (D15: features write them; none do it yet for a new account). */
async function seedNotifications(
  userId: string,
  rows: { title: string; body: string; link: string | null; read: boolean; hoursAgo: number }[],
): Promise<void> {
  await withE2eDb(async (execute) => {
    for (const row of rows) {
      await execute(
        'INSERT INTO notifications (user_id, kind, title, body, link, read, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [
          userId,
          'registration_confirmed',
          row.title,
          row.body,
          row.link,
          row.read ? 1 : 0,
          Date.now() - row.hoursAgo * 3_600_000,
        ],
      );
    }
  });
}

function profileCard(page: Page) {
  return page.getByRole('region', { name: /.+/ }).filter({ has: page.getByRole('link', { name: 'Edit Profile' }) });
}

function actions(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard actions' });
}

test('signed out: the Unauthorized toast, then the login page that returns to /dashboard', async ({ page }) => {
  await expectUnauthorizedThenSignIn(page, '/dashboard', 'Please log in to view your dashboard.');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
});

test('the verified demo player sees profile, badges, team, actions and seeded match history', async ({ page }) => {
  await login(page, DEMO.verified);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const card = profileCard(page);
  await expect(card.getByRole('heading', { name: 'Jasmine Carter' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'Jasmine Carter' })).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByText('Solo Player', { exact: true })).toBeVisible();
  await expect(card.getByText('Waiver Signed', { exact: true })).toBeVisible();
  await expect(card.getByText('Buckets on buckets. Verified and hungry.')).toBeVisible();
  await expect(card.getByText('Atlanta', { exact: true })).toBeVisible();
  await expect(card.getByText('Basketball', { exact: true })).toBeVisible();
  // Points, solo record and games (the seed's, plus what the demo league's tournaments added through the engine);
  // the seeded team and its record (current-team).
  const [me] = await queryE2eDb('SELECT wta_points, wins, losses, games_played FROM users WHERE email = ?', [
    DEMO.verified,
  ]);
  // The team's record is the seed's plus the demo league's team tournament (D22), so it is read, not assumed.
  const [heat] = await queryE2eDb(`SELECT wins, losses FROM teams WHERE name = 'Atlanta Heat Check'`);
  const stats = card.getByRole('definition');
  await expect(stats).toContainText([
    Number(me!.wta_points).toLocaleString('en-US'),
    `${String(me!.wins)}-${String(me!.losses)}`,
    String(me!.games_played),
    'Atlanta Heat Check',
    `${String(heat!.wins)}-${String(heat!.losses)}`,
  ]);
  await expect(card.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/edit-profile');

  // No waiver alert for someone who signed.
  await expect(page.getByRole('link', { name: 'Sign Waiver Now' })).toHaveCount(0);

  const nav = actions(page);
  for (const [name, href] of [
    ['Free Agency', '/free-agency'],
    ['Transfer Portal', '/transfer-portal'],
    ['Messages', '/messages'],
    ['RSVP Media Day', '/media-day'],
    ['View Tournaments', '/tournaments'],
    ['My Tickets', '/tickets'],
  ] as const) {
    await expect(nav.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  await expect(nav.getByRole('link', { name: 'Apply for Verified' })).toHaveCount(0);

  // Match History is the default tab; rows come from the seed.
  await expect(page.getByRole('tab', { name: 'Match History' })).toHaveAttribute('aria-selected', 'true');
  const history = page.getByRole('list', { name: 'Tournaments entered' });
  const opener = history.getByRole('listitem').filter({ hasText: 'Hoop Kings Spring Opener' });
  // The place the engine decided when the demo league's tournament was played (edge/features/competition/demo-league.ts).
  const [placed] = await queryE2eDb(
    `SELECT r.placement FROM tournament_registrations r JOIN tournaments t ON t.id = r.tournament_id JOIN users u ON u.id = r.user_id
     WHERE t.title = 'Hoop Kings Spring Opener' AND u.email = ?`,
    [DEMO.verified],
  );
  const ordinal = ['1st', '2nd', '3rd', '4th'][Number(placed!.placement) - 1];
  await expect(opener).toContainText(`${ordinal} place`);
  await expect(opener).toContainText('Registered');
  await expect(opener).toContainText('Ponce City Courts, Atlanta, GA');
  await expect(opener).toContainText('Buy-In $50');
  const classic = history.getByRole('listitem').filter({ hasText: 'Hoop Kings 1v1 Classic' });
  await expect(classic).toContainText('Registered');
  await expect(classic).not.toContainText('place');
  await expect(history.getByRole('listitem').filter({ hasText: 'Five-a-Side Street Cup' })).toHaveCount(1);

  await expectNoSeriousA11yViolations(page, '/dashboard verified');

  await opener.getByRole('link', { name: 'Hoop Kings Spring Opener' }).click();
  await expect(page).toHaveURL(/\/tournaments\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hoop Kings Spring Opener' })).toBeVisible();
});

test('the demo player without a waiver sees the alert, and Sign Waiver Now goes to /waiver', async ({ page }) => {
  await login(page, DEMO.player);
  await page.goto('/dashboard');
  const card = profileCard(page);
  await expect(card.getByRole('heading', { name: 'Tyler Brooks' })).toBeVisible();
  await expect(card.getByText('Waiver Not Signed', { exact: true })).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toHaveCount(0);

  const nav = actions(page);
  await expect(nav.getByRole('link', { name: 'Free Agency' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Apply for Verified' })).toHaveAttribute('href', '/apply-verified');
  // No team, so no Transfer Portal; not verified, so no Media Day.
  await expect(nav.getByRole('link', { name: 'Transfer Portal' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'RSVP Media Day' })).toHaveCount(0);
  await expect(card.getByText('Team Record')).toHaveCount(0);
  // Every figure comes from matches and the points ledger (D14, D38): player@ never played, so nothing to show
  // beside the empty history (the demo once gave them a 2-3 record out of nowhere).
  const [played] = await queryE2eDb(
    `SELECT (SELECT count(*) FROM entrants e JOIN users u ON u.id = e.user_id WHERE u.email = ?) AS entries,
            (SELECT count(*) FROM points_ledger l JOIN users u ON u.id = l.user_id WHERE u.email = ?) AS ledger`,
    [DEMO.player, DEMO.player],
  );
  expect([Number(played!.entries), Number(played!.ledger)]).toEqual([0, 0]);
  await expect(card.getByRole('definition')).toHaveText(['0 pts', '0-0', '0']);
  await expect(page.getByText('No match history yet. Register for a tournament to get started!')).toBeVisible();

  await expectNoSeriousA11yViolations(page, '/dashboard unsigned waiver');
  await page.getByRole('link', { name: 'Sign Waiver Now' }).click();
  await expect(page).toHaveURL(/\/waiver$/);
});

test("a fan's empty Match History says what a fan can do, not to register", async ({ page }) => {
  await login(page, DEMO.fan);
  await page.goto('/dashboard');
  await expect(profileCard(page).getByRole('heading', { name: 'Keisha Lawson' })).toBeVisible();
  const history = page.getByRole('tabpanel', { name: 'Match History' });
  await expect(history).toHaveText(
    'No match history yet: fans don’t play in tournaments. You can follow players and teams, vote for the MVP while a tournament is live and buy tickets for the next one.',
  );
  await expect(history.getByText(/Register for a tournament/)).toHaveCount(0);
  for (const [name, href] of [
    ['follow players and teams', '/leaderboards'],
    ['vote for the MVP', '/tournaments?status=live'],
    ['buy tickets', '/tournaments?status=upcoming'],
  ] as const) {
    await expect(history.getByRole('link', { name })).toHaveAttribute('href', href);
  }
  await expectNoSeriousA11yViolations(page, '/dashboard fan');

  // The live tournament is where the MVP vote is.
  await history.getByRole('link', { name: 'vote for the MVP' }).click();
  await expect(page).toHaveURL(/\/tournaments\?status=live$/);
  await expect(page.getByRole('tab', { name: 'Live Now' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('list', { name: 'Tournaments' }).getByRole('heading', { name: 'SlamBall Summer Smash', exact: true }),
  ).toBeVisible();
});

test('a failing waiver-status call hides the alert and leaves the dashboard working', async ({ page }) => {
  await login(page, DEMO.player);
  await page.route('**/api/waivers/status', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  await page.goto('/dashboard');
  await expect(profileCard(page).getByRole('heading', { name: 'Tyler Brooks' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Match History' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Waiver Now' })).toHaveCount(0);
  await expect(page.getByText(/Waiver (Not )?Signed/)).toHaveCount(0);
});

test('the team owner is sent to /teams and sees their team with its roster', async ({ page }) => {
  await login(page, DEMO.owner);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/teams$/);
  // replace: Back does not return to /dashboard.
  expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);

  await expect(page.getByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/edit-profile');
  const team = page.getByRole('region', { name: 'Atlanta Heat Check' });
  await expect(team).toContainText('Shoot first, celebrate later.');
  // The seed's record plus the demo league's team tournament (D22): read from the database, the rate worked out here.
  const [heat] = await queryE2eDb(`SELECT wins, losses FROM teams WHERE name = 'Atlanta Heat Check'`);
  const [wins, losses] = [Number(heat!.wins), Number(heat!.losses)];
  expect(wins + losses).toBeGreaterThan(0);
  await expect(team.getByRole('definition')).toContainText([
    'Basketball',
    String(wins),
    String(losses),
    `${String(winRatePercent(wins, wins + losses))}%`,
  ]);
  const roster = team.getByRole('list', { name: 'Atlanta Heat Check roster' });
  await expect(roster.getByRole('listitem')).toHaveCount(5);
  const captain = roster.getByRole('listitem').first();
  await expect(captain).toContainText('Jasmine Carter');
  await expect(captain).toContainText('Captain');
  await expect(captain).toContainText('Verified');
  await expect(roster.getByRole('listitem').nth(1)).toContainText('Coach');
  // Points read the same everywhere (the division table too): '1,580 pts'.
  const [coach] = await queryE2eDb(`SELECT wta_points FROM users WHERE first_name = 'Darius' AND last_name = 'Moore'`);
  await expect(roster.getByRole('listitem').nth(1)).toContainText(
    `${Number(coach!.wta_points).toLocaleString('en-US')} pts`,
  );
  // The owner's controls (the teams spec exercises them): Edit Team and the Roster and Management tabs.
  await expect(team.getByRole('button', { name: 'Edit Team' })).toBeVisible();
  await expect(team.getByRole('tab', { name: 'Roster' })).toHaveAttribute('aria-selected', 'true');
  await expect(team.getByRole('tab', { name: 'Management' })).toBeVisible();
  // One team: no Create Team.
  await expect(page.getByRole('button', { name: 'Create Team' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/teams owner');

  await expect(captain.getByRole('link', { name: 'Jasmine Carter' })).toHaveAttribute('href', /^\/player\/[\w-]+$/);
});

test('a guest on /teams goes to log in; anyone but an owner sees Team Owner Access Only', async ({ page }) => {
  await page.goto('/teams');
  await page.waitForURL(/\/auth\?returnTo=%2Fteams$/);

  await login(page, DEMO.player);
  await page.goto('/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Owner Access Only' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/teams non-owner');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a new player sees both empty states; a failed load offers Retry', async ({ page }) => {
  await signInAsNew(page, 'player', { firstName: 'Nova', lastName: 'Quinn' });
  await page.route('**/api/tournament-registrations/my-registrations', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database is asleep"}' }),
  );
  await page.goto('/dashboard');
  const failure = page.getByRole('alert').filter({ hasText: 'Failed to load your dashboard' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Database is asleep');
  await expectNoSeriousA11yViolations(page, '/dashboard error');

  await page.unroute('**/api/tournament-registrations/my-registrations');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(profileCard(page).getByRole('heading', { name: 'Nova Quinn' })).toBeVisible();
  await expect(page.getByText('No match history yet. Register for a tournament to get started!')).toBeVisible();

  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Notifications' }).getByText('No notifications')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/dashboard empty notifications');
});

test('opening Notifications lists them newest first and marks them read', async ({ page }) => {
  const { id } = await signInAsNew(page, 'player', { firstName: 'Ida', lastName: 'Reads' });
  await seedNotifications(id, [
    { title: 'Old news', body: 'Something from long ago.', link: null, read: true, hoursAgo: 24 * 30 },
    {
      title: 'Registration confirmed',
      body: 'You are registered for Test Cup.',
      link: '/tournaments',
      read: false,
      hoursAgo: 2,
    },
    { title: 'Team invite', body: 'A team wants you.', link: null, read: false, hoursAgo: 0.01 },
  ]);
  await page.goto('/dashboard');
  const tab = page.getByRole('tab', { name: /^Notifications/ });
  // The count is announced with the name (the badge itself is hidden from screen readers).
  await expect(tab).toHaveAccessibleName(/^Notifications\W+2 unread$/);

  const marked = page.waitForResponse(
    (res) => res.url().endsWith('/api/notifications/read') && res.request().method() === 'PATCH',
  );
  await tab.click();
  expect(await (await marked).json()).toEqual({ updated: 2 });

  const items = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('Team invite');
  await expect(items.nth(0)).toContainText('just now');
  await expect(items.nth(1)).toContainText('2 hours ago');
  await expect(items.nth(2)).toContainText('Old news');
  // A month old: the long date, not "30 days ago".
  await expect(items.nth(2).locator('time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}$/);
  // What was unread when the tab opened stays marked New for this visit; the tab's count is gone.
  await expect(items.nth(0)).toContainText('New');
  await expect(items.nth(1)).toContainText('New');
  await expect(items.nth(2)).not.toContainText('New');
  await expect(tab).toHaveAccessibleName('Notifications');
  await expect(items.nth(1).getByRole('link', { name: 'Registration confirmed' })).toHaveAttribute(
    'href',
    '/tournaments',
  );
  await expectNoSeriousA11yViolations(page, '/dashboard notifications');

  // The server kept it: after a reload nothing is new.
  await page.reload();
  await page.getByRole('tab', { name: /^Notifications/ }).click();
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('list', { name: 'Notifications' })).not.toContainText('New');
});

test('Notifications page 50 at a time: Load older notifications brings the rest', async ({ page }) => {
  const { id } = await signInAsNew(page, 'player', { firstName: 'Paige', lastName: 'Older' });
  await seedNotifications(
    id,
    Array.from({ length: 53 }, (_, i) => ({
      title: `Notice ${i + 1}`,
      body: `Number ${i + 1}, newest first.`,
      link: null,
      read: true,
      hoursAgo: i + 1,
    })),
  );
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: /^Notifications/ }).click();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(50);
  await expect(list.getByRole('listitem').last()).toContainText('Notice 50');
  await page.getByRole('button', { name: 'Load older notifications' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(53);
  await expect(list.getByRole('listitem').last()).toContainText('Notice 53');
  // The last page: nothing older to load.
  await expect(page.getByRole('button', { name: 'Load older notifications' })).toHaveCount(0);
});

test('on a phone the dashboard fits the screen and the tabs work by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  // Opening the tab would mark the demo account's notifications read; other specs may count on them.
  await page.route('**/api/notifications/read', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"updated":0}' }),
  );
  await login(page, DEMO.verified);
  await page.goto('/dashboard');
  await pageReady(page);
  await expect(page.getByRole('list', { name: 'Tournaments entered' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('tab', { name: 'Match History' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /^Notifications/ })).toBeFocused();
  await expect(page.getByRole('tab', { name: /^Notifications/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: /^Notifications/ })).toBeVisible();
});
