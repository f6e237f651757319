import { readFile } from 'node:fs/promises';
import { createClient, type Client, type Row } from '@libsql/client';
import type { Download, Page } from '@playwright/test';
import Papa from 'papaparse';
import type { WaiverLogEntry } from '../edge/features/waivers/schema.ts';
import { E2E_DB_URL } from './e2e-db.ts';
import {
  BASE_URL,
  closeDialogWithEscape,
  DEMO,
  expect,
  expectNoSeriousA11yViolations,
  login,
  signInAsNew,
  test,
  toast,
} from './fixtures.ts';

// 000 s6 (admin page failures), 001 s2 (the control center), s3/s5 (the waiver log), s9 (the CSV), D6.

const HEADER = [
  'Name',
  'Email',
  'Age',
  'Type',
  'Date Signed',
  'IP Address',
  'Emergency Contact',
  'Emergency Phone',
  'Parent/Guardian',
  'Has Parent Signature',
];

/** A real 1x1 PNG: the waiver endpoint checks the magic bytes and the IHDR size. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * The e2e server's database, read-only: libSQL's file URLs take no `mode=ro`, so the one connection is switched to
 * query_only before anything else runs.
 */
async function openDatabase(): Promise<Client> {
  const client = createClient({ url: E2E_DB_URL });
  await client.execute('PRAGMA query_only = ON');
  return client;
}

interface DbWaiver {
  id: number;
  name: string;
  email: string;
  ip: string;
  signedAt: string;
  type: string;
  emergencyName: string;
  emergencyPhone: string;
}

function toDbWaiver(r: Row): DbWaiver {
  return {
    id: Number(r.id),
    name: `${String(r.first_name)} ${String(r.last_name)}`,
    email: String(r.email),
    ip: r.ip_address === null ? '' : String(r.ip_address),
    signedAt: new Date(Number(r.received_at)).toISOString(),
    type: String(r.type),
    emergencyName: String(r.emergency_contact_name),
    emergencyPhone: String(r.emergency_contact_phone),
  };
}

const WAIVER_COLUMNS = `w.id, u.first_name, u.last_name, u.email, w.ip_address, w.received_at, w.type,
                        w.emergency_contact_name, w.emergency_contact_phone`;

/** The ids of the waivers stored (committed) now, received since `sinceMs`: a list asked for later must hold them. */
async function storedWaiverIds(db: Client, sinceMs = 0): Promise<number[]> {
  const result = await db.execute({ sql: 'SELECT id FROM waivers WHERE received_at >= ?', args: [sinceMs] });
  return result.rows.map((r) => Number(r.id));
}

/**
 * The stored waivers with these ids, in the log's order (newest first), as the CSV should carry them. Other specs
 * sign waivers all through the run, so the log is compared with the rows of the very answer it rendered: the
 * database's rows for those ids (a waiver is never changed once stored), plus every row stored before it was asked.
 */
async function waiversByIds(db: Client, ids: number[]): Promise<DbWaiver[]> {
  const result = await db.execute({
    sql: `SELECT ${WAIVER_COLUMNS} FROM waivers w JOIN users u ON u.id = w.user_id
          WHERE w.id IN (SELECT value FROM json_each(?)) ORDER BY w.received_at DESC, w.id DESC`,
    args: [JSON.stringify(ids)],
  });
  return result.rows.map(toDbWaiver);
}

/** Presses Export CSV, captures the file and parses it (RFC 4180) after checking the byte-order mark. */
async function exportCsv(page: Page): Promise<{ download: Download; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFF'), 'the CSV starts with a UTF-8 byte-order mark').toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { header: false, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { download, rows: parsed.data };
}

function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Runs `action` and resolves with the ids, in order, of the waiver log's answer with exactly `query`. */
async function logLoadedBy(page: Page, query: string, action: () => Promise<unknown>): Promise<number[]> {
  const answered = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/waivers/admin/all' && url.search === query && r.status() === 200;
  });
  await action();
  const entries = (await (await answered).json()) as WaiverLogEntry[];
  return entries.map((e) => e.waiver.id);
}

