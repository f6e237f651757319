import { tournamentWithPlayers } from './competition-helpers.ts';
import { queryE2eDb } from './e2e-db.ts';
import { DEMO, expect, expectNoSeriousA11yViolations, login, test, toast } from './fixtures.ts';

// D42 (issue 37): on a phone, a player joins a full tournament's waitlist where Register would be; when a spot frees
// (here a registration cancelled in the database, as a refund or withdrawal does) the clock offers it to them, and
// they take it with the ordinary Register.

// The demo member's registration here would show in other specs' lists: the tournament is cancelled once done, as
// check-in.spec's are.
const made: number[] = [];
test.afterEach(async () => {
  for (const id of made.splice(0)) await queryE2eDb("UPDATE tournaments SET status = 'cancelled' WHERE id = ?", [id]);
});

test('a waitlisted player is offered the freed spot and registers', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { id, players } = await tournamentWithPlayers(1, `Waitlist ${Date.now()}`);
  made.push(id);
  await queryE2eDb('UPDATE tournaments SET max_players = 1 WHERE id = ?', [id]);
  // The verified demo member has signed the waiver (D9: the line takes only members who could register).
  const [waiting] = await queryE2eDb('SELECT id FROM users WHERE email = ?', [DEMO.verified]);

  await login(page, DEMO.verified);
  await page.goto(`/tournaments/${id}`);
  await page.getByRole('tab', { name: 'Registration' }).click();
  await expect(page.getByText('This tournament is full - join the waitlist')).toBeVisible();
  await page.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(toast(page, 'Joined Waitlist')).toBeVisible();
  await expect(page.getByText("You're number 1 on the waitlist")).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the waitlist on the Registration tab (360 px)');

  await queryE2eDb("UPDATE tournament_registrations SET status = 'cancelled' WHERE tournament_id = ? AND user_id = ?", [
    id,
    players[0]!.id,
  ]);
  // The clock (every minute, and before tournament reads on the Node host) offers the spot.
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Registration' }).click();
    await expect(page.getByText('A spot is held for you')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000 });
  await expectNoSeriousA11yViolations(page, 'a waitlist offer (360 px)');
  await page.getByRole('button', { name: /^Register/ }).click();
  await expect(page.getByText("You're registered for this tournament")).toBeVisible();
  const [row] = await queryE2eDb('SELECT state FROM waitlist_entries WHERE tournament_id = ? AND user_id = ?', [id, String(waiting!.id)]);
  expect(row!.state).toBe('taken');
});
