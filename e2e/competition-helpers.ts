import { request as playwrightRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { queryE2eDb } from './e2e-db.ts';
import { BASE_URL, createAccount, DEMO, DEMO_PASSWORD, expect, type Account } from './fixtures.ts';

// Tournaments played through the real API for the competition's specs (issue 11, issue 34).

const DAY = 24 * 60 * 60 * 1000;

/** An upcoming tournament two days out (the clock leaves it alone) with `n` registered players, seeded 1..n. */
export async function tournamentWithPlayers(n: number, title: string): Promise<{ id: number; players: Account[] }> {
  const now = Date.now();
  const [row] = await queryE2eDb(
    `INSERT INTO tournaments (title, description, location, division, start_date, format, status, buy_in, prize_pool, max_players, created_at)
     VALUES (?, 'An e2e tournament.', 'Test Gym, Atlanta, GA', 'hoop', ?, 'single-elimination', 'upcoming', 0, 500, ?, ?) RETURNING id`,
    [title, now + 2 * DAY, Math.max(n, 8), now - DAY],
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
  teamA: { seed: number; name: string } | null;
  teamB: { seed: number; name: string } | null;
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
