import axe from 'axe-core';
import { expect, type Locator, type Page } from '@playwright/test';
import { hashPassword } from '../edge/features/auth/password.ts';
import { queryE2eDb } from './e2e-db.ts';
import { test as guarded } from './page-errors.ts';

/**
 * Playwright's own `test` (no intro handling), for the specs that test the intro itself, with the guard every test
 * has: a page error nobody catches fails the test (e2e/page-errors.ts).
 */
export const plainTest = guarded;

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
 * Test with a `page` in a browser session that has seen the first-visit intro video (000 s2, s4), and that still
 * presses its Skip Video or Enter Site button should it ever be in the way. The overlay opens a moment after the
 * landing page hydrates, and a test acting in that moment loses its click or its open menu to it (the intro race
 * failed nav.spec in a paired CI run and divisions.spec in a CI run). The intro's own tests use a plain page.
 */
export const test = guarded.extend({
  page: async ({ page }, use) => {
    await asTestPage(page);
    await use(page);
  },
});

/** What the `page` fixture is made of, for a page a spec opens in a context of its own (a second phone). */
export async function asTestPage(page: Page): Promise<void> {
  await introAlreadySeen(page);
  await dismissIntroWhenShown(page);
  waitForHydrationOnLoad(page);
}

/**
 * A server-rendered page (ADR 027) shows its buttons before its code has run; a press in that moment does nothing
 * (a busy CI machine made it hundreds of milliseconds: the mobile menu stayed closed). So every load of the page
 * (goto, reload, back, forward) returns once the page has hydrated: `html[data-hydrated]`, set by app/main.tsx
 * at the first commit, and no widget still waiting to start. Pages the browser renders itself (no `#wta-ssr`) return as before.
 */
function waitForHydrationOnLoad(page: Page): void {
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const load = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await load(...args);
      const options = args.find((a): a is { waitUntil?: string } => typeof a === 'object' && a !== null);
      if (options?.waitUntil !== 'commit') await pageHydrated(page);
      return response;
    };
  }
}

/** Waits until a server-rendered page has hydrated; a page that navigated away meanwhile is left to the test. */
export async function pageHydrated(page: Page): Promise<void> {
  try {
    // `data-hydrated` marks the app's first commit; React hydrates the routes' Suspense boundaries after it (at a
    // lower priority), and widgets start in their own effects. Ark/zag mark a widget whose machine has not started
    // yet with `data-ssr` (tabs): a press on it then does nothing (a CI run clicked the Registration tab in that
    // moment and stayed on Overview). So wait for those too.
    await page.waitForFunction(
      () =>
        (!document.getElementById('wta-ssr') || document.documentElement.dataset.hydrated === 'true') &&
        document.querySelector('[data-ssr]') === null,
      undefined,
      { timeout: 30_000 },
    );
  } catch (error) {
    if (/context was destroyed|navigation|Target .*closed/i.test(String(error))) return;
    throw new Error(`the server-rendered page ${page.url()} did not hydrate`, { cause: error });
  }
}
export { expect };

/**
 * The layout shifts of the next page load that its code could have caused (the hydration rule of issue 12, ADR 027):
 * the shifts reported from the second frame after the HTML is parsed on; call before `goto`, read after.
 *
 * Not from the first byte: on a starved CPU Chromium paints a page whose HTML it has only partly parsed, and the rest
 * moves what was painted. A CI run beside another painted a profile's header with the name and tagline only; the
 * facts and Follow parsed next moved the centred avatar down 30 px (0.00028), seconds before the page's code had
 * loaded. Nothing of the app runs before the parse ends (one module script, deferred), and the first frame after it
 * lays out the whole HTML, reporting what the parser moved (a shift's time is when a frame reports it, so that can
 * be after the parse); from the next frame on, every shift counts.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __e2eShifts: { at: number; value: number }[]; __e2eShiftsFrom: number };
    w.__e2eShifts = [];
    w.__e2eShiftsFrom = Infinity;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__e2eShifts.push({ at: entry.startTime, value: entry.value });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    const afterParse = () => {
      if (document.readyState === 'loading') return;
      document.removeEventListener('readystatechange', afterParse);
      // The first frame lays out the whole HTML; counting starts when the second frame's callback runs. Not at the
      // second frame's own time stamp: that is the frame's vsync-aligned start, which on a starved CPU can be earlier
      // than when the first frame's paint reported the parser's shift (the 0.00028 of a CI run came back so).
      requestAnimationFrame(() => requestAnimationFrame(() => (w.__e2eShiftsFrom = performance.now())));
    };
    document.addEventListener('readystatechange', afterParse);
  });
  return () =>
    page.evaluate(() => {
      const w = window as unknown as { __e2eShifts: { at: number; value: number }[]; __e2eShiftsFrom: number };
      if (!Number.isFinite(w.__e2eShiftsFrom)) throw new Error('no frame was painted after the HTML was parsed');
      return w.__e2eShifts.filter((shift) => shift.at >= w.__e2eShiftsFrom).reduce((sum, s) => sum + s.value, 0);
    });
}

/** This browser session has seen the intro (000 s4: it plays once per session); see `test` above for why. */
export async function introAlreadySeen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (window.location.protocol.startsWith('http')) window.sessionStorage.setItem('wta-intro-seen', '1');
  });
}

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

