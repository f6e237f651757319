import { DEMO, expect, expectNoSeriousA11yViolations, login, logoutThroughApi, registerThroughApi, test, toast } from './fixtures.ts';

// D17: /support, the contact page that messages the league admins (linked from the payment error card).

async function unreadOf(page: import('@playwright/test').Page, email: string): Promise<number> {
  await login(page, email);
  const res = await page.request.get('/api/messages/unread-count');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { count: number }).count;
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
  const before = { admin: await unreadOf(page, DEMO.admin), superadmin: await unreadOf(page, DEMO.superadmin) };
  const foreignBefore = await unreadOf(page, DEMO.foreignAdmin);
  await logoutThroughApi(page);

  await registerThroughApi(page, 'fan', { firstName: 'Sage', lastName: 'Helpme' });
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
  await expect(page.getByText('2 league admins have your message.', { exact: false })).toBeVisible();

  expect(await unreadOf(page, DEMO.admin)).toBe(before.admin + 1);
  expect(await unreadOf(page, DEMO.superadmin)).toBe(before.superadmin + 1);
  // D6: an admin role on a foreign domain is no league admin.
  expect(await unreadOf(page, DEMO.foreignAdmin)).toBe(foreignBefore);
});
