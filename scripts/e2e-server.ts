// Starts the BUILT app on a fresh, seeded database for Playwright (playwright.config.ts `webServer`).
// Builds first unless the test runner already did (WTA_BUILT=1), so `npm run test:e2e` alone never tests stale files.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { generateVapidKeys } from '../edge/features/push/vapid-keys.ts';
import { ensureBuilt } from './e2e-build.ts';

const root = resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '4310';
// One folder per port, so two suites (a developer's and CI's) can run side by side.
const dataDir = resolve(root, `.tmp/e2e-${port}`);

rmSync(dataDir, { recursive: true, force: true });

// E2E_DIST serves a build made elsewhere (`vite build --outDir ...`), so parallel work never shares dist/.
const sourceDist = process.env.E2E_DIST ? resolve(root, process.env.E2E_DIST) : resolve(root, 'dist');
// The page renderer of the same build (ADR 027): `<E2E_DIST>-server` beside a build made elsewhere.
const sourceServer = process.env.E2E_DIST ? `${sourceDist}-server` : resolve(root, 'dist-server');

if (process.env.E2E_DIST) {
  if (!existsSync(resolve(sourceDist, 'index.html'))) {
    console.error(`[e2e-server] E2E_DIST=${process.env.E2E_DIST} holds no build`);
    process.exit(1);
  }
} else {
  ensureBuilt('e2e-server');
}

// A private copy of the build: other work rebuilding dist/ mid-run must not break the browser's page loads.
const distCopy = resolve(dataDir, 'dist');
cpSync(sourceDist, distCopy, { recursive: true });
const serverCopy = resolve(dataDir, 'dist-server');
if (existsSync(sourceServer)) cpSync(sourceServer, serverCopy, { recursive: true });

// D28: Web Push on, with keys made for this run (the browser's push service is faked in e2e/push.spec.ts).
const vapid = await generateVapidKeys();
const env = {
  ...process.env,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:e2e@wta.local',
  NODE_ENV: 'production',
  PORT: port,
  DATABASE_URL: `file:${resolve(dataDir, 'league.db')}`,
  UPLOADS_DIR: resolve(dataDir, 'uploads'),
  PUBLIC_URL: `http://localhost:${port}`,
  LEAGUE_EMAIL_DOMAIN: 'wta.local',
  E2E_DIST_DIR: distCopy,
  // The test clock's control port (scripts/e2e-host.ts, e2e/test-clock.ts).
  E2E_CLOCK_PORT: String(Number(port) + 500),
  E2E_SERVER_DIR: serverCopy,
};

// The Node host as `npm start` runs it (edge/node.ts under tsx): migrates, seeds the D18 demo accounts into the
// empty database, serves API + the built app with the SPA fallback; only the dist folder differs.
const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'scripts/e2e-host.ts')], {
  cwd: root,
  env,
  stdio: 'inherit',
});

const stop = (signal: NodeJS.Signals) => {
  if (child.exitCode === null) child.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
