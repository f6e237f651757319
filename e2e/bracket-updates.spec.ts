import type { Locator, Page } from '@playwright/test';
import { adminApi, card, playThroughApi, tournamentWithPlayers, type ApiMatch } from './competition-helpers.ts';
import { queryE2eDb } from './e2e-db.ts';
import { DEMO, expect, expectNoSeriousA11yViolations, login, test } from './fixtures.ts';

// Issue 34: a score report made against a match someone changed meanwhile is shown, not written over (D40); the
// archive draws a bracket with the Bracket tab's own rounds and cards (item 14); a phone sees every round button.

test('a stale score report shows what was just reported instead of overwriting it', async ({ page }) => {
  test.setTimeout(240_000);
  const { id } = await tournamentWithPlayers(4, 'Stale Score Showdown');
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  await login(page, DEMO.admin);
  await page.goto(`/tournaments/${id}#bracket`);

  // Match 1 is a semi-final (best of 5). The admin opens it and types 3-0...
  await card(page, 1).getByRole('button', { name: 'Report score' }).click();
  const dialog = page.getByRole('dialog', { name: /score - Match 1$/ });
  await dialog.getByRole('spinbutton').nth(0).fill('3');
  await dialog.getByRole('spinbutton').nth(1).fill('0');

  // ...while another device reports it 3-1 from the same version.
  const bracket = (await (await api.get(`/api/tournaments/${id}/bracket`)).json()) as ApiMatch[];
  const m = bracket.find((b) => b.matchNumber === 1)!;
  const meanwhile = await api.post(`/api/tournaments/${id}/matches/${m.id}/result`, { data: { scoreA: 3, scoreB: 1, version: m.version } });
  expect(meanwhile.status()).toBe(200);

  await dialog.getByRole('button', { name: 'Save score' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    `This match was just updated - Match 1: ${m.teamA!.name} 3-1 ${m.teamB!.name}`,
  );
  const stored = async () => (await queryE2eDb('SELECT score_a, score_b FROM matches WHERE id = ?', [m.id]))[0];
  expect(await stored()).toMatchObject({ score_a: 3, score_b: 1 });
  // The dialog now holds the match as it is: saving again is a correction made knowingly.
  await expect(page.getByRole('dialog', { name: 'Correct score - Match 1' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the score dialog after a stale report');
  await dialog.getByRole('button', { name: 'Save score' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(stored).toMatchObject({ score_a: 3, score_b: 0 });
  await expect(card(page, 1)).toHaveAttribute('data-status', 'completed');
  await api.dispose();
});

/** Each of `items` lies inside the screen's `width` and nothing clips it: the point just inside its right edge is it. */
async function expectEachWhole(page: Page, items: Locator, width: number) {
  for (const item of await items.all()) {
    const box = (await item.boundingBox())!;
    const name = (await item.textContent())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(width);
    const edge = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
      [box.x + box.width - 4, box.y + box.height / 2],
    );
    expect(edge, name).toBe(name);
  }
}

test('the Bracket tab’s round buttons are all in view on a 360 px phone', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const { id } = await tournamentWithPlayers(8, 'Narrow Screen Classic');
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  await api.dispose();
  await page.goto(`/tournaments/${id}#bracket`);

  const nav = page.getByRole('group', { name: 'Bracket rounds' });
  const buttons = nav.getByRole('button');
  await expect(buttons).toHaveText(['Quarter-Finals', 'Semi-Finals', 'Final']);
  await nav.scrollIntoViewIfNeeded();
  await expectEachWhole(page, buttons, 360);
  await buttons.last().click();
  await expect(buttons.last()).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('heading', { level: 4, name: 'Final', exact: true })).toBeInViewport();
});

test('the archive’s details dialog draws the bracket as the Bracket tab does: round names and separate scores', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { id } = await tournamentWithPlayers(8, 'Archive Rounds Open');
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  // The better seed wins every match, 2-0 or 3-0.
  await playThroughApi(api, id);
  await api.dispose();

  await page.goto(`/bracket-archive?details=${id}`);
  const dialog = page.getByRole('dialog', { name: 'Archive Rounds Open' });
  for (const name of ['Quarter-Finals', 'Semi-Finals', 'Final']) {
    await expect(dialog.getByRole('heading', { level: 4, name, exact: true })).toHaveCount(1);
  }
  await expect(dialog.getByText(/Round \d/)).toHaveCount(0);
  // The third-place match is played beside the final, in its round.
  const finalRound = dialog.getByRole('group', { name: 'Final', exact: true });
  await expect(finalRound.getByRole('article')).toHaveCount(2);
  await expect(finalRound.getByRole('article').filter({ hasText: 'Third Place' })).toHaveCount(1);

  // The final (match 8): the champion's name and their games in cells of their own, not 'Seed1 Archive3 (3)'.
  const champion = card(dialog, 8).getByRole('listitem').filter({ hasText: 'Seed1 Archive' });
  const name = champion.getByText('Seed1 Archive', { exact: true });
  const score = champion.getByText('3', { exact: true });
  const [nameBox, scoreBox] = [(await name.boundingBox())!, (await score.boundingBox())!];
  expect(nameBox.x + nameBox.width).toBeLessThan(scoreBox.x);
  await expect(dialog.getByText(/\(\d\)/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the archive’s bracket');

  // On a phone the dialog's four tabs are whole (in one row they ran out of it: 'Highli...').
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(dialog.getByRole('tab')).toHaveCount(4);
  await expectEachWhole(page, dialog.getByRole('tab'), 360);
});
