import {
  adminApi,
  card,
  playThroughApi,
  reportEveryMatchCorrectingOne,
  tournamentWithPlayers,
} from './competition-helpers.ts';
import { queryE2eDb } from './e2e-db.ts';
import { BASE_URL, createAccount, DEMO, expect, expectNoSeriousA11yViolations, login, test } from './fixtures.ts';

// Issue 11: tournaments played from start to finish through the real API, on a phone and a desktop.

test('an admin starts a 5-player tournament on a phone, reports every match and corrects one', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { id } = await tournamentWithPlayers(5, 'Phone Bracket Cup');
  await login(page, DEMO.admin);
  await page.goto(`/tournaments/${id}#bracket`);
  await expect(page.getByText('Bracket will be generated once the tournament begins')).toBeVisible();
  await page.getByRole('button', { name: 'Start Tournament' }).click();
  await page.getByRole('alertdialog', { name: 'Start Tournament?' }).getByRole('button', { name: 'Start Tournament' }).click();
  await expect(card(page, 1)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Bracket tab on a phone (admin)');

  await reportEveryMatchCorrectingOne(page, id);
  await expectNoSeriousA11yViolations(page, 'the completed bracket on a phone');
});

test('a fan with the Bracket tab open sees results arrive without reloading', async ({ page }) => {
  test.setTimeout(240_000);
  const { id } = await tournamentWithPlayers(4, 'Follow Along Open');
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  await page.goto(`/tournaments/${id}#bracket`);
  await expect(card(page, 1)).toHaveAttribute('data-status', 'upcoming');
  await expect(page.getByText(/^Updated/)).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });

  await playThroughApi(api, id, 1);
  // The tab polls every 10 s (a 304 while nothing changed): the result shows up on its own.
  await expect(card(page, 1)).toHaveAttribute('data-status', 'completed', { timeout: 25_000 });
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await expectNoSeriousA11yViolations(page, 'the Bracket tab (guest)');
  await api.dispose();
});

test('the champion sees the points and the match history on the dashboard', async ({ page }) => {
  test.setTimeout(240_000);
  const { id, players } = await tournamentWithPlayers(4, 'Champion Check Classic');
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  await playThroughApi(api, id);
  await api.dispose();
  const [t] = await queryE2eDb('SELECT status, champion_id FROM tournaments WHERE id = ?', [id]);
  expect(t!.status).toBe('completed');
  const champion = players.find((p) => p.id === t!.champion_id)!;
  expect(champion).toBeDefined();

  await login(page, champion.email, champion.password);
  await page.goto('/dashboard');
  // D14: champion 100 + two match wins 20 + participation 5 (no MVP votes were cast).
  const [{ points }] = (await queryE2eDb('SELECT wta_points AS points FROM users WHERE id = ?', [champion.id])) as unknown as [{ points: number }];
  expect(points).toBe(10_000 + 125);
  await expect(page.getByText('10,125')).toBeVisible();
  await page.getByRole('tab', { name: 'Match History' }).click();
  const list = page.getByRole('list', { name: 'Matches' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('Win')).toHaveCount(2);
  await expect(list.getByText(/^Final - /)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the dashboard Match History');
});

test('a player votes MVP once', async ({ page }) => {
  test.setTimeout(240_000);
  const { id, players } = await tournamentWithPlayers(3, 'MVP Ballot Bash');
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  await api.dispose();
  const voter = await createAccount('player');
  await login(page, voter.email, voter.password);
  await page.goto(`/tournaments/${id}#mvp`);
  const ballot = page.getByRole('group', { name: 'Choose the tournament MVP' });
  await expect(ballot.getByRole('radio')).toHaveCount(3);
  await page.getByRole('button', { name: 'Submit MVP Vote' }).click();
  await expect(page.getByText('Select a Player').first()).toBeVisible();
  await ballot.getByRole('radio', { name: new RegExp(players[1]!.firstName) }).check();
  await page.getByRole('button', { name: 'Submit MVP Vote' }).click();
  await expect(page.getByText('Vote Submitted').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the MVP Voting tab after voting');

  await page.reload();
  await expect(page.getByText('Vote Submitted').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit MVP Vote' })).toHaveCount(0);
  const again = await page.request.post(`/api/tournaments/${id}/mvp-vote`, { data: { playerId: players[0]!.id }, headers: { origin: BASE_URL } });
  expect(again.status()).toBe(409);
  const votes = await queryE2eDb('SELECT player_id FROM mvp_votes WHERE tournament_id = ? AND voter_id = ?', [id, voter.id]);
  expect(votes.map((v) => v.player_id)).toEqual([players[1]!.id]);
});
