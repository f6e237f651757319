import { request as playwrightRequest, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminApi, card, reportOnPhone, tournamentWithPlayers, type ApiMatch } from './competition-helpers.ts';
import { expectTestCheckout } from './checkout-helpers.ts';
import { queryE2eDb } from './e2e-db.ts';
import {
  asTestPage,
  BASE_URL,
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  login,
  test,
  toast,
  type Account,
} from './fixtures.ts';
import { advanceClock, followServerClock, serverNow } from './test-clock.ts';

// Issue 37's tournament day, on 360 px phones, with the e2e host's test clock (e2e/test-clock.ts) standing in for the
// hours of a real one: four registered for a round robin, three check in (one with no signal, sent on reconnect), the
// close withdraws the fourth; the draw has three (3 matches). The host (the league admin) runs the day from the
// Tournament day panel of the Bracket tab: a call to Court 1 both players see, a score both sides report alike, a
// disputed one the host decides, a forfeit claimed past the no-show time and confirmed. Then a report nobody answers
// is confirmed by the clock after 10 quiet minutes, and a full tournament's waitlisted member is offered the freed
// spot and pays. This project runs after every other spec (playwright.config.ts): the server's time jumps here.

const PHONE = { width: 360, height: 740 };
const MIN = 60_000;

const made: number[] = [];
test.afterEach(async () => {
  for (const id of made.splice(0))
    await queryE2eDb("UPDATE tournaments SET status = 'cancelled' WHERE id = ? AND status != 'completed'", [id]);
});

/** A phone whose clock is the server's (so 'Claim forfeit win' appears when the server allows it), signed in. */
async function phone(
  browser: Browser,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE });
  await followServerClock(context);
  const page = await context.newPage();
  // Every load waits for hydration (a tap on the server's HTML before it does nothing: a CI run stayed on Overview).
  await asTestPage(page);
  await login(page, email, password);
  return { context, page };
}

async function openBracket(page: Page, id: number) {
  // A phone already on the page (the Registration tab) changes only the hash: load it afresh instead.
  const here = page.url().includes(`/tournaments/${id}`);
  await page.goto(`/tournaments/${id}#bracket`);
  if (here) await page.reload();
  const tab = page.getByRole('tab', { name: 'Bracket' });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(page.getByRole('heading', { name: 'Bracket', exact: true, level: 2 })).toBeVisible();
}

/**
 * Waits for the phone's POST to `path` to be answered 2xx. The card answers at once (optimistic), so a spec that
 * moves the server's clock next must first know the server has the action, or it is stamped with the moved time.
 */
function answered(page: Page, path: RegExp) {
  return page.waitForResponse((r) => r.request().method() === 'POST' && path.test(new URL(r.url()).pathname) && r.ok());
}

async function bracketOf(id: number): Promise<ApiMatch[]> {
  const res = await fetch(`${BASE_URL}/api/tournaments/${id}/bracket`);
  return ((await res.json()) as ApiMatch[]).sort((a, b) => a.matchNumber - b.matchNumber);
}

