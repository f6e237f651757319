import { tournamentWithPlayers } from './competition-helpers.ts';
import { queryE2eDb } from './e2e-db.ts';
import { createAccount, expect, expectNoSeriousA11yViolations, login, signInAsNew, test, toast } from './fixtures.ts';

// D39 (issue 37): an entrant checks in from the Registration tab on a phone, online, and with no signal through the
// outbox ('waiting to send', sent when the connection returns), or from the dashboard. The spec turns check-in on in
// the database, as the host form's switch would. Its tournaments start within hours, so other specs' lists
// see them for a moment: each is cancelled once its test is done.

const made: number[] = [];
test.afterEach(async () => {
  for (const id of made.splice(0)) await queryE2eDb("UPDATE tournaments SET status = 'cancelled' WHERE id = ?", [id]);
});

const HOUR = 60 * 60 * 1000;

test('an entrant checks in on a phone, and another with no signal checks in once the connection returns', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const title = `Check-In Open ${Date.now()}`;
  // Starting in an hour: check-in is open (from 2 hours to 30 minutes before the start).
  const { id, players } = await tournamentWithPlayers(2, title, Date.now() + HOUR);
  made.push(id);
  await queryE2eDb('UPDATE tournaments SET check_in = 1 WHERE id = ?', [id]);
  const [online, offline] = players as [(typeof players)[number], (typeof players)[number]];

  await login(page, online.email, online.password);
  await page.goto(`/tournaments/${id}`);
  await page.getByRole('tab', { name: 'Registration' }).click();
  const open = page.getByText('Check-in is open');
  await expect(open).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Registration tab, check-in open (360 px)');
  await page.getByRole('button', { name: 'Check In' }).click();
  await expect(toast(page, 'Checked In')).toBeVisible();
  await expect(page.getByText("You're checked in", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Registration tab, checked in (360 px)');
  const [mine] = await queryE2eDb('SELECT checked_in_at FROM tournament_registrations WHERE tournament_id = ? AND user_id = ?', [
    id,
    online.id,
  ]);
  expect(mine!.checked_in_at).not.toBeNull();

  // The second entrant, at the venue with no signal.
  await context.clearCookies();
  await login(page, offline.email, offline.password);
  await page.goto(`/tournaments/${id}`);
  await page.getByRole('tab', { name: 'Registration' }).click();
  await expect(page.getByText('Check-in is open')).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Check In' }).click();
  await expect(page.getByText('Check-in waiting to send').first()).toBeVisible();
  const [before] = await queryE2eDb('SELECT checked_in_at FROM tournament_registrations WHERE tournament_id = ? AND user_id = ?', [
    id,
    offline.id,
  ]);
  expect(before!.checked_in_at).toBeNull();
  await context.setOffline(false);
  await expect(page.getByText("You're checked in", { exact: true })).toBeVisible({ timeout: 30_000 });
  const [after] = await queryE2eDb('SELECT checked_in_at FROM tournament_registrations WHERE tournament_id = ? AND user_id = ?', [
    id,
    offline.id,
  ]);
  expect(after!.checked_in_at).not.toBeNull();
  const history = await queryE2eDb("SELECT count(*) AS n FROM match_history WHERE tournament_id = ? AND action = 'check-in'", [id]);
  expect(Number(history[0]!.n)).toBe(2);
});

test('before the window the tab says when check-in opens and closes, and offers no button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { id, players } = await tournamentWithPlayers(1, `Check-In Later ${Date.now()}`, Date.now() + 5 * HOUR);
  made.push(id);
  await queryE2eDb('UPDATE tournaments SET check_in = 1 WHERE id = ?', [id]);
  await login(page, players[0]!.email, players[0]!.password);
  await page.goto(`/tournaments/${id}`);
  await page.getByRole('tab', { name: 'Registration' }).click();
  await expect(page.getByText(/Check in between .+ and .+\. Entrants who have not checked in by then are withdrawn/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check In' })).toHaveCount(0);
});

test('the dashboard lists the entries whose check-in is open, each with Check In', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const title = `Check-In Dashboard ${Date.now()}`;
  const { id, players } = await tournamentWithPlayers(1, title, Date.now() + HOUR);
  made.push(id);
  await queryE2eDb('UPDATE tournaments SET check_in = 1 WHERE id = ?', [id]);
  await login(page, players[0]!.email, players[0]!.password);
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Check-In' });
  await expect(section.getByRole('link', { name: title })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Dashboard, check-in open (360 px)');
  await section.getByRole('button', { name: 'Check In' }).click();
  await expect(section.getByText("You're checked in", { exact: true })).toBeVisible();
  const [mine] = await queryE2eDb('SELECT checked_in_by FROM tournament_registrations WHERE tournament_id = ?', [id]);
  expect(mine!.checked_in_by).toBe(players[0]!.id);
});

test('an entrant shows their entry pass from My Tickets; the door checks entrants in by pass and by name, also offline', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const title = `Doorpass ${Date.now()}`;
  const { id, players } = await tournamentWithPlayers(3, title, Date.now() + HOUR);
  made.push(id);
  await queryE2eDb('UPDATE tournaments SET check_in = 1 WHERE id = ?', [id]);
  const [first] = players as [(typeof players)[number]];

  // The entrant's pass, on My Tickets.
  await login(page, first.email, first.password);
  await page.goto('/tickets');
  const passes = page.getByRole('region', { name: 'Entry Passes' });
  await expect(passes.getByRole('link', { name: title })).toBeVisible();
  await expect(passes.getByRole('img', { name: `QR code for entry pass for ${title}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'My Tickets with an entry pass (360 px)');
  const pass = (await passes.locator('figcaption').first().textContent())!.trim();
  expect(pass).toMatch(/^e1[0-9a-f]{32}$/);

  // The host at the door.
  await context.clearCookies();
  const host = await signInAsNew(page, 'player', { firstName: 'Doorhost' });
  await queryE2eDb('UPDATE tournaments SET host_id = ? WHERE id = ?', [host.id, id]);
  await page.goto('/door');
  await page.getByRole('button', { name: new RegExp(title) }).click();
  const entrants = page.getByRole('region', { name: 'Entrants' });
  await expect(entrants.getByText('0 of 3 checked in')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Door with its entrants (360 px)');

  // By pass, typed as the QR code's text.
  await page.getByRole('textbox', { name: 'Ticket code' }).fill(pass.toUpperCase());
  await page.getByRole('button', { name: 'Check Ticket' }).click();
  await expect(page.getByText(`Checked in: Seed1 Doorpass`)).toBeVisible();

  // By name.
  await entrants.getByRole('searchbox', { name: 'Find an entrant' }).fill('seed2');
  await entrants.getByRole('button', { name: 'Check In Seed2 Doorpass' }).click();
  await expect(page.getByText('Checked in: Seed2 Doorpass')).toBeVisible();

  // With no signal: saved on the device, sent when the connection returns.
  await context.setOffline(true);
  await entrants.getByRole('searchbox', { name: 'Find an entrant' }).fill('Seed3');
  await entrants.getByRole('button', { name: 'Check In Seed3 Doorpass' }).click();
  await expect(page.getByText('Saved on this device: sent when the connection returns.')).toBeVisible();
  const checkedIn = async () =>
    Number((await queryE2eDb('SELECT count(*) AS n FROM tournament_registrations WHERE tournament_id = ? AND checked_in_at IS NOT NULL', [id]))[0]!.n);
  expect(await checkedIn()).toBe(2);
  await context.setOffline(false);
  await expect.poll(checkedIn, { timeout: 30_000 }).toBe(3);
  const [byHost] = await queryE2eDb('SELECT count(*) AS n FROM tournament_registrations WHERE tournament_id = ? AND checked_in_by = ?', [id, host.id]);
  expect(Number(byHost!.n)).toBe(3);
});

test("a team's captain checks the team in from the tournament's Registration tab", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const stamp = Date.now().toString(36);
  const owner = await createAccount('owner', { firstName: 'Owen' });
  const captain = await createAccount('player', { firstName: 'Cap' });
  const [team] = await queryE2eDb(`INSERT INTO teams (name, owner_id) VALUES (?, ?) RETURNING id`, [`Check Crew ${stamp}`, owner.id]);
  const teamId = Number(team!.id);
  await queryE2eDb(`INSERT INTO team_members (team_id, user_id, position, joined_at) VALUES (?, ?, 'captain', ?)`, [
    teamId,
    captain.id,
    Date.now(),
  ]);
  const [row] = await queryE2eDb(
    `INSERT INTO tournaments (title, description, location, division, start_date, format, status, buy_in, prize_pool,
       max_players, max_teams, team_size, check_in, created_at)
     VALUES (?, 'An e2e team tournament.', 'Test Gym, Atlanta, GA', 'hoop', ?, 'single-elimination', 'upcoming', 0, 300,
       12, 4, 3, 1, ?) RETURNING id`,
    [`Crew Night ${stamp}`, Date.now() + HOUR, Date.now()],
  );
  const id = Number(row!.id);
  made.push(id);
  const [entry] = await queryE2eDb(
    `INSERT INTO tournament_registrations (tournament_id, user_id, team_id, status, created_at) VALUES (?, ?, ?, 'registered', ?) RETURNING id`,
    [id, owner.id, teamId, Date.now()],
  );
  await queryE2eDb(
    `INSERT INTO team_entry_members (registration_id, tournament_id, team_id, user_id, position, created_at) VALUES (?, ?, ?, ?, 'captain', ?)`,
    [Number(entry!.id), id, teamId, captain.id, Date.now()],
  );

  await login(page, captain.email, captain.password);
  await page.goto(`/tournaments/${id}`);
  await page.getByRole('tab', { name: 'Registration' }).click();
  await expect(page.getByText('Check-in is open')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Registration tab, a captain at check-in (360 px)');
  await page.getByRole('button', { name: 'Check In' }).click();
  await expect(page.getByText(`Check Crew ${stamp} is checked in`, { exact: true })).toBeVisible();
  const [checked] = await queryE2eDb('SELECT checked_in_by FROM tournament_registrations WHERE id = ?', [Number(entry!.id)]);
  expect(checked!.checked_in_by).toBe(captain.id);
});
