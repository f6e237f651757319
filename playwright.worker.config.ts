import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// The journeys a venue depends on, in Chromium against the Worker host (issue 35 item 3, ADR 062): `wrangler dev`
// (local workerd, R2 emulated, /__scheduled) over the Hrana test server, started by scripts/e2e-worker-server.ts.
// Everything else is playwright.config.ts's.

// The fixtures (BASE_URL) and e2e/e2e-db.ts read E2E_PORT in the test workers, which inherit it from here.
process.env.E2E_PORT ??= '4340';
const PORT = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  ...base,
  testDir: './e2e/worker',
  testIgnore: [],
  // Beside the Node suite's results, which `npm test` has written just before.
  outputDir: 'test-results/worker',
  use: { ...base.use, baseURL },
  // One project: the Node suite's tournament-day project (its test clock) has no Worker counterpart.
  projects: base.projects?.filter((p) => p.name === 'chromium').map((p) => ({ ...p, testIgnore: [] })),
  webServer: {
    ...base.webServer,
    command: `"${process.execPath}" scripts/e2e-worker-server.ts`,
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(PORT) },
    // wrangler and workerd stop with the server (scripts/hosts/worker-dev.ts gives them 5 s before SIGKILL).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
