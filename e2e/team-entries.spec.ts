import { request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import { demoSignaturePng } from '../db/seed-data/signature.ts';
import type { Tournament, TournamentRegistration } from '../edge/features/tournaments/schema.ts';
import { queryE2eDb } from './e2e-db.ts';
import {
  BASE_URL,
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  signInAsNew,
  test,
  toast,
  type Account,
} from './fixtures.ts';

// Team entries (D22): an owner enters their team in the demo league's upcoming team tournament through the same
// checkout as a player's entry, one buy-in per team; while a rostered player has not signed the waiver the server
// refuses and the screen names them. The API tests hold every rule; this is the journey in the browser.

const TEAM_TOURNAMENT = 'Slip & Slide Team Kickball Classic';

async function teamTournament(page: Page): Promise<Tournament> {
  const res = await page.request.get('/api/tournaments?limit=100'); // the demo league fits one page (ADR 025)
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as Tournament[]).find((t) => t.title === TEAM_TOURNAMENT);
  expect(found, `seeded team tournament "${TEAM_TOURNAMENT}"`).toBeDefined();
  return found!;
}

async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** The value of a stat card of the detail page. */
function stat(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Tournament stats' })
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition');
}

/** Signs the liability waiver as `player` through the API, in a request context of their own (D7, D8). */
async function signWaiverAs(player: Account): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { origin: BASE_URL } });
  try {
    const login = await api.post('/api/login', { data: { email: player.email, password: player.password } });
    expect(login.status()).toBe(200);
    const res = await api.post('/api/waivers', {
      data: {
        agreed: true,
        signerName: `${player.firstName} ${player.lastName}`,
        dateOfBirth: '1994-06-01',
        signatureData: demoSignaturePng,
        emergencyContactName: 'Pat Contact',
        emergencyContactPhone: '555-010-4000',
      },
    });
    expect(res.status(), `POST /api/waivers: ${await res.text()}`).toBe(201);
  } finally {
    await api.dispose();
  }
}

/**
 * A new owner signed in on the page, their team (created through the API as the team page does) and three players
 * on its roster (written to the database: invites come with free agency); `unsigned` names the one without a waiver.
 */
async function ownerWithTeam(page: Page, name: string, unsigned?: string): Promise<{ teamId: number; owner: Account }> {
  const owner = await signInAsNew(page, 'owner', { firstName: 'Olive', lastName: 'Owner' });
  const created = await page.request.post('/api/teams', { data: { name }, headers: { origin: BASE_URL } });
  expect(created.status(), `POST /api/teams: ${await created.text()}`).toBe(201);
  const teamId = ((await created.json()) as { id: number }).id;
  for (const firstName of ['Ava', 'Ben', 'Cal']) {
    const player = await createAccount('player', { firstName, lastName: `${name.split(' ').at(-1)}` });
    if (firstName !== unsigned) await signWaiverAs(player);
    await queryE2eDb('INSERT INTO team_members (team_id, user_id, position, joined_at) VALUES (?, ?, ?, ?)', [
      teamId,
      player.id,
      'player',
      Date.now(),
    ]);
  }
  return { teamId, owner };
}

test('an owner enters their team in the seeded team tournament and pays one buy-in', async ({ page }) => {
  // Four accounts, a checkout and an axe scan on a loaded 2-core machine.
  test.setTimeout(240_000);
  const suffix = Date.now().toString(36).slice(-5);
  const name = `E2E Squad ${suffix}`;
  const { teamId, owner } = await ownerWithTeam(page, name);
  const t = await teamTournament(page);
  expect(t).toMatchObject({ maxTeams: 8, teamSize: 3, buyIn: 60 });

  await page.goto(`/tournaments/${t.id}`);
  await expect(page.getByText('3v3 teams')).toBeVisible();
  await expect(stat(page, 'Teams')).toHaveText(new RegExp(`^\\d+ / 8$`));
  let panel = await openTab(page, 'Registration');
  const entered = panel.getByRole('list', { name: 'Entered Teams' });
  await expect(entered.getByRole('link', { name: 'Bay Area Blitz' })).toBeVisible();
  await expect(panel.getByText(`Registering ${name} with its 3-player roster.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, `/tournaments/${t.id} Registration (team)`);

  await panel.getByRole('button', { name: 'Register Team - $60' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\?session_id=/);
  await expect(page.getByText(`Team registration - ${name} - ${TEAM_TOURNAMENT}`).first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay $60' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=.+&type=registration/);
  await expect(page.getByRole('heading', { level: 1, name: "You're registered!" })).toBeVisible();

  await page.goto(`/tournaments/${t.id}`);
  panel = await openTab(page, 'Registration');
  await expect(panel.getByText(`${name} is registered for this tournament`)).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Entered Teams' }).getByRole('link', { name })).toHaveAttribute(
    'href',
    `/teams/${teamId}`,
  );
  await expect(panel.getByRole('button', { name: /^Register Team/ })).toHaveCount(0);

  // One buy-in for the team, paid by its owner; the roster at entry is stored with the entry.
  const paid = await queryE2eDb(
    `SELECT amount_cents, status FROM payments WHERE user_id = ? AND tournament_id = ? AND kind = 'registration'`,
    [owner.id, t.id],
  );
  expect(paid).toEqual([expect.objectContaining({ amount_cents: 6000, status: 'paid' })]);
  const roster = await queryE2eDb('SELECT user_id FROM team_entry_members WHERE tournament_id = ? AND team_id = ?', [
    t.id,
    teamId,
  ]);
  expect(roster).toHaveLength(3);
  const registrations = (await (
    await page.request.get(`/api/tournaments/${t.id}/registrations`)
  ).json()) as TournamentRegistration[];
  expect(registrations.find((r) => r.userId === owner.id)?.team).toEqual({ id: teamId, name });
});

test('a refusal names the roster member without a waiver, and nothing is registered', async ({ page }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36).slice(-5);
  const { owner } = await ownerWithTeam(page, `Unsigned ${suffix}`, 'Ben');
  const t = await teamTournament(page);
  await page.goto(`/tournaments/${t.id}`);
  const panel = await openTab(page, 'Registration');
  const button = panel.getByRole('button', { name: 'Register Team - $60' });
  await button.click();
  await expect(
    toast(
      page,
      'Waiver Required',
      `Every player on the roster must sign the liability waiver before registering. Not signed yet: Ben ${suffix}.`,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tournaments/${t.id}`));
  await expect(button).toBeEnabled();
  const rows = await queryE2eDb('SELECT id FROM tournament_registrations WHERE tournament_id = ? AND user_id = ?', [
    t.id,
    owner.id,
  ]);
  expect(rows).toEqual([]);
});

test('a player is told that team owners register teams', async ({ page }) => {
  await signInAsNew(page, 'player');
  const t = await teamTournament(page);
  await page.goto(`/tournaments/${t.id}`);
  const panel = await openTab(page, 'Registration');
  await expect(panel.getByText('This is a team tournament: a team owner registers their team.')).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Register/ })).toHaveCount(0);
});
