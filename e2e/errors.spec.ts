import { expect, expectNoSeriousA11yViolations, loginForm, test, toast, toastRegion } from './fixtures.ts';

// 000 s2 not-found page and error screen, route matching, and the toast rules of 000 s9.

test('an unknown path shows the not-found page, and Go Home leads to /', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
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
  await page.goto('/');
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
  async function failLogin(page: import('@playwright/test').Page, email: string) {
    const form = loginForm(page);
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill('definitely-wrong-password');
    await form.getByRole('button', { name: /^(login|log in|sign in)$/i }).click();
  }

  test('one at a time; F8 focuses the region; a swipe to the right dismisses', async ({ page }) => {
    await page.goto('/auth');
    await failLogin(page, 'nobody-1@example.test');
    await expect(toast(page, 'Login failed')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth with a toast');

    // A second message replaces the first: never two toasts on screen.
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('tab', { name: 'Login' }).click();
    await failLogin(page, 'nobody-2@example.test');
    await expect(toast(page, 'Login failed')).toBeVisible();
    await expect(toastRegion(page).getByRole('status')).toHaveCount(1);

    await page.keyboard.press('F8');
    await expect(toastRegion(page)).toBeFocused();

    const box = (await toast(page, 'Login failed').first().boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 3;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(x + dx, y);
    await page.mouse.up();
    await expect(toast(page, 'Login failed')).toHaveCount(0);
  });

  test('a short swipe (under 50 px) keeps the toast', async ({ page }) => {
    await page.goto('/auth');
    await failLogin(page, 'nobody-3@example.test');
    const t = toast(page, 'Login failed').first();
    await expect(t).toBeVisible();
    const box = (await t.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 3;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let dx = 10; dx <= 30; dx += 10) await page.mouse.move(x + dx, y);
    await page.mouse.up();
    await expect(t).toBeVisible();
  });
});
