import { defineConfig, devices } from '@playwright/test';

/** Port of the e2e server (scripts/e2e-server.ts): away from the default 3000 so a running `npm start` is untouched. */
// E2E_PORT lets a second suite run beside another (each gets its own server and database).
const PORT = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://localhost:${PORT}`;

/** Flags that keep Debian's Chromium quiet and offline-safe in a container (shared/TOOLCHAIN.md). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  // The Worker's journeys run on the Worker only (playwright.worker.config.ts).
  testIgnore: 'e2e/worker/**',
  // Test files run in parallel on the two cores; tests inside a file run in order.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  // Generous on purpose: the suite must pass while another suite runs on the same two cores (issue 10), where a
  // journey with a sign-up (a 64 MiB scrypt hash) and two axe scans of the landing page (each 30-50 s there: the
  // axe script alone takes 9-15 s to evaluate) takes three times as long as on an idle machine. A hang still fails.
  timeout: 180_000,
  expect: { timeout: 15_000 },
  outputDir: 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The spec's copy is English; dates and numbers render predictably.
    locale: 'en-US',
    timezoneId: 'UTC',
    // A registered service worker answers fetches before page.route sees them, so a spec that mocks the API would
    // race the worker's first claim. Only the PWA specs (offline, pwa, the outbox's sync test) allow it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: ['e2e/worker/**', 'e2e/tournament-day.spec.ts'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // The day of a tournament moves the server's test clock (e2e/test-clock.ts): it runs once every other spec is
    // done, so none of them sees the time jump. Alone: `playwright test e2e/tournament-day.spec.ts --no-deps`.
    {
      name: 'tournament-day',
      testMatch: 'tournament-day.spec.ts',
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // The BUILT app on a fresh, seeded database (see scripts/e2e-server.ts).
    command: `"${process.execPath}" scripts/e2e-server.ts`,
    url: `${baseURL}/`,
    env: { E2E_PORT: String(PORT), ...(process.env.E2E_DIST ? { E2E_DIST: process.env.E2E_DIST } : {}) },
    // A stale server would carry an old database: always start our own.
    reuseExistingServer: false,
    // Includes a production build when the test runner has not built already.
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
