import { card, reportEveryMatchCorrectingOne, tournamentWithPlayers } from '../competition-helpers.ts';
import { queryE2eDb } from '../e2e-db.ts';
import { DEMO, expect, login, test } from '../fixtures.ts';

// Issue 35 item 3 (ADR 062): the Worker's clock is its Cron Trigger (D12), run here through wrangler's /__scheduled
// as Cloudflare runs it every minute. No read starts a tournament on the Worker (the Node host's clock-on-read), so
// the bracket appearing is the cron run's doing.

test('a cron run starts a tournament whose start has come; the admin sees it live, reports every match and corrects one', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { id } = await tournamentWithPlayers(5, 'Cron Start Cup', Date.now() - 60_000);
  await login(page, DEMO.admin);
  await page.goto(`/tournaments/${id}#bracket`);
  await expect(page.getByText('Bracket will be generated once the tournament begins')).toBeVisible();
  const [before] = await queryE2eDb('SELECT status FROM tournaments WHERE id = ?', [id]);
  expect(before!.status).toBe('upcoming');

  const cron = await request.get(`/__scheduled?cron=${encodeURIComponent('* * * * *')}&time=${Date.now()}`);
  expect(cron.status(), await cron.text()).toBe(200);
  // The open Bracket tab polls every 10 s: the bracket the clock drew shows up without a reload.
  await expect(card(page, 1)).toBeVisible({ timeout: 25_000 });
  await page.reload();
  // The header's Live indicator (the bracket's legend says Live too, further down) and no countdown.
  await expect(page.getByText('Live', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Time Until Event' })).toHaveCount(0);

  await reportEveryMatchCorrectingOne(page, id);
});
