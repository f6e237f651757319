import { request as playwrightRequest, type Page } from '@playwright/test';
import type { Tournament } from '../edge/features/tournaments/schema.ts';
import { longDateTimeUtc, longDateUtc } from './dates.ts';
import { queryE2eDb } from './e2e-db.ts';
import { BASE_URL, createAccount, DEMO, DEMO_PASSWORD, expect, login, test, type Account } from './fixtures.ts';

// Issue 34: a tournament the admin started early and completed still said 'Starts: December 2nd, 2026' on its page,
// in search and in the champion's history. Once started, every screen dates it by when it started and completed.

const DAY = 24 * 60 * 60 * 1000;

/**
 * A tournament scheduled three days out (far from today's date, whatever the hour), with two players, which the
 * demo admin starts early and plays to the end through the API, as the walkthrough did from the screens.
 */
async function startedEarlyAndCompleted(): Promise<{ tournament: Tournament; champion: Account; word: string }> {
  const word = `earlybird${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`;
  const now = Date.now();
  const [row] = await queryE2eDb(
    `INSERT INTO tournaments (title, description, location, division, start_date, format, status, buy_in, prize_pool, max_players, created_at)
     VALUES (?, 'Started early by the admin.', 'Test Gym, Atlanta, GA', 'hoop', ?, 'single-elimination', 'upcoming', 0, 200, 8, ?) RETURNING id`,
    [`Early Start ${word} Open`, now + 3 * DAY, now - DAY],
  );
  const id = Number(row!.id);
  const players: Account[] = [];
  for (let i = 0; i < 2; i++) {
    const player = await createAccount('player', { firstName: `Early${i + 1}`, lastName: word });
    await queryE2eDb('UPDATE users SET wta_points = ? WHERE id = ?', [9_000 - i, player.id]);
    await queryE2eDb(
      `INSERT INTO tournament_registrations (tournament_id, user_id, status, created_at) VALUES (?, ?, 'registered', ?)`,
      [id, player.id, now - DAY + i * 1000],
    );
    players.push(player);
  }
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  expect((await api.post('/api/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD } })).status()).toBe(200);
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  const [final] = (await (await api.get(`/api/tournaments/${id}/bracket`)).json()) as { id: number; bestOf: 3 | 5; version: number }[];
  const need = final!.bestOf === 5 ? 3 : 2;
  const res = await api.post(`/api/tournaments/${id}/matches/${final!.id}/result`, {
    data: { scoreA: need, scoreB: 0, version: final!.version },
  });
  expect(res.status(), await res.text()).toBe(200);
  const t = (await (await api.get(`/api/tournaments/${id}`)).json()) as Tournament;
  await api.dispose();
  expect(t.status).toBe('completed');
  // The API names when it started and completed (issue 34).
  expect(t.startedAt).toEqual(expect.any(String));
  expect(t.completedAt).toEqual(expect.any(String));
  const [champion] = await queryE2eDb('SELECT champion_id FROM tournaments WHERE id = ?', [id]);
  return { tournament: t, champion: players.find((p) => p.id === champion!.champion_id)!, word };
}

async function expectNoSchedule(page: Page, t: Tournament) {
  await expect(page.getByText(`Starts ${longDateUtc(t.startDate)}`)).toHaveCount(0);
  await expect(page.getByText(longDateUtc(t.startDate))).toHaveCount(0);
}

test('a tournament started early and completed is dated by when it started and completed, everywhere', async ({ page }) => {
  test.setTimeout(240_000);
  const { tournament: t, champion, word } = await startedEarlyAndCompleted();
  const started = t.startedAt!;
  const completed = t.completedAt!;
  // Its schedule is days away from the day it was played: a screen showing it would be caught.
  expect(longDateUtc(t.startDate)).not.toBe(longDateUtc(started));

  // Its page, as the server renders it and once hydrated.
  const html = await (await page.request.get(`/tournaments/${t.id}`)).text();
  expect(html).toContain(`Started ${longDateTimeUtc(started)}`);
  expect(html).not.toContain(longDateUtc(t.startDate));
  await page.goto(`/tournaments/${t.id}`);
  await expect(page.getByText(`Started ${longDateTimeUtc(started)}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Completed ${longDateTimeUtc(completed)}`, { exact: true })).toBeVisible();
  const dates = page.getByRole('region', { name: 'Important Dates' });
  await expect(dates.getByRole('definition').filter({ hasText: longDateTimeUtc(started) })).toHaveCount(2);
  await expect(dates).toContainText('Tournament Started');
  await expect(dates).toContainText('Tournament Completed');
  await expect(dates).not.toContainText('Tournament Starts');

  // Its card on the list of completed tournaments.
  await page.goto('/tournaments?status=completed');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: t.title, exact: true }) });
  await expect(card.getByText(`Completed ${longDateUtc(completed)}`, { exact: true })).toBeVisible();
  await expectNoSchedule(page, t);

  // A search for it.
  await page.goto(`/search?q=${word}`);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: t.title, exact: true }) });
  await expect(row.getByText(`Completed ${longDateUtc(completed)}`, { exact: true })).toBeVisible();
  await expectNoSchedule(page, t);

  // The champion's history on their profile, and their own dashboard.
  await page.goto(`/player/${champion.id}`);
  const history = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: t.title, exact: true }) });
  await expect(history.getByText(`Completed ${longDateUtc(completed)}`, { exact: true })).toBeVisible();
  await expectNoSchedule(page, t);

  await login(page, champion.email, champion.password);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Match History' }).click();
  const entered = page.getByRole('list', { name: 'Tournaments entered' }).getByRole('listitem').filter({ hasText: t.title });
  await expect(entered.getByText(`Completed ${longDateUtc(completed)}`, { exact: true })).toBeVisible();
  await expectNoSchedule(page, t);
});