const lockerRoom = (page: Page) => page.getByRole('heading', { name: 'Owners Locker Room', level: 1 });
const waiverList = (page: Page) => page.getByRole('region', { name: 'Waiver records' });
const recordCount = (page: Page, n: number) =>
  page.getByText(`${n} ${n === 1 ? 'record' : 'records'}`, { exact: true });

test.describe('admin page access (000 s6)', () => {
  const cases = [
    { who: 'a signed-out visitor', email: null, title: 'Authentication Required' },
    { who: 'a fan', email: DEMO.fan, title: 'Admin Role Required' },
    { who: 'an admin on a foreign domain', email: DEMO.foreignAdmin, title: 'Domain Verification Required' },
  ] as const;

  for (const { who, email, title } of cases) {
    test(`${who} is told '${title}' and sent home`, async ({ page }) => {
      if (email) await login(page, email);
      await page.goto('/admin?tab=waivers');
      await expect(toast(page, title)).toBeVisible();
      await expect(lockerRoom(page)).toHaveCount(0);
      await expect(page).toHaveURL(`${BASE_URL}/`);
      // The server refuses the log itself (D6), whatever the page does.
      const res = await page.request.get('/api/waivers/admin/all');
      expect(res.status()).toBe(email ? 403 : 401);
    });
  }
});

