import type { Page } from '@playwright/test';
import {
  BASE_URL,
  closeDialogWithEscape,
  createAccount,
  DEMO,
  expect,
  expectNoSeriousA11yViolations,
  login,
  logoutThroughApi,
  pageReady,
  signInAsNew,
  test,
  toast,
} from './fixtures.ts';

// Issue 14's done-when for hosting (001 s2, s5, s9; D10, D21, D24): a verified member hosts a Swiss tournament, the
// admin approves it in the Tournaments tab and it appears on /tournaments with the host's splits on its Overview,
// server-rendered and hydrated alike. axe on the host form and on the Tournaments tab.

/** A datetime-local value `days` from now, at 18:00 in the browser's zone (UTC in this suite). */
function localInput(days: number): string {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T18:00`;
}

async function fillHostForm(page: Page, title: string) {
  const form = page.getByRole('main');
  await form.getByRole('textbox', { name: 'Tournament Name', exact: true }).fill(title);
  await form
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('A one-day Swiss tournament on the south side courts.');
  await form.getByRole('combobox', { name: 'Sport' }).selectOption({ label: 'Pickleball' });
  await expect(form.getByRole('combobox', { name: 'Division' })).toHaveValue('open');
  await form.getByRole('combobox', { name: 'Format' }).selectOption({ label: 'Swiss' });
  await form.getByLabel('Start Date & Time').fill(localInput(3));
  await form.getByRole('textbox', { name: 'Venue Name', exact: true }).fill('Southside Park');
  await form.getByRole('textbox', { name: 'Location', exact: true }).fill('Atlanta, GA');
  await form
    .getByRole('textbox', { name: 'Venue Address', exact: true })
    .fill('1545 Jonesboro Road SE, Atlanta, GA 30315');
  await form.getByRole('radio', { name: '$50' }).check();
  await form.getByRole('spinbutton', { name: 'Max Players' }).fill('8');
  // 001 s9: the prize pool left empty is 80% of buy-in x max players.
  await expect(form.getByText('$320', { exact: false })).toBeVisible();
  await form
    .getByRole('textbox', { name: 'Rules', exact: true })
    .fill('Best of three games to 11, win by two; Swiss pairings.');
  await form.getByRole('textbox', { name: 'Requirements', exact: true }).fill('Bring your own paddle.');
}

test.describe('hosting a tournament (D10)', () => {
  test('a member who is not verified meets the gate', async ({ page }) => {
    await signInAsNew(page, 'player');
    await page.goto('/host-tournament');
    await expect(page.getByRole('heading', { name: 'Verified Users Only' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply for Verification' })).toHaveAttribute('href', '/apply-verified');
    const refused = await page.request.post('/api/tournaments/host', { data: {}, headers: { origin: BASE_URL } });
    expect(refused.status()).toBe(403);
  });

  test('a verified member hosts a Swiss tournament, the admin approves it and it is listed', async ({ page }) => {
    const title = `E2E Swiss Open ${Date.now().toString(36)}`;
    const host = await createAccount('player', { verified: true, firstName: 'Hana', lastName: 'Host' });
    await login(page, host.email, host.password);
    await page.goto('/host-tournament');
    await pageReady(page);
    for (const section of [
      'Basic Information',
      'Date & Time',
      'Venue Information',
      'Financial Information',
      'Participation',
      'Additional Information',
    ]) {
      await expect(page.getByRole('group', { name: section, exact: true })).toBeVisible();
    }
    // 001 s9 defaults.
    await expect(page.getByRole('radio', { name: '$25' })).toBeChecked();
    await expect(page.getByRole('spinbutton', { name: 'Max Players' })).toHaveValue('16');
    await expect(page.getByRole('spinbutton', { name: 'Winner %' })).toHaveValue('30');
    await expect(page.getByRole('spinbutton', { name: 'Charity %' })).toHaveValue('15');
    await expect(page.getByRole('spinbutton', { name: 'WTA %' })).toHaveValue('55');
    await fillHostForm(page, title);
    await expectNoSeriousA11yViolations(page, '/host-tournament');

    // Splits that do not add up to 100 are refused before anything is sent.
    await page.getByRole('spinbutton', { name: 'Winner %' }).fill('50');
    await page.getByRole('button', { name: 'Submit for Approval' }).click();
    await expect(toast(page, 'Invalid Prize Distribution', 'Prize pool splits must add up to 100%.')).toBeVisible();
    await page.getByRole('spinbutton', { name: 'Winner %' }).fill('30');

    await page.getByRole('button', { name: 'Submit for Approval' }).click();
    await expect(toast(page, 'Tournament Submitted!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Pending and unlisted until an admin decides.
    const mine = await page.request.get('/api/tournaments/hosted/mine');
    const [submitted] = ((await mine.json()) as { tournaments: { id: number; title: string; status: string }[] })
      .tournaments;
    expect(submitted).toMatchObject({ title, status: 'pending' });
    expect((await page.request.get(`/api/tournaments/${submitted!.id}`)).status()).toBe(404);

    await logoutThroughApi(page);
    await login(page, DEMO.admin);
    await page.goto('/admin?tab=tournaments');
    const panel = page.getByRole('tabpanel', { name: 'Tournaments' });
    const card = panel
      .getByRole('region', { name: 'Pending tournaments' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(card).toContainText('Pickleball');
    await expect(card).toContainText('Swiss');
    await expect(card).toContainText('Open');
    await expect(card).toContainText('$50');
    await expect(card).toContainText('Hana Host');
    await card.getByRole('button', { name: /View Details/ }).click();
    const details = page.getByRole('dialog', { name: title });
    await expect(details).toContainText('1545 Jonesboro Road SE, Atlanta, GA 30315');
    await expect(details).toContainText('Winner 30% · Charity 15% · WTA 55% of a $320 prize pool');
    await expectNoSeriousA11yViolations(page, '/admin?tab=tournaments (details dialog)');
    await closeDialogWithEscape(details);
    await expectNoSeriousA11yViolations(page, '/admin?tab=tournaments');

    // Reject asks for a reason first ('Reason Required'); then the admin approves instead.
    await card.getByRole('button', { name: /^Reject/ }).click();
    const reject = page.getByRole('dialog', { name: 'Reject Tournament' });
    await reject.getByRole('button', { name: 'Reject Tournament' }).click();
    await expect(toast(page, 'Reason Required', 'Please provide a reason for rejection.')).toBeVisible();
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await card.getByRole('button', { name: /^Approve/ }).click();
    await expect(toast(page, 'Tournament Approved')).toBeVisible();
    await expect(card).toHaveCount(0);
    // The manager lists it among the upcoming tournaments.
    await expect(
      panel.getByRole('region', { name: 'Upcoming tournaments' }).getByRole('link', { name: title }),
    ).toBeVisible();

    await page.goto('/tournaments');
    const link = page.getByRole('list', { name: 'Tournaments' }).getByRole('link', { name: title });
    await expect(link).toBeVisible();

    // D21: the host's splits on the Overview, in the server-rendered HTML and on the hydrated page.
    const html = await (await page.request.get(`/tournaments/${submitted!.id}`)).text();
    expect(html).toContain('Prize Pool Distribution');
    expect(html).toMatch(/Winner<\/dt><dd[^>]*>30%<\/dd>/);
    await link.click();
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    const splits = overview.getByRole('region', { name: 'Prize Pool Distribution' });
    await expect(splits).toContainText('Winner30%');
    await expect(splits).toContainText('Charity15%');
    await expect(splits).toContainText('WTA55%');
  });
});
