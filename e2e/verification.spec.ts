import type { Page } from '@playwright/test';
import { queryE2eDb } from './e2e-db.ts';
import {
  closeDialogWithEscape,
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  expectUnauthorizedThenSignIn,
  login,
  logoutThroughApi,
  test,
  toast,
  uniqueEmail,
  type Account,
} from './fixtures.ts';

// Issue 14's verification journey (001 s2-s9, D6, D11, D15, D24): a player applies, an admin rejects with a reason,
// the player reads it and applies again, the admin approves and the player is verified. Accounts of its own.

const REASON =
  'I have organised weekend 1v1 runs at my local courts for five years and want to host sanctioned WTA tournaments for my community.';
const ACHIEVEMENTS = 'City 1v1 champion twice, 30 league wins this season.';
const REJECTION = 'Please link your league results so we can confirm them.';

async function signInAs(page: Page, account: Account): Promise<void> {
  await logoutThroughApi(page);
  await login(page, account.email, account.password);
}

/** A fresh admin at the league domain (D6): role admin, e-mail @wta.local. */
async function createAdmin(): Promise<Account> {
  const account = await createAccount('player', { email: uniqueEmail('admin').replace('example.test', 'wta.local') });
  await queryE2eDb(`UPDATE users SET role = 'admin' WHERE id = ?`, [account.id]);
  return account;
}

async function fillApplication(page: Page): Promise<void> {
  await page.getByRole('textbox', { name: 'Why should you be verified?' }).fill(REASON);
  await page.getByRole('textbox', { name: 'Notable achievements' }).fill(ACHIEVEMENTS);
  await page.getByRole('textbox', { name: 'Social media (optional)' }).fill('@e2e_hooper');
  await page.getByRole('button', { name: 'Submit Application' }).click();
}

function pendingApplication(page: Page, lastName: string) {
  return page
    .getByRole('region', { name: 'Pending verification applications' })
    .getByRole('listitem')
    .filter({ hasText: lastName });
}

test('signed out: the Unauthorized toast, then the login page that returns to /apply-verified', async ({ page }) => {
  await expectUnauthorizedThenSignIn(page, '/apply-verified', 'Please log in to apply for verification.');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
});

test('a player applies, is rejected with a reason, applies again and is approved', async ({ page }) => {
  const lastName = `Applicant${Date.now().toString(36)}`;
  const player = await createAccount('player', { firstName: 'Vera', lastName });
  const admin = await createAdmin();

  // The player's page: back link, benefits, the form and its length messages (001 s5).
  await login(page, player.email, player.password);
  await page.goto('/apply-verified');
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for Verification' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  const benefits = page.getByRole('region', { name: 'Verified Benefits' }).getByRole('listitem');
  await expect(benefits).toHaveCount(5);
  await expect(page.getByText('Applying as a player')).toBeVisible();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(
    page.getByText('Please provide at least 50 characters explaining why you should be verified', { exact: true }),
  ).toBeVisible();
  await expect(
    page.getByText('Please list your notable achievements (at least 30 characters)', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Why should you be verified?' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, '/apply-verified (form with errors)');
  await fillApplication(page);
  await expect(page.getByText('Application Pending', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Application Pending', { exact: true })).toBeVisible();

  // The admin reads the queue: a 100-character preview, the details, then Reject with a reason.
  await signInAs(page, admin);
  await page.goto('/admin');
  const usersPanel = page.getByRole('tabpanel', { name: 'Users' });
  await expect(usersPanel.getByRole('heading', { name: 'Verification Applications' })).toBeVisible();
  const item = pendingApplication(page, lastName);
  await expect(item).toContainText(`${REASON.slice(0, 100)}...`);
  await expect(item).not.toContainText(REASON);
  await item.getByRole('button', { name: /^View Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Verification Application' });
  await expect(details).toContainText(REASON);
  await expect(details).toContainText(ACHIEVEMENTS);
  await expect(details).toContainText('@e2e_hooper');
  await closeDialogWithEscape(details);
  await expectNoSeriousA11yViolations(page, '/admin (Users)');

  await item.getByRole('button', { name: /^Reject/ }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'Reject Application' });
  const confirm = rejectDialog.getByRole('button', { name: 'Confirm Rejection' });
  await expect(confirm).toBeDisabled();
  await rejectDialog.getByRole('textbox', { name: 'Reason for rejection' }).fill('   ');
  await confirm.click();
  await expect(toast(page, 'Reason Required', 'Please provide a reason for rejection.')).toBeVisible();
  await rejectDialog.getByRole('textbox', { name: 'Reason for rejection' }).fill(REJECTION);
  await confirm.click();
  await expect(toast(page, 'Application Rejected')).toBeVisible();
  await expect(item).toHaveCount(0);

  // The player sees the reason (and the notification), and applies again.
  await signInAs(page, player);
  await page.goto('/apply-verified');
  await expect(page.getByText('Application Not Approved', { exact: true })).toBeVisible();
  await expect(page.getByText(REJECTION, { exact: true })).toBeVisible();
  await fillApplication(page);
  await expect(page.getByText('Application Pending', { exact: true })).toBeVisible();

  // The admin approves; the member finder shows the badge.
  await signInAs(page, admin);
  await page.goto('/admin');
  await pendingApplication(page, lastName)
    .getByRole('button', { name: /^Approve/ })
    .click();
  await expect(toast(page, 'Application Approved', `Vera ${lastName} is now verified.`)).toBeVisible();
  await expect(pendingApplication(page, lastName)).toHaveCount(0);
  await usersPanel.getByRole('searchbox', { name: 'Search members' }).fill(lastName.toLowerCase());
  const row = usersPanel
    .getByRole('list', { name: `Members matching ${lastName.toLowerCase()}` })
    .getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(player.email);
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();

  // The Permissions tab: the admins, the teams' coaches read-only, no Add New Coach.
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const permissions = page.getByRole('tabpanel', { name: 'Permissions' });
  await expect(permissions.getByRole('list', { name: 'Admins and super admins' })).toContainText(admin.email);
  await expect(permissions.getByRole('heading', { name: 'Coach Permissions' })).toBeVisible();
  await expect(
    permissions.getByRole('list', { name: 'Team coaches' }).or(permissions.getByText('No coaches assigned')),
  ).toBeVisible();
  await expect(permissions.getByRole('button', { name: 'Add New Coach' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/admin?tab=permissions');

  // Verified now: the page sends the player to the dashboard with 'Already Verified'.
  await signInAs(page, player);
  await page.goto('/apply-verified');
  await expect(toast(page, 'Already Verified')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const [saved] = await queryE2eDb('SELECT is_verified FROM users WHERE id = ?', [player.id]);
  expect(Number(saved!.is_verified)).toBe(1);
});