test('a round robin played from phones: check-in, the close, calls, reports, a dispute and a forfeit', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // Starting in 40 minutes: check-in is open now and closes in 10.
  const start = (await serverNow()).getTime() + 40 * MIN;
  const title = `Day ${Date.now()}`;
  const { id, players } = await tournamentWithPlayers(4, title, start);
  made.push(id);
  await queryE2eDb("UPDATE tournaments SET check_in = 1, format = 'round-robin' WHERE id = ?", [id]);
  const [p1, p2, p3, p4] = players as [Account, Account, Account, Account];

  // Seed 1 checks in on their phone.
  const one = await phone(browser, p1.email, p1.password);
  await one.page.goto(`/tournaments/${id}`);
  await one.page.getByRole('tab', { name: 'Registration' }).click();
  await one.page.getByRole('button', { name: 'Check In' }).click();
  await expect(toast(one.page, 'Checked In')).toBeVisible();
  await expect(one.page.getByText("You're checked in", { exact: true })).toBeVisible();

  // Seed 2 has no signal: the check-in waits, then goes once the connection returns.
  const two = await phone(browser, p2.email, p2.password);
  await two.page.goto(`/tournaments/${id}`);
  await two.page.getByRole('tab', { name: 'Registration' }).click();
  await expect(two.page.getByText('Check-in is open')).toBeVisible();
  await two.context.setOffline(true);
  await two.page.getByRole('button', { name: 'Check In' }).click();
  await expect(two.page.getByText('Check-in waiting to send').first()).toBeVisible();
  await two.context.setOffline(false);
  await expect(two.page.getByText("You're checked in", { exact: true })).toBeVisible({ timeout: 30_000 });

  // Seed 3 checks in from the dashboard's API call; seed 4 never does.
  const three = await phone(browser, p3.email, p3.password);
  const api3 = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  expect((await api3.post('/api/login', { data: { email: p3.email, password: p3.password } })).status()).toBe(200);
  expect((await api3.post(`/api/tournaments/${id}/check-in`)).status()).toBe(200);
  await api3.dispose();

  // The close passes: the clock withdraws seed 4 (no refund, told why) and the draw has the three who came.
  const phones = [one.context, two.context, three.context];
  await advanceClock(11 * MIN, phones);
  const [noShow] = await queryE2eDb(
    'SELECT status, no_show_at FROM tournament_registrations WHERE tournament_id = ? AND user_id = ?',
    [id, p4.id],
  );
  expect(noShow!.status).toBe('cancelled');
  expect(noShow!.no_show_at).not.toBeNull();
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  expect(
    (
      await api.put(`/api/tournaments/${id}/courts`, { data: { courts: ['Court 1', 'Court 2'], noShowMinutes: 5 } })
    ).status(),
  ).toBe(200);
  await api.dispose();
  const bracket = await bracketOf(id);
  expect(bracket).toHaveLength(3);
  const seeds = new Set(bracket.flatMap((m) => [m.teamA?.seed, m.teamB?.seed]));
  expect([...seeds].sort()).toEqual([1, 2, 3]);

  const pageOf = (seed: number) => [one.page, two.page, three.page][seed - 1]!;
  const host = await phone(browser, DEMO.admin);
  phones.push(host.context);
  await openBracket(host.page, id);
  const day = host.page.getByRole('region', { name: 'Tournament day' });
  await expect(day.getByText('0 live · 0 of 3 played · 0 to decide')).toBeVisible();
  await expectNoSeriousA11yViolations(host.page, 'the Tournament day panel (360 px)');

  /** The host calls the first ready match to Court 1 from the panel; both its players see the court on their card. */
  const callNext = async (): Promise<ApiMatch> => {
    const next = (await bracketOf(id)).find((m) => m.status === 'upcoming')!;
    await day.getByRole('button', { name: `Call Match ${next.matchNumber} to court` }).click();
    const dialog = host.page.getByRole('dialog', { name: `Call to court - Match ${next.matchNumber}` });
    await expect(dialog.getByRole('combobox', { name: 'Court' })).toHaveValue('Court 1');
    await dialog.getByRole('button', { name: 'Call match' }).click();
    await expect(day.getByText(`Match ${next.matchNumber}: ${next.teamA!.name} vs ${next.teamB!.name}`)).toBeVisible();
    for (const seed of [next.teamA!.seed, next.teamB!.seed]) {
      const player = pageOf(seed);
      await openBracket(player, id);
      await expect(card(player, next.matchNumber).getByText('Court 1', { exact: true })).toBeVisible();
    }
    return (await bracketOf(id)).find((m) => m.id === next.id)!;
  };

  // Match 1: both sides report the same score; it is confirmed.
  const first = await callNext();
  const need = first.bestOf === 5 ? 3 : 2;
  await expectNoSeriousA11yViolations(host.page, 'the Tournament day panel with a called match (360 px)');
  await reportOnPhone(pageOf(first.teamA!.seed), first.matchNumber, need, 1);
  const confirming = card(pageOf(first.teamB!.seed), first.matchNumber);
  await expect(confirming.getByText(`${first.teamA!.name} reported ${need}-1`)).toBeVisible({ timeout: 25_000 });
  await confirming.getByRole('button', { name: `Confirm ${need}-1` }).click();
  await expect(confirming).toHaveAttribute('data-status', 'completed');

  // Match 2: the scores differ (one side disputes); the host decides from the panel.
  const second = await callNext();
  await reportOnPhone(pageOf(second.teamA!.seed), second.matchNumber, need, 0);
  const disputing = card(pageOf(second.teamB!.seed), second.matchNumber);
  await expect(disputing.getByText(`${second.teamA!.name} reported ${need}-0`)).toBeVisible({ timeout: 25_000 });
  await disputing.getByRole('button', { name: 'Dispute' }).click();
  await expect(disputing.getByText('Disputed - the host decides')).toBeVisible();
  await expect(day.getByText('To decide (1)')).toBeVisible({ timeout: 25_000 });
  await expectNoSeriousA11yViolations(host.page, 'the Tournament day panel with a dispute (360 px)');
  await day.getByRole('button', { name: `Decide Match ${second.matchNumber}` }).click();
  const decide = host.page.getByRole('dialog', { name: `Report score - Match ${second.matchNumber}` });
  await decide.getByRole('spinbutton').nth(0).fill('1');
  await decide.getByRole('spinbutton').nth(1).fill(String(need));
  await decide.getByRole('button', { name: 'Save score' }).click();
  await expect(day.getByText('To decide (0)')).toBeVisible();

  // Match 3: side A is at the court, side B never comes; past the no-show time A claims it and the host confirms.
  const third = await callNext();
  const claimant = card(pageOf(third.teamA!.seed), third.matchNumber);
  const arrived = answered(pageOf(third.teamA!.seed), /\/arrival$/);
  await claimant.getByRole('button', { name: "I'm at the court" }).click();
  await arrived;
  await expect(claimant.getByText("You're at the court")).toBeVisible();
  await expect(claimant.getByRole('button', { name: 'Claim forfeit win' })).toHaveCount(0);
  await advanceClock(6 * MIN, phones);
  await pageOf(third.teamA!.seed).reload();
  await claimant.getByRole('button', { name: 'Claim forfeit win' }).click();
  await expect(claimant.getByText(/claims the win by forfeit for .+ - the host decides/)).toBeVisible();
  await expect(day.getByText('To decide (1)')).toBeVisible({ timeout: 25_000 });
  await expectNoSeriousA11yViolations(host.page, 'the Tournament day panel with a forfeit claim (360 px)');
  await day.getByRole('button', { name: 'Confirm forfeit' }).click();
  // The last result completes the round robin: the day is over, and the panel with it.
  await expect(card(host.page, third.matchNumber)).toHaveAttribute('data-status', 'completed', { timeout: 25_000 });
  await expect
    .poll(async () => (await queryE2eDb('SELECT status FROM tournaments WHERE id = ?', [id]))[0]!.status)
    .toBe('completed');

  // Every result is applied once, and the history says how.
  const rows = await queryE2eDb('SELECT id, status, forfeit FROM matches WHERE tournament_id = ?', [id]);
  expect(rows.map((r) => r.status)).toEqual(['completed', 'completed', 'completed']);
  expect(Number(rows.find((r) => Number(r.id) === third.id)!.forfeit)).toBe(1);
  const history = await queryE2eDb(
    'SELECT match_number, action FROM match_history WHERE tournament_id = ? ORDER BY id',
    [id],
  );
  const actionsOf = (n: number) => history.filter((h) => Number(h.match_number) === n).map((h) => h.action);
  expect(actionsOf(first.matchNumber)).toEqual(expect.arrayContaining(['score-report', 'score-confirm']));
  expect(actionsOf(second.matchNumber)).toEqual(expect.arrayContaining(['score-report', 'score-dispute', 'report']));
  expect(actionsOf(third.matchNumber).length).toBeGreaterThan(0);
  for (const context of phones) await context.close();
});