// Fresh accounts are written straight into the e2e server's database, not registered through POST /api/register.
// Every request of the suite comes from 127.0.0.1, and the server limits sign-ups (30 an hour) and failed sign-ins
// (10 in 10 minutes) per address (D35): a suite that signed up an account for each test it needs would trip its own
// limit (it did: 32 sign-ups in a run), and no test switch may weaken the limits. So only the tests that check
// signing up itself go through the API or the form (about 6 a run; failed sign-ins about 2). An account of its own
// also keeps a test apart from the other worker, which shares the database: nothing it counts can change under it.

/** The password of every account the fixtures create. */
export const E2E_PASSWORD = 'e2e-password-123';
// Hashed once per worker with the server's own function (scrypt is ~0.5 s at OWASP cost), as db/seed.ts does.
let e2ePasswordHash: Promise<string> | undefined;

export interface Account {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: SignUpRole;
}

export interface AccountOptions {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** The gold badge (D4), as an admin would grant it. */
  verified?: boolean;
  /** ISO date (YYYY-MM-DD). */
  dateOfBirth?: string;
}

/**
 * Creates an account as a sign-up leaves it (role chosen, profile not completed yet), straight in the e2e database,
 * without signing anyone in. Use it for the other party of a test (a message's recipient).
 */
export async function createAccount(role: SignUpRole, options: AccountOptions = {}): Promise<Account> {
  e2ePasswordHash ??= hashPassword(E2E_PASSWORD);
  const account: Account = {
    id: crypto.randomUUID(),
    email: (options.email ?? uniqueEmail(role)).toLowerCase(),
    password: E2E_PASSWORD,
    firstName: options.firstName ?? 'E2E',
    lastName: options.lastName ?? role[0]!.toUpperCase() + role.slice(1),
    role,
  };
  await queryE2eDb(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, role, is_verified, date_of_birth, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      account.id,
      account.email,
      await e2ePasswordHash,
      account.firstName,
      account.lastName,
      role,
      options.verified ? 1 : 0,
      options.dateOfBirth ?? null,
      Date.now(),
    ],
  );
  return account;
}

/** Creates a fresh account (see createAccount) and signs the page's context in as it, through POST /api/login. */
export async function signInAsNew(page: Page, role: SignUpRole, options: AccountOptions = {}): Promise<Account> {
  const account = await createAccount(role, options);
  await login(page, account.email, account.password);
  return account;
}

