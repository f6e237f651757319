import { queryE2eDb } from './e2e-db.ts';
import {
  BASE_URL,
  createAccount,
  DEMO,
  expect,
  expectNoSeriousA11yViolations,
  login,
  logoutThroughApi,
  signInAsNew,
  test,
  toast,
} from './fixtures.ts';

// Issue 14, money and content (D24, D29, D33, D21): an admin writes a post in Markdown, previews it and publishes it;
// refunds a payment once; marks a payout paid. axe on both tabs. Every row the spec acts on is its own.

const origin = { origin: BASE_URL };

test.describe('admin Payments and Content tabs', () => {
  test('an admin publishes a previewed post, refunds a payment once and marks a payout paid', async ({ page }) => {
    // A member gives a dollar through the built-in test checkout (D3): the payment the admin refunds.
    const buyer = await signInAsNew(page, 'fan');
    const checkout = await page.request.post('/api/stripe/checkout/donation', { headers: origin });
    expect(checkout.status()).toBe(200);
    const { sessionId } = (await checkout.json()) as { sessionId: string };
    expect(
      (await page.request.post(`/api/payments/test-checkout/${sessionId}/pay`, { headers: origin })).status(),
    ).toBe(200);
    await logoutThroughApi(page);

    // An owed payout of its own (D21): a completed tournament's payout to a fresh member, at a place no one else uses.
    const payee = await createAccount('player', { firstName: 'Payee', lastName: `E2E${Date.now() % 100000}` });
    const [completed] = await queryE2eDb(
      `SELECT id, title FROM tournaments WHERE status = 'completed' ORDER BY id LIMIT 1`,
    );
    expect(completed, 'a completed demo tournament').toBeDefined();
    const place = 100 + Math.floor(Math.random() * 100000);
    await queryE2eDb(
      `INSERT INTO payouts (tournament_id, place, kind, user_id, amount_dollars, status, created_at) VALUES (?, ?, 'payout', ?, 75, 'owed', ?)`,
      [Number(completed!.id), place, payee.id, Date.now()],
    );

    await login(page, DEMO.admin);

    // Content: write, preview (rendered on the server, raw HTML shown as text), save, publish.
    await page.goto('/admin?tab=content');
    const content = page.getByRole('tabpanel', { name: 'Content' });
    await expect(content.getByRole('heading', { name: 'Blog Posts' })).toBeVisible();
    await expect(content.getByRole('heading', { name: 'Sponsor Listings' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/admin?tab=content');

    const title = `Finals Weekend ${Date.now()}`;
    await content.getByRole('button', { name: 'New Post', exact: true }).click();
    await content.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await content.getByRole('textbox', { name: 'Category' }).fill('League News');
    await content
      .getByRole('textbox', { name: 'Content (Markdown)' })
      .fill(
        '## Bracket set\n\nThe **final four** tip off at noon. <script>alert(1)</script>\n\n[Schedule](/tournaments)',
      );
    await content.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = content.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('heading', { name: 'Bracket set', level: 2 })).toBeVisible();
    await expect(preview.getByText('final four', { exact: true })).toBeVisible();
    await expect(preview.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
    await expect(preview.locator('script')).toHaveCount(0);
    await expect(preview.getByRole('link', { name: 'Schedule' })).toHaveAttribute('rel', 'noopener noreferrer');
    await expectNoSeriousA11yViolations(page, 'the blog editor preview');
    await content.getByRole('button', { name: 'Save Draft', exact: true }).click();
    await expect(toast(page, 'Post saved')).toBeVisible();
    const guestList = async () =>
      (await (await page.request.get('/api/blog/posts?limit=50')).json()) as { title: string }[];
    expect((await guestList()).map((p) => p.title)).not.toContain(title);
    await content.getByRole('button', { name: `Publish ${title}`, exact: true }).click();
    await expect(toast(page, 'Post published')).toBeVisible();
    await expect(content.getByRole('button', { name: `Unpublish ${title}`, exact: true })).toBeVisible();
    expect((await guestList()).map((p) => p.title)).toContain(title);
    await expect(content.getByText('blog.publish').first()).toBeVisible();

    // Payments: find the member's payment by e-mail, refund it once after a confirmation with a reason.
    await page.goto('/admin?tab=payments');
    const payments = page.getByRole('tabpanel', { name: 'Payments' });
    await payments.getByRole('searchbox', { name: 'Member e-mail' }).fill(buyer.email);
    const list = payments.getByRole('list', { name: 'Payments' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByText(buyer.email, { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/admin?tab=payments');
    await list.getByRole('button', { name: 'Refund $1', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Refund $1?' });
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog.getByText('Reason Required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Donated twice by mistake');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(toast(page, 'Refund started')).toBeVisible();
    await expect(list.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(list.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
    const refunds = await queryE2eDb(
      `SELECT r.status FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE p.provider_session_id = ?`,
      [sessionId],
    );
    expect(refunds.map((r) => r.status)).toEqual(['succeeded']);

    // The payout ledger: Mark paid with a reference.
    await payments.getByRole('button', { name: `Mark paid: Place ${place}, ${String(completed!.title)}` }).click();
    const paid = page.getByRole('dialog', { name: 'Mark payout paid' });
    await paid.getByRole('textbox', { name: 'Reference' }).fill('Wire E2E-1');
    await paid.getByRole('button', { name: 'Mark paid', exact: true }).click();
    await expect(toast(page, 'Payout marked paid')).toBeVisible();
    await expect(
      payments.getByRole('button', { name: `Mark paid: Place ${place}, ${String(completed!.title)}` }),
    ).toHaveCount(0);
    const [payout] = await queryE2eDb(`SELECT status, reference FROM payouts WHERE tournament_id = ? AND place = ?`, [
      Number(completed!.id),
      place,
    ]);
    expect(payout).toMatchObject({ status: 'paid', reference: 'Wire E2E-1' });
    await expect(payments.getByText('payout.paid').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/admin?tab=payments after the changes');
  });
});
