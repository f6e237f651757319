import { randomBytes } from 'node:crypto';
import { createAccount, DEMO, expect, expectNoSeriousA11yViolations, login, signInAsNew, test } from './fixtures.ts';
import { queryE2eDb } from './e2e-db.ts';

// Issue 14: the door (D26) checks a ticket twice (valid, then already used) by typed code, and once with no signal
// against its saved list, the check-in waiting in the outbox; a ticket admitted at two doors that way is shown to
// admins. And the static pages of 001 s2 arrive as HTML with their content, before any JavaScript.

/** A 32-character ticket code as fulfilment writes them (ADR 011). */
const ticketCode = () => [...randomBytes(32)].map((b) => 'abcdefghijklmnopqrstuvwxyz234567'[b % 32]).join('');

async function hostedTournament(hostId: string): Promise<number> {
  const [row] = await queryE2eDb(
    `INSERT INTO tournaments (title, description, location, start_date, status, host_id, created_at)
     VALUES (?, 'Door test', 'Ponce City Courts', ?, 'upcoming', ?, ?) RETURNING id`,
    [`Door Night ${Date.now().toString(36)}`, Date.now() + 86_400_000, hostId, Date.now()],
  );
  return Number(row!.id);
}

/** A paid General Admission ticket of `tournamentId` for a new fan named `firstName`; its code. */
async function ticket(tournamentId: number, firstName: string): Promise<string> {
  const holder = await createAccount('fan', { firstName });
  const [payment] = await queryE2eDb(
    `INSERT INTO payments (kind, amount_cents, status, provider, provider_session_id, checkout_url, user_id,
       tournament_id, tier, created_at, expires_at, paid_at)
     VALUES ('ticket', 1000, 'paid', 'test', ?, '/checkout/test', ?, ?, 'general', ?, ?, ?) RETURNING id`,
    [`test_cs_${crypto.randomUUID()}`, holder.id, tournamentId, Date.now(), Date.now(), Date.now()],
  );
  const code = ticketCode();
  await queryE2eDb(
    `INSERT INTO tickets (code, payment_id, tournament_id, user_id, tier, created_at) VALUES (?, ?, ?, ?, 'general', ?)`,
    [code, Number(payment!.id), tournamentId, holder.id, Date.now()],
  );
  return code;
}

test('the door checks a ticket twice (valid, then already used), once offline, and admins see a two-door conflict', async ({
  page,
  browser,
  context,
}) => {
  const host = await signInAsNew(page, 'player', { firstName: 'Dora' });
  const tournamentId = await hostedTournament(host.id);
  const ava = await ticket(tournamentId, 'Ava');
  const bea = await ticket(tournamentId, 'Bea');

  await page.goto('/door');
  await expect(page.getByRole('heading', { name: 'Door Check-In', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Door Night/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 tickets saved on this device' })).toBeVisible();

  const codeBox = page.getByRole('textbox', { name: 'Ticket code' });
  const verdict = page.locator('[data-verdict]');
  const check = async (code: string) => {
    await codeBox.fill(code);
    await page.getByRole('button', { name: 'Check Ticket' }).click();
  };

  // Online: the server decides. Typed with spaces and capitals, as people do.
  await check(`${ava.slice(0, 16).toUpperCase()} ${ava.slice(16)}`);
  await expect(verdict).toHaveAttribute('data-verdict', 'valid');
  await expect(verdict).toContainText('Valid');
  await expect(verdict).toContainText('General Admission · Ava');
  await check(ava);
  await expect(verdict).toHaveAttribute('data-verdict', 'used');
  await expect(verdict).toContainText('Already used');
  await expect(verdict).toContainText('Ava’s General Admission was used');
  await expectNoSeriousA11yViolations(page, '/door (already used)');

  // No signal: the saved list decides and the check-in waits in the outbox.
  await context.setOffline(true);
  await check(bea);
  await expect(verdict).toHaveAttribute('data-verdict', 'valid');
  await expect(verdict).toContainText('General Admission · Bea');
  await expect(verdict).toContainText('Offline - checked on the saved list. The check-in is waiting to send.');
  await expect(page.getByText('Door check-in', { exact: true })).toBeVisible();
  await check(bea);
  await expect(verdict).toHaveAttribute('data-verdict', 'used');
  await expect(verdict).toContainText('Offline - checked on the saved list.');

  // Meanwhile another door (an admin, online) lets Bea in too.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await login(admin, DEMO.admin);
  await admin.goto(`/door?tournament=${tournamentId}`);
  await admin.getByRole('textbox', { name: 'Ticket code' }).fill(bea);
  await admin.getByRole('button', { name: 'Check Ticket' }).click();
  await expect(admin.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'valid');

  // The signal returns: the outbox sends the offline check-in, and the server records the second admission.
  await context.setOffline(false);
  await expect(page.getByText('Door check-in', { exact: true })).toBeHidden({ timeout: 30_000 });
  await expect
    .poll(async () =>
      (
        await queryE2eDb(
          `SELECT d.outcome, d.offline FROM door_check_ins d JOIN tickets t ON t.id = d.ticket_id WHERE t.code = ?
           ORDER BY d.id`,
          [bea],
        )
      ).map((r) => `${String(r.outcome)}:${String(r.offline)}`),
    )
    .toEqual(['admitted:0', 'conflict:1']);

  await admin.reload();
  const conflicts = admin.getByRole('region', { name: 'Check-in conflicts' });
  await expect(conflicts).toContainText('Bea’s General Admission was admitted twice.');
  await expect(conflicts).toContainText('by Dora');
  await expectNoSeriousA11yViolations(admin, '/door (admin, conflicts)');
  await adminContext.close();
});

test('a member who runs no door sees Access Denied', async ({ page }) => {
  await signInAsNew(page, 'player');
  await page.goto('/door');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
});

const STATIC_PAGES = [
  ['/terms', 'Terms of Service', 'binding arbitration'],
  ['/privacy', 'Privacy Policy', 'within 30 days'],
  ['/code-of-conduct', 'Code of Conduct', 'at least 30 minutes before'],
  ['/maintenance', 'Under Construction', '02:00:00'],
  ['/unauthorized', 'Access Denied', 'Login to Your Account'],
] as const;

test('the static pages arrive as HTML with their title and content, without JavaScript', async ({ request }) => {
  for (const [path, title, fact] of STATIC_PAGES) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(path === '/unauthorized' ? 403 : 200);
    const html = await res.text();
    expect(html, path).toContain(`<title>${title} | WTA League</title>`);
    expect(html, path).toContain(`>${title}</h1>`);
    expect(html, path).toContain(fact);
  }
});

for (const [path, title] of STATIC_PAGES) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    if (path !== '/maintenance' && path !== '/unauthorized') {
      await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveCount(2);
    }
    await expectNoSeriousA11yViolations(page, path);
  });
}
