import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { E2E_CLIENT_IP_HEADER, uniqueClientIp } from './client-ip.ts';

/** Where scripts/e2e-server.ts serves the built app (playwright.config.ts `baseURL`). */
export const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 4310}`;

/** D18 demo accounts seeded into the e2e database; all share DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'wta-demo-2025';
export const DEMO = {
  superadmin: 'superadmin@wta.local',
  admin: 'admin@wta.local',
  foreignAdmin: 'admin@other-league.example',
  verified: 'verified@wta.local',
  player: 'player@wta.local',
  owner: 'owner@wta.local',
  fan: 'fan@wta.local',
} as const;

export type SignUpRole = 'player' | 'owner' | 'fan';

let counter = 0;
/** A fresh e-mail per call (unique across workers and runs). */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `e2e-${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.test`;
}

/**
 * Test with a `page` that gets past the first-visit intro video (000 s2): whenever its Skip Video or Enter Site
 * button is in the way of an action or assertion, it is pressed.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    await dismissIntroWhenShown(page);
    await use(page);
  },
});
export { expect };

/** Presses Skip Video / Enter Site whenever the intro overlay blocks the page. */
export async function dismissIntroWhenShown(page: Page): Promise<void> {
  await page.addLocatorHandler(page.getByRole('button', { name: 'Skip Video', exact: true }), async (button) => {
    await button.click();
  });
  await page.addLocatorHandler(page.getByRole('button', { name: 'Enter Site', exact: true }), async (button) => {
    await button.click();
  });
}

/**
 * Signs in through the API with the page's own request context, so the session cookie is the browser's too.
 * Reload or navigate afterwards to see the signed-in app.
 */
export async function login(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  const res = await page.request.post('/api/login', {
    data: { email, password },
    headers: { origin: BASE_URL },
  });
  expect(res.status(), `POST /api/login as ${email}: ${await res.text()}`).toBe(200);
}

/** Signs in through the real Login tab of /auth (000 s2) and waits for 'Welcome back!'. */
export async function loginThroughForm(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth');
  const form = loginForm(page);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: /^(login|log in|sign in)$/i }).click();
  await expect(toast(page, 'Welcome back!')).toBeVisible();
}

/** Creates an account through POST /api/register; the page's context is then signed in as it. */
export async function registerThroughApi(
  page: Page,
  role: SignUpRole,
  overrides: Partial<{ email: string; password: string; firstName: string; lastName: string }> = {},
): Promise<{ email: string; password: string }> {
  const user = {
    email: uniqueEmail(role),
    password: 'e2e-password-123',
    firstName: 'E2E',
    lastName: role[0]!.toUpperCase() + role.slice(1),
    role,
    ...overrides,
  };
  // Each account signs up as if from an address of its own: the suite makes more than D35's 30 per address.
  const headers = { origin: BASE_URL, [E2E_CLIENT_IP_HEADER]: uniqueClientIp() };
  const res = await page.request.post('/api/register', { data: user, headers });
  expect(res.status(), `POST /api/register (${role}): ${await res.text()}`).toBe(201);
  return { email: user.email, password: user.password };
}

/** Signs the page's context out through the API. */
export async function logoutThroughApi(page: Page): Promise<void> {
  await page.request.post('/api/logout', { headers: { origin: BASE_URL } });
}

/** The Login tab's panel of /auth. */
export function loginForm(page: Page): Locator {
  return page.getByRole('tabpanel', { name: 'Login' });
}

/** The Register tab's panel of /auth. */
export function registerForm(page: Page): Locator {
  return page.getByRole('tabpanel', { name: 'Register' });
}

/** The toast region (000 s9: one toast at a time). */
export function toastRegion(page: Page): Locator {
  return page.getByRole('region', { name: /notification/i });
}

/** A toast whose text contains `title`. */
export function toast(page: Page, title: string | RegExp): Locator {
  return page.getByRole('status').filter({ hasText: title }).or(page.getByRole('alert').filter({ hasText: title }));
}

/** The top bar (the page's banner landmark). */
export function topBar(page: Page): Locator {
  return page.getByRole('banner');
}

/** The footer (contentinfo landmark). */
export function footer(page: Page): Locator {
  return page.getByRole('contentinfo');
}

/** Waits until the routed page has rendered its content (a heading in <main>), e.g. before an axe scan. */
export async function pageReady(page: Page): Promise<void> {
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
}

/**
 * Runs axe-core on the page as it is now and fails the test (softly, so the journey goes on and every violation
 * of the run is reported) on any violation of impact serious or critical. Violations are printed.
 */
export async function expectNoSeriousA11yViolations(page: Page, label?: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const where = label ?? new URL(page.url()).pathname;
  const lines = serious.map(
    (v) =>
      `${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ') ?? ''}`)
        .join('\n'),
  );
  if (lines.length > 0) console.log(`axe: ${serious.length} serious/critical violation(s) on ${where}:\n${lines.join('\n')}`);
  expect.soft(lines, `axe serious/critical violations on ${where}`).toEqual([]);
}

/**
 * Draws a signature-like zigzag with the real mouse on a signature pad: the canvas itself, or a signature group
 * (role group, e.g. 'Your signature') that holds one.
 */
export async function drawSignature(page: Page, target: Locator): Promise<void> {
  const isCanvas = await target.evaluate((el) => el.tagName === 'CANVAS');
  const canvas = isCanvas ? target : target.locator('canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('signature canvas is not visible');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.1, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i += 1) {
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.065), y + (i % 2 ? -1 : 1) * box.height * 0.25, {
      steps: 4,
    });
  }
  await page.mouse.up();
}
