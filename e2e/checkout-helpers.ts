import type { Locator, Page } from '@playwright/test';
import type { Tournament } from '../edge/features/tournaments/schema.ts';
import { drawSignature, expect, expectNoSeriousA11yViolations, registerForm, toast, uniqueEmail } from './fixtures.ts';

// The purchase screens' steps (D3, the built-in test checkout), shared by checkout.spec.ts and the Worker's journeys
// (e2e/worker/, ADR 062).

export async function tournamentByTitle(page: Page, title: string): Promise<Tournament> {
  const res = await page.request.get('/api/tournaments?limit=100'); // the demo league fits one page (ADR 025)
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as Tournament[]).find((t) => t.title === title);
  expect(found, `seeded tournament "${title}"`).toBeDefined();
  return found!;
}

export async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/**
 * Counts, from the page's first script on, every toast the region renders with a given text: "shown once" is about
 * how many toasts appear, which the one-at-a-time region on screen cannot tell by itself.
 */
export async function countToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const ROOT = '[data-scope="toast"][data-part="root"]';
    const seen: string[] = [];
    (window as unknown as { __toastsSeen: string[] }).__toastsSeen = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          // A toast raised before the lazily loaded region mounts arrives inside the region's own subtree.
          const roots = node.matches(ROOT) ? [node] : Array.from(node.querySelectorAll(ROOT));
          for (const root of roots) seen.push(root.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export async function toastsShown(page: Page, text: string): Promise<number> {
  const seen = await page.evaluate(() => (window as unknown as { __toastsSeen: string[] }).__toastsSeen);
  return seen.filter((t) => t.includes(text)).length;
}

/** The test checkout page (D3): the banner, then what is bought and the amount. */
export async function expectTestCheckout(page: Page, item: string | RegExp, amount: string): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/test\?session_id=/);
  await expect(page.getByText('Test mode - no card is charged')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete your payment' })).toBeVisible();
  const summary = page.getByRole('definition').or(page.getByRole('term'));
  await expect(summary.filter({ hasText: item }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: `Pay ${amount}` })).toBeEnabled();
}

/**
 * A venue's first-timer, start to finish (000 s2, 001 s2; D3, D8, D9): sign up through the Register tab, press
 * Register on the tournament `title` ($25), be sent to the waiver, sign it with the mouse, register again and pay on
 * the test checkout, then find the tournament on the dashboard and the detail page.
 */
export async function signUpSignWaiverRegisterAndPay(page: Page, title: string): Promise<void> {
  await countToasts(page);
  const t = await tournamentByTitle(page, title);

  // Sign up through the Register tab of /auth.
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = registerForm(page);
  const email = uniqueEmail('journey');
  await form.getByRole('textbox', { name: 'First Name', exact: true }).fill('Jordan');
  await form.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Journey');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('e2e-password-123');
  await form.getByRole('combobox', { name: 'Role', exact: true }).selectOption('player');
  await form.getByRole('button', { name: /^(register|create account|sign up)$/i }).click();
  const welcome = page.getByRole('dialog').filter({ hasText: 'Where would you like to go next?' });
  await expect(welcome).toBeVisible();
  await page.keyboard.press('Escape');

  // Register: the waiver comes first.
  await page.goto(`/tournaments/${t.id}`);
  let panel = await openTab(page, 'Registration');
  await panel.getByRole('button', { name: 'Register - $25' }).click();
  // The toast lives 1.5 s before the redirect to /waiver: on a busy machine a poll of the screen can miss it, so
  // the toasts the region rendered are recorded as they appear (countToasts).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __toastsSeen: string[] }).__toastsSeen.join('\n')))
    .toContain('Waiver Required');
  expect(await page.evaluate(() => (window as unknown as { __toastsSeen: string[] }).__toastsSeen.join('\n'))).toContain(
    'You must sign the liability waiver before registering for tournaments.',
  );
  await expect(page).toHaveURL(/\/waiver$/);

  // Sign it: agree, emergency contact, a signature drawn with the mouse.
  const waiver = page.getByRole('form', { name: 'Sign the waiver' });
  await expect(waiver).toBeVisible();
  await waiver.getByRole('checkbox').check();
  await waiver.getByRole('textbox', { name: 'Emergency Contact Name' }).fill('Pat Journey');
  await waiver.getByRole('textbox', { name: 'Emergency Contact Phone' }).fill('555-010-2000');
  await drawSignature(page, waiver.getByRole('img', { name: /Your signature/ }));
  await expect(waiver.getByText('Signature captured')).toBeVisible();
  const signingAs = waiver.getByRole('textbox', { name: 'Signing as' });
  if ((await signingAs.inputValue()).trim() === '') await signingAs.fill('Jordan Journey');
  const dob = waiver.getByLabel('Date of Birth');
  if (await dob.count()) await dob.fill('1995-04-12');
  await waiver.getByRole('button', { name: 'Submit Waiver' }).click();
  await expect(toast(page, 'Waiver Signed Successfully')).toBeVisible();

  // Back to the tournament: register and pay on the test checkout.
  await page.goto(`/tournaments/${t.id}`);
  panel = await openTab(page, 'Registration');
  await panel.getByRole('button', { name: 'Register - $25' }).click();
  await expectTestCheckout(page, new RegExp(t.title), '$25');
  await page.getByRole('button', { name: 'Pay $25' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=.+&type=registration/);
  await expect(page.getByRole('heading', { level: 1, name: "You're registered!" })).toBeVisible();
  await expect(page.getByText(t.title).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'checkout success (registration)');

  // The dashboard's Match History lists it.
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const history = page.getByRole('list', { name: 'Tournaments entered' });
  await expect(history.getByRole('link', { name: t.title })).toBeVisible();

  // And the detail page confirms it.
  await page.goto(`/tournaments/${t.id}`);
  panel = await openTab(page, 'Registration');
  await expect(panel.getByText("You're registered for this tournament")).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Register/ })).toHaveCount(0);
}