/** Signs the page's context out through the API. */
export async function logoutThroughApi(page: Page): Promise<void> {
  // The page leaves the app first: an app left open reacts to its session ending (and to the next sign-in) with
  // navigations of its own, which raced the test's next page.goto and aborted it (net::ERR_ABORTED, CI 2026-11-30).
  await page.goto('about:blank');
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
export function toast(page: Page, title: string | RegExp, description?: string | RegExp): Locator {
  // Inside the toast region: a page's own status line may say the same words (the apply page's "You are already
  // verified..." while it hands over to the dashboard).
  const region = toastRegion(page);
  const shown = region.getByRole('status').or(region.getByRole('alert')).filter({ hasText: title });
  // Title and description in one locator, checked in one step: a toast lives 5 s, and on a busy machine a second
  // step (toBeVisible, then toContainText) can start after it has gone.
  return description === undefined ? shown : shown.filter({ hasText: description });
}

/**
 * Closes an open dialog with Escape the way a keyboard user does: once it has taken focus. The dialog starts its
 * focus trap and its Escape handler together a frame after it shows (Ark/zag, after the render's effects); a key
 * pressed in that frame reaches no handler, and on a loaded machine the frame can be long (a paired CI run lost one).
 */
export async function closeDialogWithEscape(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await dialog.page().keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
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
 * The serious and critical axe-core violations of the page as it is now, one printable entry each. axe-core is put
 * into the page once per document and run there directly: @axe-core/playwright's `analyze()` evaluated the whole
 * axe source again on every call and finished each run in a new blank page, 2-5 s a scan on a busy machine against
 * 0.3-1 s this way (issue 10: the suite must pass beside another). Cross-origin frames (video embeds) are not ours
 * to check; the frame elements themselves still are (frame-title).
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(async () => {
    // The page at rest: a dialog or a toast fading in or out has text at a fraction of its opacity, which axe rightly
    // reports as low contrast (a scan that started 1 s later, as the old one did, never saw it). Endless animations
    // (spinners) are not waited for. A fade that starts while axe runs (a toast's 5 s ending mid-scan on a busy
    // machine) makes that scan a reading of a moving page: it is taken again once the page is at rest.
    const finiteAnimations = () =>
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    const atRest = () => Promise.all(finiteAnimations().map((a) => a.finished.catch(() => undefined)));
    const run = () =>
      (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'], iframes: false });
    for (let attempt = 1; ; attempt += 1) {
      await atRest();
      let moved = false;
      const onMove = () => (moved = true);
      const events = ['transitionrun', 'animationstart'] as const;
      for (const type of events) document.addEventListener(type, onMove, true);
      const scan = await run();
      for (const type of events) document.removeEventListener(type, onMove, true);
      // axe yields between rules (a timer per rule), so a fade can start, and even end, while it runs.
      if ((!moved && finiteAnimations().length === 0) || attempt === 3) return scan;
    }
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} [${v.impact}] ${v.help} (${v.helpUrl})\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ') ?? ''}`)
          .join('\n'),
    );
}

/**
 * Runs axe-core on the page as it is now and fails the test (softly, so the journey goes on and every violation
 * of the run is reported) on any violation of impact serious or critical. Violations are printed.
 */
export async function expectNoSeriousA11yViolations(page: Page, label?: string): Promise<void> {
  const lines = await seriousA11yViolations(page);
  const where = label ?? new URL(page.url()).pathname;
  if (lines.length > 0)
    console.log(`axe: ${lines.length} serious/critical violation(s) on ${where}:\n${lines.join('\n')}`);
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

/**
 * Opens `path` the way the installed app does (ADR 027): the page starts on another screen (the service worker's
 * shell; here the not-found page) and the router navigates in the browser, so the page's reads go out from the
 * browser, where `page.route` sees them, instead of arriving inside server-rendered HTML.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  // An unknown path: the not-found page (server-rendered with 404, issue 34), for guests and members alike.
  await page.goto('/in-app-start');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
}

/**
 * A signed-in-only page opened by a guest (001 s2): the 'Unauthorized' toast with `message`, up for the 500 ms before
 * the browser goes to the login endpoint with `returnTo`, then the login page. The toast lives too briefly for polling
 * (a first visit also installs the service worker), so the page reports each toast it renders, on its own clock.
 */
export async function expectUnauthorizedThenSignIn(page: Page, path: string, message: string): Promise<void> {
  const toasts: { text: string; at: number }[] = [];
  await page.exposeFunction('reportToast', (text: string, at: number) => toasts.push({ text, at }));
  await page.addInitScript(() => {
    const reported = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role=status], [role=alert]')) {
        const text = el.textContent ?? '';
        if (!reported.has(el) && text.includes('Unauthorized') && el.checkVisibility()) {
          reported.add(el);
          (window as unknown as { reportToast: (t: string, at: number) => void }).reportToast(text, Date.now());
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  let loginRequestedAt = 0;
  page.on('request', (request) => {
    if (request.url().includes(`/api/login?returnTo=${path}`)) loginRequestedAt = Date.now();
  });
  await page.goto(path);
  // window.location.assign('/api/login?returnTo=...') -> 302 -> /auth?returnTo=...
  await page.waitForURL(new RegExp(`/auth\\?returnTo=${encodeURIComponent(path)}$`));
  const unauthorized = toasts.find((t) => t.text.includes('Unauthorized') && t.text.includes(message));
  expect(unauthorized, `toasts seen: ${JSON.stringify(toasts)}`).toBeDefined();
  // The toast came first and stayed up for the redirect delay (500 ms, less a little for timer and event slack).
  expect(loginRequestedAt - unauthorized!.at).toBeGreaterThanOrEqual(450);
}