test("the host's call made with no signal waits on the phone and is sent once when the connection returns", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { id } = await tournamentWithPlayers(2, `Signal ${Date.now()}`);
  made.push(id);
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  expect(
    (await api.put(`/api/tournaments/${id}/courts`, { data: { courts: ['Court 1'], noShowMinutes: 5 } })).status(),
  ).toBe(200);
  await api.dispose();
  const [match] = (await bracketOf(id)).filter((m) => m.teamA && m.teamB);
  const host = await phone(browser, DEMO.admin);
  await openBracket(host.page, id);
  const day = host.page.getByRole('region', { name: 'Tournament day' });
  await expect(day.getByText('Ready to call (1)')).toBeVisible();

  await host.context.setOffline(true);
  await expect(day.getByText(/Calls and decisions wait on this phone/)).toBeVisible();
  await day.getByRole('button', { name: `Call Match ${match!.matchNumber} to court` }).click();
  await host.page
    .getByRole('dialog', { name: `Call to court - Match ${match!.matchNumber}` })
    .getByRole('button', { name: 'Call match' })
    .click();
  const waiting = day.getByRole('status').filter({ hasText: 'Waiting to send (1)' });
  await expect(waiting.getByText(`Call Match ${match!.matchNumber} to Court 1`)).toBeVisible();
  await expectNoSeriousA11yViolations(host.page, 'the Tournament day panel with a call waiting to send (360 px)');
  expect((await bracketOf(id)).find((m) => m.id === match!.id)!.status).toBe('upcoming');

  await host.context.setOffline(false);
  await expect(waiting).toHaveCount(0, { timeout: 30_000 });
  await expect(
    day.getByText(`Match ${match!.matchNumber}: ${match!.teamA!.name} vs ${match!.teamB!.name}`),
  ).toBeVisible({ timeout: 25_000 });
  const called = (await bracketOf(id)).find((m) => m.id === match!.id)!;
  expect([called.status, called.court]).toEqual(['live', 'Court 1']);
  const history = await queryE2eDb('SELECT action FROM match_history WHERE tournament_id = ? AND match_number = ?', [
    id,
    match!.matchNumber,
  ]);
  expect(history).toHaveLength(1);
  await host.context.close();
});

