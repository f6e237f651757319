// Starts the Worker host for Playwright (playwright.worker.config.ts `webServer`, issue 35 item 3, ADR 062): the built
// app under `wrangler dev` (local workerd, R2 emulated, /__scheduled) against the Hrana test server of ADR 057 on a
// fresh file, migrated and seeded as the Node e2e server's is. The harness seeds (D18 keeps only the Worker from it).
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openLocalDatabase } from '../db/local.ts';
import { seedDemoLeague } from '../edge/node.ts';
import { ensureBuilt } from './e2e-build.ts';
import { startHranaServer } from './hrana/server.ts';
import { startWorkerDev } from './hosts/worker-dev.ts';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? '4340');
// The folder e2e/e2e-db.ts and the fixtures write accounts and rows into, as for the Node host.
const dataDir = resolve(root, `.tmp/e2e-${port}`);
const file = resolve(dataDir, 'league.db');
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

rmSync(dataDir, { recursive: true, force: true });
// wrangler serves dist/ and bundles dist-server/ of the repository itself (wrangler.toml): no private copy here.
ensureBuilt('e2e-worker-server');

// The same key signs the seeded waivers and verifies them on the Worker.
const waiverSigningKey = randomBytes(32).toString('base64url');
const leagueEmailDomain = 'wta.local';
const { client, db } = await openLocalDatabase(`file:${file}`);
await seedDemoLeague(db, { leagueEmailDomain, waiverSigningKey });
client.close();
console.log(`[e2e-worker-server] ${file} migrated and seeded (${seconds()})`);

const hrana = await startHranaServer({ file });
// The browser's origin: the Origin check and the session cookie compare with it (localhost, as the fixtures' BASE_URL).
const publicUrl = `http://localhost:${port}`;
const worker = await startWorkerDev({
  databaseUrl: hrana.url,
  stateDir: resolve(dataDir, 'worker'),
  port,
  vars: { PUBLIC_URL: publicUrl, LEAGUE_EMAIL_DOMAIN: leagueEmailDomain, WAIVER_SIGNING_KEY: waiverSigningKey },
}).catch(async (error: unknown) => {
  await hrana.close();
  throw error;
});
console.log(`[e2e-worker-server] the Worker at ${publicUrl}, its database at ${hrana.url} (${seconds()})`);

// wrangler and workerd run in a process group of their own: they are stopped here, whatever ends this process, or
// they would keep the port for the next run. What they printed (the Worker's log lines) is kept beside the database.
let stopping: Promise<void> | undefined;
const stop = (code: number) =>
  (stopping ??= (async () => {
    await worker.stop();
    writeFileSync(resolve(dataDir, 'worker.log'), worker.output());
    await hrana.close();
  })().then(
    () => process.exit(code),
    (error: unknown) => {
      console.error('[e2e-worker-server]', error);
      process.exit(1);
    },
  ));
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.once(event, (error) => {
    console.error('[e2e-worker-server]', error);
    void stop(1);
  });
}
