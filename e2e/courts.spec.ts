import { adminApi, card, tournamentWithPlayers, type ApiMatch } from './competition-helpers.ts';
import { queryE2eDb } from './e2e-db.ts';
import { DEMO, expect, expectNoSeriousA11yViolations, login, test, toast } from './fixtures.ts';

// D41 (issue 37): the host lists the courts and calls a match to one from a phone; both players are told where; the
// player at the court presses 'I'm at the court' and, the other side absent past the no-show time, claims the win,
// which the host confirms. The no-show time is moved past by moving the call back in the database (the e2e host has
// no clock to advance yet).

const PHONE = { width: 360, height: 740 };

test('the host calls a match to Court 1, the player at the court claims a forfeit and the host confirms it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const title = `Courts ${Date.now()}`;
  const { id, players } = await tournamentWithPlayers(3, title);
  await queryE2eDb("UPDATE tournaments SET format = 'round-robin' WHERE id = ?", [id]);
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  const bracket = (await (await api.get(`/api/tournaments/${id}/bracket`)).json()) as ApiMatch[];
  const first = bracket.filter((m) => m.teamA && m.teamB).sort((a, b) => a.matchNumber - b.matchNumber)[0]!;
  await api.dispose();

  // The admin (as host) lists the courts and calls the first match to Court 1.
  await page.setViewportSize(PHONE);
  await login(page, DEMO.admin);
  await page.goto(`/tournaments/${id}#bracket`);
  await page.getByRole('button', { name: 'Courts', exact: true }).click();
  const courts = page.getByRole('dialog', { name: 'Courts' });
  await courts.getByRole('textbox', { name: 'Court names' }).fill('Court 1, Court 2');
  await courts.getByRole('spinbutton', { name: 'No-show time (minutes)' }).fill('5');
  await expectNoSeriousA11yViolations(page, 'the Courts dialog (360 px)');
  await courts.getByRole('button', { name: 'Save courts' }).click();
  await expect(toast(page, 'Courts Saved')).toBeVisible();

  const match = card(page, first.matchNumber);
  await match.getByRole('button', { name: 'Call to court' }).click();
  const call = page.getByRole('dialog', { name: `Call to court - Match ${first.matchNumber}` });
  await expect(call.getByRole('combobox', { name: 'Court' })).toHaveValue('Court 1');
  await expectNoSeriousA11yViolations(page, 'the Call to court dialog (360 px)');
  await call.getByRole('button', { name: 'Call match' }).click();
  await expect(match).toHaveAttribute('data-status', 'live');
  await expect(match.getByText('Court 1', { exact: true })).toBeVisible();
  // The host's Tournament day panel (ADR 070) lists each court's match.
  const day = page.getByRole('region', { name: 'Tournament day' });
  await expect(day.getByText(`Match ${first.matchNumber}: ${first.teamA!.name} vs ${first.teamB!.name}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the Bracket tab with the Tournament day panel (360 px)');

  const told = await queryE2eDb("SELECT title FROM notifications WHERE kind = 'match_called' AND user_id IN (?, ?) ORDER BY id", [
    players[first.teamA!.seed - 1]!.id,
    players[first.teamB!.seed - 1]!.id,
  ]);
  expect(told.map((n) => n.title).sort()).toEqual(
    [`Your match is ready - Court 1 vs ${first.teamB!.name}`, `Your match is ready - Court 1 vs ${first.teamA!.name}`].sort(),
  );

  // Side A is at the court; side B never comes.
  const playerA = players[first.teamA!.seed - 1]!;
  const aContext = await browser.newContext({ viewport: PHONE });
  const aPage = await aContext.newPage();
  await login(aPage, playerA.email, playerA.password);
  await aPage.goto(`/tournaments/${id}#bracket`);
  // The players' court queue: each court's match.
  const queue = aPage.getByRole('region', { name: 'Courts' });
  await expect(queue.getByText(`Match ${first.matchNumber}: ${first.teamA!.name} vs ${first.teamB!.name}`)).toBeVisible();
  await expectNoSeriousA11yViolations(aPage, 'the Bracket tab with the court queue (360 px)');
  const mine = card(aPage, first.matchNumber);
  await mine.getByRole('button', { name: "I'm at the court" }).click();
  await expect(mine.getByText("You're at the court")).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Claim forfeit win' })).toHaveCount(0);
  await queryE2eDb('UPDATE matches SET called_at = called_at - 6 * 60 * 1000 WHERE id = ?', [first.id]);
  // As every change to a bracket does, so the tab's conditional poll (ETag) sees it.
  await queryE2eDb('UPDATE tournaments SET bracket_version = bracket_version + 1 WHERE id = ?', [id]);
  await aPage.reload();
  await mine.getByRole('button', { name: 'Claim forfeit win' }).click();
  await expect(mine.getByText(/claims the win by forfeit for .+ - the host decides/)).toBeVisible();
  await expectNoSeriousA11yViolations(aPage, 'a forfeit claim on the Bracket tab (360 px)');
  await aContext.close();

  // The host confirms: this match alone is a forfeit won by side A.
  await page.reload();
  await match.getByRole('button', { name: 'Confirm forfeit' }).click();
  await expect(match).toHaveAttribute('data-status', 'completed');
  await expect(match.getByText('Forfeit', { exact: true })).toBeVisible();
  const [row] = await queryE2eDb('SELECT forfeit, winner_id FROM matches WHERE id = ?', [first.id]);
  expect([Number(row!.forfeit), Number(row!.winner_id)]).toEqual([1, first.teamA!.id]);
  const withdrawn = await queryE2eDb('SELECT count(*) AS n FROM entrants WHERE tournament_id = ? AND withdrawn_at IS NOT NULL', [id]);
  expect(Number(withdrawn[0]!.n)).toBe(0);
});