test.describe('the Owners Locker Room (001 s2)', () => {
  test('an admin sees the tabs, the tournament manager and the pending tournaments', async ({ page }) => {
    await login(page, DEMO.admin);
    await page.goto('/admin');
    await expect(lockerRoom(page)).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
    await expect(tabs).toHaveText([
      'Tournaments',
      'Users',
      'Content',
      'Permissions',
      'Incidents',
      'Media',
      'Payments',
      'Waivers',
    ]);
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'Door Check-in' })).toHaveAttribute('href', '/door');

    // Every tab is real now (issue 14); the Incidents tab keeps its place in the URL (e2e/incidents.spec.ts drives it).
    await page.getByRole('tab', { name: 'Incidents' }).click();
    await expect(page).toHaveURL(/[?&]tab=incidents/);
    // D24: the Permissions tab lists the seeded teams' coaches read-only; there is no Add New Coach (e2e/verification.spec.ts).
    await page.getByRole('tab', { name: 'Permissions' }).click();
    await expect(page.getByRole('heading', { name: 'Coach Permissions' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add New Coach' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Tournaments' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Tournaments' });
    // The manager (D24) lists the seeded upcoming tournaments; e2e/hosting.spec.ts drives its actions.
    await expect(panel.getByRole('button', { name: 'Create New Tournament' })).toBeEnabled();
    await expect(
      panel.getByRole('region', { name: 'Upcoming tournaments' }).getByRole('listitem').first(),
    ).toBeVisible();
    // The seeded hosted tournaments awaiting approval (D10), from the real endpoint (other specs may add their own).
    const pending = panel.getByRole('region', { name: 'Pending tournaments' }).getByRole('listitem');
    await expect(pending.filter({ hasText: 'Verified Hoopers Invitational' })).toHaveCount(1);
    const slam = pending.filter({ hasText: 'Southside Pickleball Slam' });
    await expect(slam).toHaveCount(1);
    await expect(slam).toContainText('Pickleball');
    await expect(slam).toContainText('Round Robin');
    await expect(slam).toContainText('Mixed');
    await expect(slam).toContainText('$25');
    await expect(slam).toContainText('Verified');
    await slam.getByRole('button', { name: /View Details/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Southside Pickleball Slam' });
    await expect(dialog).toContainText('1545 Jonesboro Road SE, Atlanta, GA 30315');
    await expect(dialog).toContainText('Winner 40% · Charity 20% · WTA 40% of a $320 prize pool');
    await closeDialogWithEscape(dialog);
    await expectNoSeriousA11yViolations(page, '/admin?tab=tournaments');
  });
});

test.describe('the waiver log (001 s3, s5, s9)', () => {
  let db: Client;
  test.beforeAll(async () => {
    db = await openDatabase();
  });
  test.afterAll(() => {
    db.close();
  });

  test('an admin searches, filters and exports waivers that match the database', async ({ page, browser }) => {
    // A fresh player whose name needs CSV quoting signs the waiver through the API.
    const signerContext = await browser.newContext({ baseURL: BASE_URL });
    const signerPage = await signerContext.newPage();
    const suffix = Date.now().toString(36);
    const firstName = `Quinn "QT"`;
    const lastName = `Zephyr${suffix}, Jr.`;
    const fullName = `${firstName} ${lastName}`;
    const signer = await signInAsNew(signerPage, 'player', { firstName, lastName });
    const signed = await signerPage.request.post('/api/waivers', {
      headers: { origin: BASE_URL },
      data: {
        type: 'liability',
        agreed: true,
        signerName: fullName,
        dateOfBirth: '1996-03-14',
        signatureData: TINY_PNG,
        emergencyContactName: 'Pat Zephyr, Sr.',
        emergencyContactPhone: '(555) 555-0199',
        deviceInfo: JSON.stringify({ platform: 'e2e', language: 'en-US' }),
        deviceSignedAt: new Date().toISOString(),
      },
    });
    expect(signed.status(), await signed.text()).toBe(201);
    await signerContext.close();

    await login(page, DEMO.admin);
    await page.goto('/admin');
    await expect(lockerRoom(page)).toBeVisible();
    await page.getByRole('tab', { name: 'Waivers' }).click();
    await expect(page).toHaveURL(/[?&]tab=waivers/);
    // The tab's own list has answered before the reload: an answer still on its way would be the one the wait below
    // matched, and its body is gone once the reload navigates away.
    await expect(page.getByText(/^\d+ records?$/)).toBeVisible();
    // The tab survives a reload.
    const storedBefore = await storedWaiverIds(db);
    const shownIds = await logLoadedBy(page, '', () => page.reload());
    await expect(page.getByRole('tab', { name: 'Waivers' })).toHaveAttribute('aria-selected', 'true');

    // Every waiver stored before the list was asked for is in it, and each listed one is the database's, newest first.
    expect(shownIds).toEqual(expect.arrayContaining(storedBefore));
    const all = await waiversByIds(db, shownIds);
    expect(all.map((w) => w.id)).toEqual(shownIds);
    expect(all.length, 'seeded waivers plus the fresh one').toBeGreaterThan(30);
    await expect(recordCount(page, all.length)).toBeVisible();
    const list = waiverList(page);
    await expect(list.getByRole('listitem')).toHaveCount(all.length);
    await expectNoSeriousA11yViolations(page, '/admin?tab=waivers');

    // Everything, exported: header exact, every row the database's, newest first.
    const full = await exportCsv(page);
    expect(full.download.suggestedFilename()).toBe(`wta_waivers_${todayIso()}.csv`);
    await expect(toast(page, 'Export successful')).toContainText(`Exported ${all.length} waiver records`);
    expect(full.rows[0]).toEqual(HEADER);
    const body = full.rows.slice(1);
    expect(body).toHaveLength(all.length);
    expect(
      all.every((w) => w.type === 'liability'),
      'only liability waivers are stored',
    ).toBe(true);
    expect(body.map((r) => [r[0], r[1], r[3], r[4], r[5], r[6], r[7]])).toEqual(
      all.map((w) => [w.name, w.email, 'Liability', w.signedAt, w.ip, w.emergencyName, w.emergencyPhone]),
    );
    for (const row of body) {
      expect(row).toHaveLength(HEADER.length);
      expect(row[9]).toMatch(/^(Yes|No)$/);
    }
    // The fresh signer's quotes and commas round-trip; its age is the year difference.
    const fresh = body.find((r) => r[1] === signer.email);
    expect(fresh?.[0]).toBe(fullName);
    expect(fresh?.[2]).toBe(String(new Date().getUTCFullYear() - 1996));
    expect(fresh?.[6]).toBe('Pat Zephyr, Sr.');

    // Search by name (debounced): one card, with its badge and signature.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(`zephyr${suffix}`);
    await expect(recordCount(page, 1)).toBeVisible();
    const card = list.getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: fullName })).toBeVisible();
    await expect(card).toContainText(signer.email);
    await expect(card).toContainText(`Age ${new Date().getUTCFullYear() - 1996}`);
    await expect(card.getByRole('img', { name: `Signature of ${fullName}` })).toBeVisible();
    await card.getByText('Record details').click();
    await expect(card).toContainText(/Content hash \(SHA-256\)\s*[0-9a-f]{64}/);
    const one = await exportCsv(page);
    expect(one.rows).toHaveLength(2);
    expect(one.rows[1]?.slice(0, 2)).toEqual([fullName, signer.email]);
    await expect(toast(page, 'Export successful')).toContainText('Exported 1 waiver records');

    // Search by e-mail.
    await search.fill(DEMO.verified);
    await expect(recordCount(page, 1)).toBeVisible();
    await expect(list.getByRole('listitem')).toContainText(DEMO.verified);

    // While the list still shows the previous search (debounce, then a slow answer), Export waits and says why:
    // the CSV holds exactly the rows of the filters on screen.
    const exportButton = page.getByRole('button', { name: 'Export CSV' });
    await expect(exportButton).toBeEnabled();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowSearch = (url: URL) =>
      url.pathname === '/api/waivers/admin/all' && url.searchParams.get('search') === signer.email;
    await page.route(slowSearch, async (route) => {
      await held;
      await route.continue();
    });
    await search.fill(signer.email);
    await expect(exportButton).toBeDisabled();
    await expect(exportButton).toHaveAccessibleDescription('Export is available once the list matches your filters.');
    await expect(page.getByText('Export is available once the list matches your filters.')).toBeVisible();
    // The previous search's row is what is on screen, and a click does not export it.
    await expect(list.getByRole('listitem')).toContainText(DEMO.verified);
    // Every download from the click on is recorded: downloads arrive in the order they were started, so if the click
    // had exported, its file would come before the one of the export below.
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await exportButton.click({ force: true });
    release();
    await expect(list.getByRole('listitem')).toContainText(signer.email);
    await expect(exportButton).toBeEnabled();
    await expect(exportButton).not.toHaveAttribute('aria-describedby');
    await page.unroute(slowSearch);
    const matching = await exportCsv(page);
    expect(matching.rows.slice(1).map((r) => r[1])).toEqual([signer.email]);
    expect(downloads, 'the click while the list caught up exported nothing').toEqual([matching.download]);

    // Date filter: today holds the fresh signature; the server counts from midnight UTC.
    await search.fill('');
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const storedToday = await storedWaiverIds(db, midnight);
    const todayIds = await logLoadedBy(page, '?range=today', () =>
      page.getByRole('combobox', { name: 'Date signed' }).selectOption({ label: 'Today' }),
    );
    expect(todayIds).toEqual(expect.arrayContaining(storedToday));
    const today = await waiversByIds(db, todayIds);
    expect(today.map((w) => w.id)).toEqual(todayIds);
    expect(today.every((w) => Date.parse(w.signedAt) >= midnight)).toBe(true);
    expect(today.map((w) => w.email)).toContain(signer.email);
    await expect(recordCount(page, today.length)).toBeVisible();
    const todays = await exportCsv(page);
    expect(todays.rows.slice(1).map((r) => r[1])).toEqual(today.map((w) => w.email));

    // Type filter: no media releases are stored, so nothing to show or export.
    await page.getByRole('combobox', { name: 'Date signed' }).selectOption({ label: 'All time' });
    await page.getByRole('combobox', { name: 'Waiver type' }).selectOption({ label: 'Media Release' });
    await expect(page.getByText('No waivers found', { exact: true })).toBeVisible();
    await expect(recordCount(page, 0)).toBeVisible();
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(toast(page, 'No data to export')).toBeVisible();
  });
});
