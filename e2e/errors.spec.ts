import type { Locator, Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectNoSeriousA11yViolations,
  loginForm,
  registerForm,
  test,
  toast,
  toastRegion,
} from './fixtures.ts';

// 000 s2 not-found page and error screen, route matching, and the toast rules of 000 s9.

test('an unknown path shows the not-found page with status 404, and Go Home leads to /', async ({ page }) => {
  // Issue 34: the page and its status agree (the shell used to answer any path with 200).
  for (const path of ['/does-not-exist', '/tournaments/foo/bar']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  }
  const res = await page.goto('/this/page/does-not-exist');
  expect(res?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist")).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'not-found page');
  await page.getByRole('link', { name: 'Go Home' }).or(page.getByRole('button', { name: 'Go Home' })).click();
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).pathname).toBe('/');
});

test('routes match case-insensitively and with a trailing slash', async ({ page }) => {
  await page.goto('/AUTH/');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Register' })).toBeVisible();
  await expect(page.getByText('Page Not Found')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/AUTH/');
});

test('an uncaught page error shows the error screen with the message and Reload Page', async ({ page }) => {
  await page.route('**/api/auth/user', (route) => route.fulfill({ status: 500, body: 'boom' }));
  // A page the browser renders (the public pages arrive rendered by the server, which asks the API itself).
  await page.goto('/auth');
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await expect(page.getByText('An unexpected error occurred while loading this page.')).toBeVisible();
  // The client turns a non-OK response into "<status>: <body>" (000 s8).
  await expect(page.getByText('500: boom')).toBeVisible();
  const reload = page.getByRole('button', { name: 'Reload Page' });
  await expect(reload).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'error screen');

  // Reload really reloads: with the API healthy again the page comes back.
  await page.unroute('**/api/auth/user');
  await Promise.all([page.waitForEvent('load'), reload.click()]);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
});

test.describe('toasts', () => {
  // What is tested here is the toast region, not signing in: the server's refusals are answered in the browser with
  // the server's own status and words (auth.spec.ts sends the real ones), so these tests spend none of the failed
  // sign-ins and sign-ups that the server allows one address (D35) and the rest of the suite needs.
  test.beforeEach(async ({ page }) => {
    await page.route('**/api/login', (route) =>
      route.fulfill({ status: 401, json: { message: 'Invalid email or password' } }),
    );
    await page.route('**/api/register', (route) =>
      route.fulfill({ status: 409, json: { message: 'An account with this email already exists' } }),
    );
  });

  async function failLogin(page: Page, email: string) {
    const form = loginForm(page);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('definitely-wrong-password');
    // Wait for the answer: the toast of an earlier attempt may still be on screen with the same title.
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login' && r.request().method() === 'POST'),
      form.getByRole('button', { name: /^(login|log in|sign in)$/i }).click(),
    ]);
  }

  /** Drags the toast to the right by `distance` px the way a finger or mouse would. */
  async function swipeRight(page: Page, toastLocator: Locator, distance: number) {
    await toastLocator.hover({ position: { x: 24, y: 24 } }); // waits until the toast is stable
    const box = (await toastLocator.boundingBox())!;
    const x = box.x + 24;
    const y = box.y + 24;
    await page.mouse.down();
    for (let dx = 10; dx <= distance; dx += 10) await page.mouse.move(x + dx, y);
    await page.mouse.up();
  }

  test('one at a time; F8 focuses the region; a swipe to the right dismisses', async ({ page }) => {
    await page.goto('/auth');
    await failLogin(page, 'nobody-1@example.test');
    await expect(toast(page, 'Login failed')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth with a toast');

    // A second message replaces the first: never two toasts on screen.
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = registerForm(page);
    await register.getByRole('textbox', { name: 'First Name', exact: true }).fill('Dup');
    await register.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Licate');
    await register.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.fan);
    await register.getByRole('textbox', { name: 'Password', exact: true }).fill('e2e-password-123');
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/register'),
      register.getByRole('button', { name: /^(register|create account|sign up)$/i }).click(),
    ]);
    await expect(toast(page, 'Registration failed')).toBeVisible();
    await expect(toast(page, 'Login failed')).toHaveCount(0);
    await expect(toastRegion(page).getByRole('status')).toHaveCount(1);

    await page.keyboard.press('F8');
    await expect(toastRegion(page)).toBeFocused();

    await swipeRight(page, toast(page, 'Registration failed'), 120);
    await expect(toast(page, 'Registration failed')).toHaveCount(0);
  });

  test('a toast leaves by itself after 5 s; F8 then Escape dismisses one and gives focus back', async ({ page }) => {
    await page.goto('/auth');
    await failLogin(page, 'nobody-4@example.test');
    const shown = toast(page, 'Login failed');
    await expect(shown).toBeVisible();
    // 000 s9: 5 s on screen (the mouse stays off it: a mouse over the toast holds it).
    await page.mouse.move(1, 300);
    await expect(shown).toHaveCount(0, { timeout: 8_000 });

    await failLogin(page, 'nobody-5@example.test');
    await expect(shown).toBeVisible();
    const email = loginForm(page).getByRole('textbox', { name: 'Email', exact: true });
    await email.focus();
    await page.keyboard.press('F8');
    await expect(toastRegion(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(shown).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(shown).toHaveCount(0);
    await expect(email).toBeFocused();
  });

  test('a short swipe (under 50 px) keeps the toast', async ({ page }) => {
    await page.goto('/auth');
    await failLogin(page, 'nobody-3@example.test');
    const t = toast(page, 'Login failed').first();
    await expect(t).toBeVisible();
    await swipeRight(page, t, 30);
    await expect(t).toBeVisible();
  });
});
