import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { queryE2eDb } from './e2e-db.ts';
import { BASE_URL, createAccount, DEMO, DEMO_PASSWORD, expect, type Account } from './fixtures.ts';

// Tournaments played through the real API for the competition's specs (issue 11, issue 34).

const DAY = 24 * 60 * 60 * 1000;

/**
 * An upcoming tournament with `n` registered players, seeded 1..n, starting at `startDate`: by default two days out,
 * which the clock leaves alone.
 */
export async function tournamentWithPlayers(
  n: number,
  title: string,
  startDate = Date.now() + 2 * DAY,
): Promise<{ id: number; players: Account[] }> {
  const now = Date.now();
  const [row] = await queryE2eDb(
    `INSERT INTO tournaments (title, description, location, division, start_date, format, status, buy_in, prize_pool, max_players, created_at)
     VALUES (?, 'An e2e tournament.', 'Test Gym, Atlanta, GA', 'hoop', ?, 'single-elimination', 'upcoming', 0, 500, ?, ?) RETURNING id`,
    [title, startDate, Math.max(n, 8), now - DAY],
  );
  const id = Number(row!.id);
  const players: Account[] = [];
  for (let i = 0; i < n; i++) {
    const player = await createAccount('player', { firstName: `Seed${i + 1}`, lastName: title.split(' ')[0] });
    // Points decide the seeds (D13): player i is seed i + 1.
    await queryE2eDb('UPDATE users SET wta_points = ? WHERE id = ?', [10_000 - i, player.id]);
    await queryE2eDb(
      `INSERT INTO tournament_registrations (tournament_id, user_id, status, created_at) VALUES (?, ?, 'registered', ?)`,
      [id, player.id, now - DAY + i * 1000],
    );
    players.push(player);
  }
  return { id, players };
}

/** The admin's API (another browser would do the same through the screens), signed in as the demo admin. */
export async function adminApi(): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  const res = await api.post('/api/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return api;
}

export interface ApiMatch {
  id: number;
  matchNumber: number;
  status: string;
  bestOf: 3 | 5;
  version: number;
  court: string | null;
  teamA: { id: number; seed: number; name: string } | null;
  teamB: { id: number; seed: number; name: string } | null;
}

/** Reports through the API every open match the better seed wins, until none is left (or `limit` reports). */
export async function playThroughApi(api: APIRequestContext, id: number, limit = Infinity) {
  for (let done = 0; done < limit; done++) {
    const bracket = (await (await api.get(`/api/tournaments/${id}/bracket`)).json()) as ApiMatch[];
    const m = bracket.find((b) => b.status !== 'completed' && b.teamA && b.teamB);
    if (!m) return;
    const need = m.bestOf === 5 ? 3 : 2;
    const aWins = m.teamA!.seed < m.teamB!.seed;
    const res = await api.post(`/api/tournaments/${id}/matches/${m.id}/result`, {
      data: { ...(aWins ? { scoreA: need, scoreB: 0 } : { scoreA: 0, scoreB: need }), version: m.version },
    });
    expect(res.status()).toBe(200);
  }
}

export const card = (page: Page | Locator, n: number): Locator => page.getByRole('article', { name: `Match ${n}`, exact: true });

/** Opens a match card's score dialog, enters the games and saves. */
export async function reportOnCard(page: Page, n: number, scoreA: number, scoreB: number) {
  const match = card(page, n);
  await match.getByRole('button', { name: /^(Report|Correct) score$/ }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^(Report|Correct) score - Match ${n}$`) });
  await dialog.getByRole('spinbutton').nth(0).fill(String(scoreA));
  await dialog.getByRole('spinbutton').nth(1).fill(String(scoreB));
  await dialog.getByRole('button', { name: 'Save score' }).click();
}

/** The first match still to play whose two entrants are known, and the games a win takes there. */
async function openMatch(id: number) {
  const rows = await queryE2eDb(
    `SELECT number, best_of FROM matches WHERE tournament_id = ? AND status != 'completed'
     AND entrant_a_id IS NOT NULL AND entrant_b_id IS NOT NULL ORDER BY number LIMIT 1`,
    [id],
  );
  return rows[0] ? { number: Number(rows[0].number), need: Number(rows[0].best_of) === 5 ? 3 : 2 } : null;
}

/**
 * On the Bracket tab of a started 5-player single-elimination tournament, as its admin: reports round 1 (seed 4 v
 * seed 5) and the semi-final it feeds, corrects round 1 (D20: the server names the later result it clears, and the
 * admin confirms), then reports every match left until the tournament is completed with one correction on record.
 */
export async function reportEveryMatchCorrectingOne(page: Page, id: number): Promise<void> {
  // Round 1 (seed 4 v seed 5: the top three have byes), then the semi-final it feeds.
  await reportOnCard(page, 1, 2, 0);
  await expect(card(page, 1)).toHaveAttribute('data-status', 'completed');
  const semi = await openMatch(id);
  expect(semi).not.toBeNull();
  await reportOnCard(page, semi!.number, semi!.need, 1);
  await expect(card(page, semi!.number)).toHaveAttribute('data-status', 'completed');

  // Correcting round 1 now would clear the semi-final: the server asks first, naming it (D20).
  await reportOnCard(page, 1, 1, 2);
  const confirm = page.getByRole('dialog', { name: 'Clear later results? - Match 1' });
  await expect(confirm.getByRole('alert')).toContainText(`Match ${semi!.number}`);
  await confirm.getByRole('button', { name: 'Clear results and save' }).click();
  await expect(card(page, semi!.number)).toHaveAttribute('data-status', 'upcoming');

  for (let guard = 0; guard < 10; guard++) {
    const next = await openMatch(id);
    if (!next) break;
    await reportOnCard(page, next.number, next.need, 0);
    await expect(card(page, next.number)).toHaveAttribute('data-status', 'completed');
  }
  const [t] = await queryE2eDb('SELECT status, champion_id FROM tournaments WHERE id = ?', [id]);
  expect(t!.status).toBe('completed');
  expect(t!.champion_id).toBeTruthy();
  const history = await queryE2eDb(`SELECT action FROM match_history WHERE tournament_id = ? AND action = 'correct'`, [id]);
  expect(history).toHaveLength(1);
}

/** An entrant's Report Score on their card (D40): the dialog filled and sent; `beforeSend` runs with it open. */
export async function reportOnPhone(page: Page, n: number, scoreA: number, scoreB: number, beforeSend?: () => Promise<void>) {
  await card(page, n).getByRole('button', { name: 'Report Score' }).click();
  const dialog = page.getByRole('dialog', { name: `Report Score - Match ${n}` });
  await dialog.getByRole('spinbutton').nth(0).fill(String(scoreA));
  await dialog.getByRole('spinbutton').nth(1).fill(String(scoreB));
  await beforeSend?.();
  await dialog.getByRole('button', { name: 'Send score' }).click();
}
