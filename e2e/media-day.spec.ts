import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import {
  DEMO,
  expect,
  expectNoSeriousA11yViolations,
  login,
  logoutThroughApi,
  pageHydrated,
  signInAsNew,
  test,
  toast,
} from './fixtures.ts';

// Issue 14's done-when for Media Day (001 s2, s5, s9; D25, D32): a verified member RSVPs, the admin exports the CSV,
// the verified dashboard shows the RSVP; the admin Media tab passes axe.

const CSV_HEADER = [
  'Name',
  'Email',
  'Sport',
  'Team',
  'Purpose',
  'Arrival Time',
  'Attendee Count',
  'Dietary Restrictions',
  'Special Requests',
  'Date Submitted',
];

test.describe('Media Day', () => {
  // Two axe scans and a sign-in switch on a two-core machine shared with other suites.
  test.slow();

  test('a verified member RSVPs, the admin exports it to CSV, and the verified dashboard shows it', async ({
    page,
  }) => {
    const lastName = `Rsvp${Date.now().toString(36)}`;
    const member = await signInAsNew(page, 'player', { verified: true, firstName: 'Media', lastName });
    const purpose = 'Sponsor photos and a short interview about our season.';

    await page.goto('/media-day-rsvp');
    await pageHydrated(page);
    await expect(page.getByRole('heading', { name: 'Media Day RSVP', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Media Day \d{4}$/ })).toBeVisible();

    // The form's own messages (001 s5) before anything is sent.
    const form = page.getByRole('form', { name: 'Media Day RSVP' });
    await form.getByRole('button', { name: 'Submit RSVP' }).click();
    await expect(form.getByText('Please select a sport')).toBeVisible();
    await expect(form.getByText('Please provide at least 20 characters explaining your purpose')).toBeVisible();
    await expect(form.getByText('Please select your arrival time preference')).toBeVisible();

    await form.getByLabel('Sport').selectOption('soccer');
    await form.getByLabel('Arrival time').selectOption('morning');
    await form.getByLabel('Attendees').selectOption('3');
    await form.getByLabel('Purpose of attending').fill(purpose);
    await form.getByLabel('Special requests (optional)').fill('A quiet corner, please');
    await form.getByRole('button', { name: 'Submit RSVP' }).click();
    await expect(toast(page, 'RSVP Submitted!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // D32: the verified dashboard's tabs come from the member's records.
    await page.goto('/verified-dashboard');
    await pageHydrated(page);
    await expect(page.getByText('VERIFIED', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('WTA Points').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Media Appearances' }).click();
    const appearances = page.getByRole('tabpanel', { name: 'Media Appearances' });
    await expect(appearances.getByText(/^Media Day \d{4}$/)).toBeVisible();
    await expect(appearances.getByText('Upcoming')).toBeVisible();
    await page.getByRole('tab', { name: 'Benefits History' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Benefits History' }).getByText('Media Day RSVP')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/verified-dashboard');

    // The admin (D6) passes the gate to the RSVP panel and exports every RSVP.
    await logoutThroughApi(page);
    await login(page, DEMO.admin);
    await page.goto('/media-day-rsvp');
    await pageHydrated(page);
    await expect(page.getByRole('heading', { name: /^All RSVPs/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'RSVPs' }).getByText(member.email)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^media_day_rsvps_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual(CSV_HEADER);
    const row = parsed.data.find((r) => r[1] === member.email);
    expect(row?.slice(0, 9)).toEqual([
      `Media ${lastName}`,
      member.email,
      'Soccer',
      '',
      purpose,
      'Morning (9-12)',
      '3',
      '',
      'A quiet corner, please',
    ]);
    expect(new Date(row![9]!).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
    await expect(toast(page, 'Export successful')).toBeVisible();

    // The admin Media tab (D24): the videos in the blob store and the league's default; axe clean.
    await page.goto('/admin?tab=media');
    await pageHydrated(page);
    await expect(page.getByRole('heading', { name: 'Hero Video' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Videos' }).getByText('League default')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upload Video' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/admin?tab=media');
  });

  test('a member who is not verified is told and sent to the dashboard', async ({ page }) => {
    await signInAsNew(page, 'player');
    await page.goto('/media-day-rsvp');
    await expect(
      toast(page, 'Verified Users Only', 'Media Day RSVP is only available to verified users.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
