import { queryE2eDb } from './e2e-db.ts';
import { DEMO, expect, expectNoSeriousA11yViolations, signInAsNew, test, toast } from './fixtures.ts';

// D17: /support, the contact page that messages the league admins (linked from the payment error card).

/** The e-mail addresses the member's stored messages went to, and whether each is still unread. */
async function recipientsOf(senderId: string): Promise<{ email: string; unread: boolean }[]> {
  const rows = await queryE2eDb(
    `SELECT u.email, m.read_at FROM messages m JOIN users u ON u.id = m.recipient_id WHERE m.sender_id = ? ORDER BY u.email`,
    [senderId],
  );
  return rows.map((r) => ({ email: String(r.email), unread: r.read_at === null }));
}

test('a guest is asked to log in and comes back to /support', async ({ page }) => {
  await page.goto('/support?topic=payment');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Support' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Log in to contact support' });
  await expect(link).toHaveAttribute('href', '/api/login?returnTo=%2Fsupport%3Ftopic%3Dpayment');
  await link.click();
  await expect(page).toHaveURL(/\/auth\?returnTo=%2Fsupport%3Ftopic%3Dpayment$/);
});

test('a member sends a request that reaches every league admin, after the form checks it', async ({ page }) => {
  // The request is checked by what was stored for this member's request, not by the admins' unread counts: other
  // tests message members too, so a count read before and after could move for other reasons.
  const member = await signInAsNew(page, 'fan', { firstName: 'Sage', lastName: 'Helpme' });
  await page.goto('/support?topic=payment&reference=cs_test_e2e');
  await expect(page.getByRole('combobox', { name: 'Topic' })).toHaveValue('payment');
  await expectNoSeriousA11yViolations(page, '/support form');

  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill('Too short');
  await page.getByRole('button', { name: 'Send to the league' }).click();
  await expect(page.getByText('Please describe the problem in at least 20 characters')).toBeVisible();
  await expect(message).toBeFocused();

  await message.fill('My Supporter Pass checkout failed after I pressed Pay.');
  await page.getByRole('button', { name: 'Send to the league' }).click();
  await expect(toast(page, 'Message Sent')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Request received' })).toBeVisible();

  // One unread message for each league admin; none for an admin role on a foreign domain (D6: no league admin). Other
  // files make league admins of their own meanwhile (two workers), so the league's admins are those of the moment of
  // sending: the demo's two and any others, each an admin on the league's domain, as many as the page says.
  const recipients = await recipientsOf(member.id);
  expect(recipients.map((r) => r.email)).toEqual(expect.arrayContaining([DEMO.admin, DEMO.superadmin]));
  for (const r of recipients) {
    expect(r.unread, r.email).toBe(true);
    expect(r.email.endsWith(`@${DEMO.admin.split('@')[1]!}`), r.email).toBe(true);
    const [row] = await queryE2eDb('SELECT role FROM users WHERE email = ?', [r.email]);
    expect(['admin', 'super_admin'], r.email).toContain(row?.role);
  }
  await expect(page.getByText(`${recipients.length} league admins have your message.`, { exact: false })).toBeVisible();
});
