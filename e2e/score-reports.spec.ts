import type { Page } from '@playwright/test';
import { adminApi, card, reportOnPhone, tournamentWithPlayers, type ApiMatch } from './competition-helpers.ts';
import { queryE2eDb } from './e2e-db.ts';
import { DEMO, expect, expectNoSeriousA11yViolations, login, test } from './fixtures.ts';

// D40 (issue 37): players report their own scores from the Bracket tab on their phones. The same score from the
// other side confirms it; a Dispute sends it to the host (here the league admin), whose report decides.

const PHONE = { width: 360, height: 740 };

async function openBracket(page: Page, id: number) {
  await page.setViewportSize(PHONE);
  await page.goto(`/tournaments/${id}#bracket`);
  await expect(page.getByRole('heading', { name: 'Bracket', exact: true, level: 2 })).toBeVisible();
}

test('two players report the same score and it is confirmed; the next match is disputed and the admin decides it', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Reports ${Date.now()}`;
  const { id, players } = await tournamentWithPlayers(4, title);
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  const bracket = (await (await api.get(`/api/tournaments/${id}/bracket`)).json()) as ApiMatch[];
  const [first, second] = bracket.filter((m) => m.teamA && m.teamB).sort((a, b) => a.matchNumber - b.matchNumber) as [ApiMatch, ApiMatch];
  for (const m of [first, second]) {
    expect((await api.patch(`/api/tournaments/${id}/matches/${m.id}`, { data: { status: 'live' } })).status()).toBe(200);
  }
  const need = first.bestOf === 5 ? 3 : 2;
  const playerOf = (seed: number) => players[seed - 1]!;

  // Side A reports on their phone: the card shows it at once, waiting for the other side.
  await login(page, playerOf(first.teamA!.seed).email, playerOf(first.teamA!.seed).password);
  await openBracket(page, id);
  await reportOnPhone(page, first.matchNumber, need, 1, () =>
    expectNoSeriousA11yViolations(page, 'the Report Score dialog (360 px)'),
  );
  const mine = card(page, first.matchNumber);
  await expect(mine.getByText('Waiting for confirmation')).toBeVisible();
  await expect(mine.getByText(`${first.teamA!.name} reported ${need}-1`)).toBeVisible();
  await expect(mine.getByText(/^Confirmed at .+ unless disputed$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'a pending players report on the Bracket tab (360 px)');

  // Side B, on another phone, confirms it with one tap: the match is completed with that score.
  const otherContext = await browser.newContext({ viewport: PHONE });
  const other = await otherContext.newPage();
  await login(other, playerOf(first.teamB!.seed).email, playerOf(first.teamB!.seed).password);
  await openBracket(other, id);
  const theirs = card(other, first.matchNumber);
  await expect(theirs.getByText(`${first.teamA!.name} reported ${need}-1`)).toBeVisible();
  await theirs.getByRole('button', { name: `Confirm ${need}-1` }).click();
  await expect(theirs).toHaveAttribute('data-status', 'completed');
  await expect(theirs.getByText('Confirmed', { exact: true })).toBeVisible();
  // The first phone's poll brings the confirmation without a reload.
  await expect(mine).toHaveAttribute('data-status', 'completed', { timeout: 25_000 });
  await otherContext.close();

  // The second match: one side reports, the other presses Dispute.
  const secondA = playerOf(second.teamA!.seed);
  const secondB = playerOf(second.teamB!.seed);
  const aContext = await browser.newContext({ viewport: PHONE });
  const aPage = await aContext.newPage();
  await login(aPage, secondA.email, secondA.password);
  await openBracket(aPage, id);
  await reportOnPhone(aPage, second.matchNumber, need, 0);
  await expect(card(aPage, second.matchNumber).getByText('Waiting for confirmation')).toBeVisible();
  await aContext.close();

  const bContext = await browser.newContext({ viewport: PHONE });
  const bPage = await bContext.newPage();
  await login(bPage, secondB.email, secondB.password);
  await openBracket(bPage, id);
  const disputed = card(bPage, second.matchNumber);
  await disputed.getByRole('button', { name: 'Dispute' }).click();
  await expect(disputed.getByText('Disputed - the host decides')).toBeVisible();
  await expect(disputed.getByRole('button', { name: 'Report Score' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(bPage, 'a disputed players report (360 px)');
  await bContext.close();

  // The admin was told, sees who said what on the card, and decides with the Bracket tab's own report.
  const [notice] = await queryE2eDb(
    "SELECT title FROM notifications WHERE kind = 'score_disputed' AND user_id = (SELECT id FROM users WHERE email = ?) AND body LIKE ?",
    [DEMO.admin, `Match ${second.matchNumber} of ${title}:%`],
  );
  expect(notice?.title).toBe('Score disputed');
  const adminContext = await browser.newContext({ viewport: PHONE });
  const admin = await adminContext.newPage();
  await login(admin, DEMO.admin);
  await openBracket(admin, id);
  const decide = card(admin, second.matchNumber);
  await expect(decide.getByText('Disputed - the host decides')).toBeVisible();
  await expect(decide.getByText(`${second.teamA!.name} reported ${need}-0`)).toBeVisible();
  await decide.getByRole('button', { name: 'Report score' }).click();
  const dialog = admin.getByRole('dialog', { name: `Report score - Match ${second.matchNumber}` });
  await dialog.getByRole('spinbutton').nth(0).fill('0');
  await dialog.getByRole('spinbutton').nth(1).fill(String(need));
  await dialog.getByRole('button', { name: 'Save score' }).click();
  await expect(decide).toHaveAttribute('data-status', 'completed');
  await expect(decide.getByText('Disputed - the host decides')).toHaveCount(0);
  await adminContext.close();

  const history = await queryE2eDb('SELECT action FROM match_history WHERE tournament_id = ? AND match_number = ? ORDER BY id', [
    id,
    second.matchNumber,
  ]);
  expect(history.map((h) => h.action)).toEqual(['live', 'score-report', 'score-dispute', 'report']);
  await api.dispose();
});
