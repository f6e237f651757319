import { readFile } from 'node:fs/promises';
import { adminApi, playThroughApi, tournamentWithPlayers } from './competition-helpers.ts';
import { DEMO, expect, login, signInAsNew, test } from './fixtures.ts';

// Issue 38 item 6 from the screens: a member's Download My Data on Edit Profile, and the Bracket tab's Download
// Results (CSV) for an admin. The API tests (edge/features/exports) hold who may download what and the files' rules.

test('a member downloads their own data as one JSON file from Edit Profile', async ({ page }) => {
  const me = await signInAsNew(page, 'player');
  await page.goto('/edit-profile');
  const card = page.getByRole('region', { name: 'My Data' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: 'Download My Data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^wta-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { profile: { id: string } };
  expect(data.profile.id).toBe(me.id);
  expect(data.profile).not.toHaveProperty('passwordHash');
});

test("an admin downloads a tournament's results as CSV from the Bracket tab", async ({ page }) => {
  const { id } = await tournamentWithPlayers(4, `Results ${Date.now()}`);
  const api = await adminApi();
  expect((await api.post(`/api/tournaments/${id}/start`)).status()).toBe(200);
  await playThroughApi(api, id);
  await api.dispose();
  await login(page, DEMO.admin);
  await page.goto(`/tournaments/${id}#bracket`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Results (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^results-\d+-results\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Match,Stage,Round,Side A,Seed A,Side B,Seed B,Score A,Score B,Winner,Status,Forfeit,Court,Completed At',
  );
  // Single elimination of 4: two semi-finals, the third-place match and the final, every one completed.
  expect(lines.slice(1).filter((l) => l.includes(',completed,'))).toHaveLength(4);
  expect(lines.some((l) => l.startsWith('4,main,Final,'))).toBe(true);
});