test('a report the other side leaves unanswered is confirmed by the clock after 10 quiet minutes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { id, players } = await tournamentWithPlayers(2, `Quiet ${Date.now()}`);
  made.push(id);
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  const [match] = (await bracketOf(id)).filter((m) => m.teamA && m.teamB);
  expect((await api.patch(`/api/tournaments/${id}/matches/${match!.id}`, { data: { status: 'live' } })).status()).toBe(
    200,
  );
  await api.dispose();
  const reporter = players[match!.teamA!.seed - 1]!;
  const { context, page } = await phone(browser, reporter.email, reporter.password);
  await openBracket(page, id);
  const reported = answered(page, /\/score-reports$/);
  await reportOnPhone(page, match!.matchNumber, match!.bestOf === 5 ? 3 : 2, 0);
  await reported;
  const mine = card(page, match!.matchNumber);
  await expect(mine.getByText('Waiting for confirmation')).toBeVisible();
  await advanceClock(10 * MIN + 5_000, [context]);
  await expect(mine).toHaveAttribute('data-status', 'completed', { timeout: 25_000 });
  await expect(mine.getByText('Confirmed', { exact: true })).toBeVisible();
  await context.close();
});

test("a full tournament's waitlisted member is offered the freed spot and pays for it", async ({ browser }) => {
  test.setTimeout(150_000);
  const { id, players } = await tournamentWithPlayers(1, `Waitlist Day ${Date.now()}`);
  made.push(id);
  await queryE2eDb('UPDATE tournaments SET max_players = 1, buy_in = 25 WHERE id = ?', [id]);
  // The verified demo member has signed the waiver (D9: the line takes only members who could register).
  const { context, page } = await phone(browser, DEMO.verified);
  await page.goto(`/tournaments/${id}`);
  await page.getByRole('tab', { name: 'Registration' }).click();
  await page.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(page.getByText("You're number 1 on the waitlist")).toBeVisible();

  // The registered player's spot frees (as a refund does); the next clock minute offers it.
  await queryE2eDb("UPDATE tournament_registrations SET status = 'cancelled' WHERE tournament_id = ? AND user_id = ?", [
    id,
    players[0]!.id,
  ]);
  await advanceClock(MIN, [context]);
  await page.reload();
  await page.getByRole('tab', { name: 'Registration' }).click();
  await expect(page.getByText('A spot is held for you')).toBeVisible();
  await page.getByRole('button', { name: 'Register - $25' }).click();
  await expectTestCheckout(page, /Waitlist Day/, '$25');
  await page.getByRole('button', { name: 'Pay $25' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=.+&type=registration/);
  await expect(page.getByRole('heading', { level: 1, name: "You're registered!" })).toBeVisible();
  const [row] = await queryE2eDb(
    'SELECT w.state, r.status FROM waitlist_entries w JOIN tournament_registrations r ON r.tournament_id = w.tournament_id AND r.user_id = w.user_id WHERE w.tournament_id = ? AND r.user_id = (SELECT id FROM users WHERE email = ?)',
    [id, DEMO.verified],
  );
  expect([row!.state, row!.status]).toEqual(['taken', 'registered']);
  await context.close();
});
