import { queryE2eDb } from './e2e-db.ts';
import { createAccount, expect, expectNoSeriousA11yViolations, signInAsNew, test, toast } from './fixtures.ts';

// The team owner page (001 s2): an owner creates their team, edits it, sets coach and captain from the roster and
// removes a player; every change is the server's answer (the API tests hold the rules).

test('an owner creates a team, edits it, sets coach and captain, and removes the captain', async ({ page }) => {
  // Eleven steps with three axe scans: minutes on a loaded 2-core machine.
  test.setTimeout(240_000);
  const owner = await signInAsNew(page, 'owner');
  await page.goto('/teams');
  await expect(page.getByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();

  // Create Team: the name is required (checked before sending), the tagline optional.
  await page.getByRole('button', { name: 'Create Team' }).click();
  const create = page.getByRole('dialog', { name: 'Create Team' });
  await expectNoSeriousA11yViolations(page, '/teams Create Team dialog');
  await create.getByRole('button', { name: 'Create Team' }).click();
  await expect(create.getByText('Team name is required')).toBeVisible();
  await create.getByRole('textbox', { name: 'Team Name' }).fill('E2E Squad');
  await create.getByRole('textbox', { name: 'Tagline' }).fill('Built in a browser.');
  await create.getByRole('button', { name: 'Create Team' }).click();
  await expect(toast(page, 'Team Created')).toBeVisible();
  const team = page.getByRole('region', { name: 'E2E Squad' });
  await expect(team).toContainText('Built in a browser.');
  await expect(page.getByRole('button', { name: 'Create Team' })).toHaveCount(0);
  const [row] = await queryE2eDb('SELECT id FROM teams WHERE owner_id = ?', [owner.id]);
  const teamId = Number(row!.id);

  // Edit Team.
  await team.getByRole('button', { name: 'Edit Team' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Team' });
  await edit.getByRole('textbox', { name: 'Team Name' }).fill('E2E Squad II');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Team Updated')).toBeVisible();
  const renamed = page.getByRole('region', { name: 'E2E Squad II' });
  await expect(renamed).toBeVisible();

  // Two players on the roster (invites come with free agency), then coach and captain from the roster.
  const ava = await createAccount('player', { firstName: 'Ava', lastName: 'Rostered' });
  const ben = await createAccount('player', { firstName: 'Ben', lastName: 'Rostered' });
  for (const player of [ava, ben]) {
    await queryE2eDb('INSERT INTO team_members (team_id, user_id, position, joined_at) VALUES (?, ?, ?, ?)', [
      teamId,
      player.id,
      'player',
      Date.now(),
    ]);
  }
  await page.reload();
  await renamed.getByRole('tab', { name: 'Management' }).click();
  const roles = renamed.getByRole('form', { name: 'E2E Squad II coach and captain' });
  await roles.getByRole('combobox', { name: 'Coach' }).selectOption({ label: 'Ava Rostered' });
  await roles.getByRole('combobox', { name: 'Captain' }).selectOption({ label: 'Ava Rostered' });
  await expect(roles.getByText('The coach and the captain must be different players')).toBeVisible();
  await expect(roles.getByRole('button', { name: 'Save Roles' })).toBeDisabled();
  await roles.getByRole('combobox', { name: 'Captain' }).selectOption({ label: 'Ben Rostered' });
  await roles.getByRole('button', { name: 'Save Roles' }).click();
  await expect(toast(page, 'Roles Updated')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/teams Management');

  await renamed.getByRole('tab', { name: 'Roster' }).click();
  const roster = renamed.getByRole('list', { name: 'E2E Squad II roster' });
  await expect(roster.getByRole('listitem').first()).toContainText('Ben Rostered');
  await expect(roster.getByRole('listitem').first()).toContainText('Captain');
  await expect(roster.getByRole('listitem').nth(1)).toContainText('Coach');

  // Removing the captain clears the role.
  await roster.getByRole('button', { name: 'Remove Ben Rostered' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Ben Rostered?' });
  await expect(confirm).toContainText('is no longer its captain');
  await confirm.getByRole('button', { name: 'Remove Player' }).click();
  await expect(toast(page, 'Player Removed')).toBeVisible();
  await expect(roster.getByRole('listitem')).toHaveCount(1);
  await renamed.getByRole('tab', { name: 'Management' }).click();
  await expect(roles.getByRole('combobox', { name: 'Captain' })).toHaveValue('');
  await expect(roles.getByRole('combobox', { name: 'Coach' })).toHaveValue(ava.id);
  const positions = await queryE2eDb('SELECT user_id, position FROM team_members WHERE team_id = ?', [teamId]);
  expect(positions).toEqual([expect.objectContaining({ user_id: ava.id, position: 'coach' })]);
});

test('on a phone the team page fits 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAsNew(page, 'owner');
  await page.goto('/teams');
  await page.getByRole('button', { name: 'Create Team' }).click();
  const create = page.getByRole('dialog', { name: 'Create Team' });
  await create.getByRole('textbox', { name: 'Team Name' }).fill('Phone Five');
  await create.getByRole('button', { name: 'Create Team' }).click();
  const team = page.getByRole('region', { name: 'Phone Five' });
  await expect(team).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page, '/teams (360 px)');
});
