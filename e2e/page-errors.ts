import { appendFileSync } from 'node:fs';
import { test as base, type Browser, type BrowserContext, type BrowserType } from '@playwright/test';

// Every test fails when a page it opened throws an error nobody catches: an uncaught exception or an unhandled
// promise rejection (Chromium reports both as Playwright's `pageerror`). Issue 34 found two that no test had noticed
// (zag's 'AbortError: Promise aborted' after every welcome dialog and 'Error: Timeout of 1000ms exceeded' after the
// details dialogs). Every page counts: the test's own `page`, and the pages of contexts a test opens itself
// (`browser.newContext()` for a second member, `chromium.launchPersistentContext()` for an installed app), which the
// guard watches for as long as the test runs.

/**
 * The page errors a test may see without failing, each with why it is expected. Keep it short: an error listed here
 * is one the app cannot prevent, never one it merely has not fixed.
 */
export const EXPECTED_PAGE_ERRORS: readonly { message: RegExp; why: string }[] = [];

/** The errors the test's pages threw, as `url: name: message` lines, first stack frames below. */
export class PageErrors {
  readonly seen: string[] = [];
  /** Console errors, for the diagnostic log only (E2E_PAGE_ERROR_LOG); they fail nothing. */
  readonly consoleErrors: string[] = [];
  private readonly watched = new WeakSet<BrowserContext>();

  /** Records the page errors of every page of `context`, present and future. */
  watch(context: BrowserContext): void {
    if (this.watched.has(context)) return;
    this.watched.add(context);
    context.on('weberror', (webError) => {
      const error = webError.error();
      if (EXPECTED_PAGE_ERRORS.some((expected) => expected.message.test(`${error.name}: ${error.message}`))) return;
      const frames = (error.stack ?? '').split('\n').slice(1, 12).join('\n');
      this.seen.push(`${webError.page()?.url() ?? '(no page)'}: ${error.name}: ${error.message}\n${frames}`);
    });
    context.on('console', (message) => {
      if (message.type() === 'error') this.consoleErrors.push(`${message.page()?.url() ?? ''}: ${message.text()}`);
    });
  }
}

/** Wraps `owner[method]` so every context it returns is watched, until the returned function puts it back. */
function watchContextsOf(
  owner: Browser | BrowserType,
  method: 'newContext' | 'launchPersistentContext',
  errors: PageErrors,
): () => void {
  const methods = owner as unknown as Record<string, (...args: unknown[]) => Promise<BrowserContext>>;
  const original = methods[method]!;
  methods[method] = async (...args: unknown[]) => {
    const context = await original.apply(owner, args);
    errors.watch(context);
    return context;
  };
  return () => {
    methods[method] = original;
  };
}

/**
 * Playwright's `test` with the guard: an automatic fixture, set up before and torn down after every other fixture of
 * the test, so the errors of the closing pages are in by then. `pageErrors` is there for a test that wants to look.
 */
export const test = base.extend<{ pageErrors: PageErrors }>({
  pageErrors: [
    async ({ browser, playwright }, use, testInfo) => {
      const errors = new PageErrors();
      const restore = [
        watchContextsOf(browser, 'newContext', errors),
        watchContextsOf(playwright.chromium, 'launchPersistentContext', errors),
      ];
      try {
        await use(errors);
      } finally {
        for (const undo of restore) undo();
      }
      if (process.env.E2E_PAGE_ERROR_LOG && errors.seen.length + errors.consoleErrors.length > 0) {
        appendFileSync(
          process.env.E2E_PAGE_ERROR_LOG,
          `## ${testInfo.titlePath.join(' > ')}\n${[...errors.seen, ...errors.consoleErrors.map((c) => `console: ${c}`)].join('\n')}\n\n`,
        );
      }
      if (errors.seen.length > 0) {
        throw new Error(`the page threw ${errors.seen.length} uncaught error(s):\n${errors.seen.join('\n')}`);
      }
    },
    { auto: true },
  ],
  context: async ({ context, pageErrors }, use) => {
    pageErrors.watch(context);
    await use(context);
  },
});
