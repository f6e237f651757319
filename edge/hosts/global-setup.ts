// The hosts project (ADR 061): once per run, each host on a real socket against its own Hrana test server (ADR 057) on
// a freshly migrated file, as it would run against Turso - the Worker under `wrangler dev` (local workerd, R2
// emulated, /__scheduled), the Node host with DATABASE_URL=http://... - beside a local fake of Stripe's API. The
// test files reach them over HTTP only (edge/hosts/host.ts) and may seed a host's database over its server.
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { count } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openLocalDatabase } from '../../db/local.ts';
import { tournaments } from '../../db/schema/tournaments.ts';
import { users } from '../../db/schema/users.ts';
import { startHranaServer, type HranaServer } from '../../scripts/hrana/server.ts';
import { startNodeDev, type NodeDev } from '../../scripts/hosts/node-dev.ts';
import { startWorkerDev, type WorkerDev } from '../../scripts/hosts/worker-dev.ts';
import { startMockStripe } from '../features/payments/test-helpers.ts';
import { generateVapidKeys } from '../features/push/vapid-keys.ts';
import { STRIPE_WEBHOOK_SECRET, type HostsContext } from './context.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    hosts: HostsContext;
  }
}

const root = resolve(import.meta.dirname, '../..');

/**
 * The hosts serve the build (dist/, and the page renderer in dist-server/ that wrangler bundles into the Worker).
 * `npm test` builds first and says so (WTA_BUILT=1); otherwise the build is made here, so that no run tests stale files.
 */
function ensureBuilt() {
  const built = ['dist/index.html', 'dist-server/entry-server.js'].every((file) => existsSync(join(root, file)));
  if (process.env.WTA_BUILT === '1' && built) return;
  console.log('[hosts] building the app (npm run build); WTA_BUILT=1 skips this after a build');
  const env = { ...process.env };
  // Vitest's NODE_ENV=test would make Vite build for development.
  delete env.NODE_ENV;
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, env, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** A Hrana test server on a new file under `dir`, migrated as a deploy migrates Turso before the host starts. */
async function databaseServer(dir: string): Promise<HranaServer> {
  const file = join(dir, 'league.db');
  (await openLocalDatabase(`file:${file}`)).client.close();
  return startHranaServer({ file });
}

export default async function setup(project: TestProject) {
  ensureBuilt();
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'wta-hosts-'));
  // What was started, in order: the hosts stop before what they reach, each even when another fails to.
  const services: (() => Promise<unknown>)[] = [];
  const hosts: (() => Promise<unknown>)[] = [];
  // Vitest ends at once on Ctrl-C, with no teardown: wrangler and workerd (a process group of their own) go with it.
  const groups: number[] = [];
  const killGroups = () => {
    for (const pid of groups) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
  };
  process.once('exit', killGroups);
  const teardown = async () => {
    process.off('exit', killGroups);
    const stopping = performance.now();
    await Promise.allSettled(hosts.map((stop) => stop()));
    await Promise.allSettled(services.map((stop) => stop()));
    rmSync(dir, { recursive: true, force: true });
    if (process.env.HOSTS_TIMINGS) console.log(`[hosts] stopped in ${((performance.now() - stopping) / 1000).toFixed(1)} s`);
  };
  try {
    const stripe = await startMockStripe();
    services.push(stripe.close);
    const vapid = await generateVapidKeys();
    const vars = {
      LEAGUE_EMAIL_DOMAIN: 'wta.local',
      STRIPE_SECRET_KEY: 'sk_test_hosts',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:hosts@wta.local',
    };
    const [nodeDb, workerDb] = await Promise.all([databaseServer(join(dir, 'node')), databaseServer(join(dir, 'worker'))]);
    services.push(nodeDb.close, workerDb.close);

    // The Node host seeds the demo league into an empty database (its password hashes cost seconds, and its data
    // would be on one host only): a member first, as a league in use has.
    const seeded = await openLocalDatabase(nodeDb.url);
    await seeded.db.insert(users).values({ id: randomUUID(), email: 'first@example.test', firstName: 'First', lastName: 'Member' });
    seeded.client.close();

    // The caller's address as each host takes it in production: the socket's on Node (every test agent is 127.0.0.1
    // there), CF-Connecting-IP on the Worker (wrangler dev passes on the one each agent sends).
    // HOSTS_VERBOSE=1 prints what each host logs (wrangler's and workerd's lines, the Node host's).
    const verbose = process.env.HOSTS_VERBOSE === '1';
    const worker: Promise<WorkerDev> = startWorkerDev({ databaseUrl: workerDb.url, stateDir: join(dir, 'worker'), vars, verbose });
    const node: Promise<NodeDev> = startNodeDev({ databaseUrl: nodeDb.url, stateDir: join(dir, 'node'), vars, verbose });
    const [workerDev, nodeServer] = await Promise.allSettled([worker, node]);
    if (workerDev.status === 'fulfilled') {
      hosts.push(workerDev.value.stop);
      groups.push(workerDev.value.pid);
    }
    if (nodeServer.status === 'fulfilled') hosts.push(nodeServer.value.stop);
    if (workerDev.status === 'rejected') throw workerDev.reason;
    if (nodeServer.status === 'rejected') throw nodeServer.reason;

    // D18: the Worker never seeds. Read right after it served its first requests, before any test writes.
    const workerRead = await openLocalDatabase(workerDb.url);
    const [[usersAtStart], [tournamentsAtStart]] = await Promise.all([
      workerRead.db.select({ n: count() }).from(users),
      workerRead.db.select({ n: count() }).from(tournaments),
    ]);
    workerRead.client.close();

    project.provide('hosts', {
      node: { url: nodeServer.value.url, databaseUrl: nodeDb.url, blobsDir: join(dir, 'node', 'uploads') },
      worker: { url: workerDev.value.url, databaseUrl: workerDb.url, blobsDir: join(dir, 'worker', 'state', 'v3', 'r2') },
      stripeUrl: vars.STRIPE_API_URL,
      workerAtStart: { users: usersAtStart!.n, tournaments: tournamentsAtStart!.n },
    });
    if (process.env.HOSTS_TIMINGS) console.log(`[hosts] started in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
