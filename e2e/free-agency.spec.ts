import { queryE2eDb } from './e2e-db.ts';
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  login,
  logoutThroughApi,
  pageReady,
  signInAsNew,
  test,
  toast,
  type Account,
} from './fixtures.ts';

// Free agency and the transfer portal (000 s2, issue 13, D37): an owner invites a free agent, who accepts from the
// dashboard's Notifications; a player asks to leave for free agency and the owner approves. Every test uses accounts
// of its own (the API tests hold the rules and the refusals).

/** A name no other test or seeded member has, so the pool's search finds exactly this player. */
function uniqueLastName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

async function ownerWithTeam(teamName: string): Promise<{ owner: Account; teamId: number }> {
  const owner = await createAccount('owner', { firstName: 'Olga', lastName: uniqueLastName('Owner') });
  await queryE2eDb('INSERT INTO teams (name, owner_id, wins, losses, created_at) VALUES (?, ?, 3, 1, ?)', [
    teamName,
    owner.id,
    Date.now(),
  ]);
  const [row] = await queryE2eDb('SELECT id FROM teams WHERE owner_id = ?', [owner.id]);
  return { owner, teamId: Number(row!.id) };
}

test('an owner invites a free agent from the pool, who accepts from Notifications and joins the team', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const teamName = `Scouts ${uniqueLastName('')}`;
  const { owner, teamId } = await ownerWithTeam(teamName);
  const player = await createAccount('player', { firstName: 'Freda', lastName: uniqueLastName('Agent') });
  const playerName = `${player.firstName} ${player.lastName}`;

  // D37: the owner reaches the pool from their team page.
  await login(page, owner.email, owner.password);
  await page.goto('/teams');
  await page.getByRole('region', { name: teamName }).getByRole('link', { name: 'Invite players' }).click();
  await expect(page).toHaveURL(new RegExp(`/free-agency\\?team=${teamId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Free Agency Pool' })).toBeVisible();

  const search = page.getByRole('search', { name: 'Search free agents' });
  await expect(search.getByRole('combobox', { name: 'Sport' })).toContainText('Flag Football');
  await expect(search.getByRole('combobox', { name: 'Sport' })).toContainText('Slap Division');
  await search.getByRole('searchbox', { name: 'Search' }).fill('zz-nobody-has-this-name');
  await expect(page.getByText('No players found matching your criteria')).toBeVisible();

  await search.getByRole('searchbox', { name: 'Search' }).fill(player.lastName);
  const cards = page.getByRole('list', { name: 'Free agents' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('link', { name: playerName, exact: true })).toHaveAttribute(
    'href',
    `/player/${player.id}`,
  );
  await expect(card.getByRole('link', { name: `View Profile of ${playerName}` })).toHaveAttribute(
    'href',
    `/player/${player.id}`,
  );
  await expect(card.getByRole('definition')).toHaveText(['0', '0', '0']);
  await expectNoSeriousA11yViolations(page, '/free-agency owner');

  await card.getByRole('button', { name: `Invite ${playerName}` }).click();
  await expect(toast(page, 'Invite Sent')).toBeVisible();
  await expect(card.getByRole('button', { name: `Invited ${playerName}` })).toBeDisabled();
  const [invite] = await queryE2eDb('SELECT status, notification_id FROM team_invites WHERE user_id = ?', [player.id]);
  expect(invite).toMatchObject({ status: 'pending' });

  // The player answers on the invite's notification (D37).
  await logoutThroughApi(page);
  await login(page, player.email, player.password);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: /^Notifications/ }).click();
  const item = page
    .getByRole('list', { name: 'Notifications' })
    .getByRole('listitem')
    .filter({ hasText: `invited you to join ${teamName}` });
  await expect(item).toContainText('Team invite');
  await expectNoSeriousA11yViolations(page, '/dashboard team invite');
  await item.getByRole('button', { name: `Accept invite from ${teamName}` }).click();
  await expect(toast(page, 'Invite Accepted', `You joined ${teamName}.`)).toBeVisible();
  await expect(item.getByText('Accepted', { exact: true })).toBeVisible();
  // The profile card shows the team, and a player with a team gets the Transfer Portal.
  await expect(page.getByRole('main')).toContainText(teamName);
  await expect(
    page.getByRole('navigation', { name: 'Dashboard actions' }).getByRole('link', { name: 'Transfer Portal' }),
  ).toBeVisible();
  const roster = await queryE2eDb('SELECT team_id, position FROM team_members WHERE user_id = ?', [player.id]);
  expect(roster).toEqual([expect.objectContaining({ team_id: teamId, position: 'player' })]);
});

test('a player asks to transfer to free agency and the owner approves', async ({ page }) => {
  test.setTimeout(180_000);
  const teamName = `Movers ${uniqueLastName('')}`;
  const { owner, teamId } = await ownerWithTeam(teamName);
  const player = await createAccount('player', { firstName: 'Theo', lastName: uniqueLastName('Mover') });
  const playerName = `${player.firstName} ${player.lastName}`;
  await queryE2eDb('INSERT INTO team_members (team_id, user_id, position, joined_at) VALUES (?, ?, ?, ?)', [
    teamId,
    player.id,
    'captain',
    Date.now(),
  ]);

  await login(page, player.email, player.password);
  await page.goto('/transfer-portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer Portal' })).toBeVisible();
  const mine = page.getByRole('region', { name: 'My Requests' });
  await expect(mine.getByText('No transfer requests')).toBeVisible();
  const form = page.getByRole('form', { name: 'Request a Transfer' });
  await expect(form.getByRole('radio', { name: `Free agency (leave ${teamName})` })).toBeChecked();
  await form.getByRole('textbox', { name: 'Reason (optional)' }).fill('Moving across the country.');
  await expectNoSeriousA11yViolations(page, '/transfer-portal player');
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(toast(page, 'Transfer Submitted')).toBeVisible();
  const request = mine.getByRole('listitem').first();
  await expect(request).toContainText(`${teamName} to Free Agency`);
  await expect(request).toContainText('Pending');
  await expect(request).toContainText('Moving across the country.');
  await expect(page.getByText('Your request is pending')).toBeVisible();

  // D37: a request to free agency is the owner's of the team the player leaves.
  await logoutThroughApi(page);
  await login(page, owner.email, owner.password);
  await page.goto('/transfer-portal');
  const incoming = page.getByRole('region', { name: 'Incoming Requests' });
  const pending = incoming.getByRole('listitem').filter({ hasText: playerName });
  await expect(pending).toContainText(`${teamName} to Free Agency`);
  await expectNoSeriousA11yViolations(page, '/transfer-portal owner');
  await pending.getByRole('button', { name: `Approve ${playerName}'s request` }).click();
  await expect(toast(page, 'Transfer Updated', `${playerName} left ${teamName}.`)).toBeVisible();
  await expect(pending).toContainText('Approved');
  await expect(pending.getByRole('button')).toHaveCount(0);
  expect(await queryE2eDb('SELECT * FROM team_members WHERE user_id = ?', [player.id])).toEqual([]);

  // The player is told (D15) and is a free agent again.
  await logoutThroughApi(page);
  await login(page, player.email, player.password);
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: /^Notifications/ }).click();
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText('Transfer approved');
  await expect(page.getByRole('list', { name: 'Notifications' })).toContainText(
    `You left ${teamName} and are now a free agent.`,
  );
});

test('a fan sees the upgrade notice instead of the pool', async ({ page }) => {
  await signInAsNew(page, 'fan');
  await page.goto('/free-agency');
  await expect(page.getByRole('heading', { name: 'Upgrade to join free agency' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register or Log In' })).toHaveAttribute('href', '/auth?tab=register');
  await expect(page.getByRole('link', { name: 'Choose Your Path' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('list', { name: 'Free agents' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/free-agency fan');
});

test('on a phone the pool and the portal fit 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const { owner } = await ownerWithTeam(`Phones ${uniqueLastName('')}`);
  await login(page, owner.email, owner.password);
  for (const path of ['/free-agency', '/transfer-portal']) {
    await page.goto(path);
    await pageReady(page);
    if (path === '/transfer-portal') await expect(page.getByText('No transfer requests')).toBeVisible();
    else await expect(page.getByRole('list', { name: 'Free agents' }).getByRole('listitem').first()).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page, `${path} (360 px)`);
  }
});
