import type { Locator, Page } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoSeriousA11yViolations,
  loginForm,
  pageReady,
  registerForm,
  test,
  toast,
  topBar,
  uniqueEmail,
  type SignUpRole,
} from './fixtures.ts';

// 000 s2 "Auth screen (/auth)", 000 s5 validation messages, 000 s8 sign-in toasts.

const LOGIN_BUTTON = /^(login|log in|sign in)$/i;
const REGISTER_BUTTON = /^(register|create account|sign up)$/i;

async function openRegisterTab(page: Page): Promise<Locator> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = registerForm(page);
  await expect(form).toBeVisible();
  return form;
}

async function fillRegistration(form: Locator, role: SignUpRole, email = uniqueEmail(role)) {
  await form.getByRole('textbox', { name: 'First Name', exact: true }).fill('Casey');
  await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill(role === 'owner' ? 'Owner' : role === 'fan' ? 'Fan' : 'Player');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('e2e-password-123');
  await form.getByRole('combobox', { name: 'Role', exact: true }).selectOption(role);
  return email;
}

const welcome = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Where would you like to go next?' });

test.describe('register', () => {
  const destinations: Record<SignUpRole, RegExp> = {
    player: /\/dashboard$/,
    // D17: /team-dashboard is the owner page, which lives at /teams.
    owner: /\/(team-dashboard|teams)$/,
    fan: /^http:\/\/localhost:\d+\/$/,
  };

  for (const role of ['player', 'owner', 'fan'] as const) {
    test(`as a ${role}: the welcome dialog's Go to Dashboard leads to the ${role}'s page`, async ({ page }) => {
      const form = await openRegisterTab(page);
      await expectNoSeriousA11yViolations(page, '/auth Register tab');
      const email = await fillRegistration(form, role);
      await form.getByRole('button', { name: REGISTER_BUTTON }).click();

      const dialog = welcome(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Go to Dashboard' }).or(dialog.getByRole('link', { name: 'Go to Dashboard' }))).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Return to Homepage' }).or(dialog.getByRole('link', { name: 'Return to Homepage' }))).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'welcome dialog');

      // The account exists and is signed in with the chosen role.
      const me = await page.request.get('/api/auth/user');
      expect(me.status()).toBe(200);
      expect(await me.json()).toMatchObject({ email, role });

      await dialog.getByRole('button', { name: 'Go to Dashboard' }).or(dialog.getByRole('link', { name: 'Go to Dashboard' })).click();
      await expect(page).toHaveURL(destinations[role]);
      await pageReady(page);
      await expectNoSeriousA11yViolations(page, `where Go to Dashboard leads a new ${role}`);
    });
  }

  test("Return to Homepage leads to /", async ({ page }) => {
    const form = await openRegisterTab(page);
    await fillRegistration(form, 'player');
    await form.getByRole('button', { name: REGISTER_BUTTON }).click();
    const dialog = welcome(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Return to Homepage' }).or(dialog.getByRole('link', { name: 'Return to Homepage' })).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await expect(topBar(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  });

  test('an e-mail already in use: toast Registration failed', async ({ page }) => {
    const form = await openRegisterTab(page);
    await fillRegistration(form, 'fan', DEMO.fan);
    await form.getByRole('button', { name: REGISTER_BUTTON }).click();
    await expect(toast(page, 'Registration failed')).toBeVisible();
    await expect(welcome(page)).toHaveCount(0);
  });

  test('a password on the common-password list: the server refusal shows under the field too (D35)', async ({ page }) => {
    const form = await openRegisterTab(page);
    await fillRegistration(form, 'player');
    const password = form.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('password123');
    await form.getByRole('button', { name: REGISTER_BUTTON }).click();
    await expect(toast(page, 'Registration failed')).toBeVisible();
    await expect(form.getByText('This password is too common')).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(welcome(page)).toHaveCount(0);
  });

  test('client validation messages', async ({ page }) => {
    const form = await openRegisterTab(page);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await form.getByRole('button', { name: REGISTER_BUTTON }).click();
    await expect(form.getByText('Invalid email address')).toBeVisible();
    await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(form.getByText('First name is required')).toBeVisible();
    await expect(form.getByText('Last name is required')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, '/auth Register tab with errors');
    await expect(welcome(page)).toHaveCount(0);
  });
});

test.describe('login', () => {
  test('client validation messages', async ({ page }) => {
    await page.goto('/auth');
    const form = loginForm(page);
    await expect(form).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth Login tab');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('nope');
    await form.getByRole('button', { name: LOGIN_BUTTON }).click();
    await expect(form.getByText('Invalid email address')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth Login tab with errors');
  });

  test('a wrong password: toast Login failed, still signed out', async ({ page }) => {
    await page.goto('/auth');
    const form = loginForm(page);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.player);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await form.getByRole('button', { name: LOGIN_BUTTON }).click();
    await expect(toast(page, 'Login failed')).toBeVisible();
    await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('success: Welcome back!, the nav shows Logout; Logout returns to / signed out', async ({ page }) => {
    await page.goto('/auth');
    const form = loginForm(page);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.player);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: LOGIN_BUTTON }).click();
    await expect(toast(page, 'Welcome back!')).toBeVisible();
    const bar = topBar(page);
    const logout = bar.getByRole('button', { name: 'Logout' }).or(bar.getByRole('link', { name: 'Logout' }));
    await expect(logout).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'signed in after login');

    // Logout empties the query cache (the bar shows Login at once) and then reloads the page at /: scanning before
    // that reload has loaded would race it ("execution context was destroyed"), so wait for its load event.
    const reloaded = page.waitForEvent('load');
    await logout.click();
    await reloaded;
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    await expect(bar.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await expectNoSeriousA11yViolations(page, '/ after logout');
  });

  test('Continue with Google goes to /api/auth/google (503 when not configured)', async ({ page }) => {
    await page.goto('/auth');
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/google'),
      loginForm(page).getByRole('button', { name: 'Continue with Google' }).or(loginForm(page).getByRole('link', { name: 'Continue with Google' })).click(),
    ]);
    expect(response.status()).toBe(503);
    await expect(page.getByText('Google sign-in is not configured on this server')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'Google sign-in not configured page');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
