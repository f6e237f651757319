// README "Deploy to Cloudflare Workers with Turso and R2", followed on the Worker's handlers (edge/worker.ts) against
// a database served over HTTP as Turso serves it (the Hrana test server, ADR 057): step 2's migrations with the
// README's own drizzle-kit command, step 6's health check, D18's empty league, step 8's first admin with the README's
// own SQL, a cron run, and the bindings the README names as wrangler.toml declares them.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createClient } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHranaServer, type HranaServer } from '../scripts/hrana/server.ts';
import { TEST_ORIGIN } from './test/app.ts';
import { callWorker, workerEnv } from './test/worker-host.ts';
import worker, { type WorkerEnv } from './worker.ts';

const root = resolve(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const deploySection = readme.slice(readme.indexOf('## Deploy to Cloudflare Workers'), readme.indexOf('## Decisions'));
const wranglerToml = readFileSync(join(root, 'wrangler.toml'), 'utf8');

/** The first line of the deploy section that matches, or a failure naming what the README no longer says. */
function readmeSays(pattern: RegExp): RegExpMatchArray {
  const match = deploySection.match(pattern);
  if (!match) throw new Error(`README's deploy section no longer matches ${pattern}`);
  return match;
}

let dir: string;
let server: HranaServer;
let env: WorkerEnv;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wta-deploy-'));
  server = await startHranaServer({ file: join(dir, 'league.db') });
  env = workerEnv({ DATABASE_URL: server.url, PUBLIC_URL: TEST_ORIGIN, LEAGUE_EMAIL_DOMAIN: 'wta.local' });
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (path: string, init: RequestInit = {}) =>
  callWorker(new Request(`${TEST_ORIGIN}${path}`, { ...init, headers: { 'cf-connecting-ip': '203.0.113.7', ...init.headers } }), env);

describe("the README's deploy steps on the Worker", () => {
  it('migrations, health check, an empty league, the first admin and a cron run', async () => {
    // Step 2, the README's command with this server's URL: drizzle-kit over HTTP, as against Turso.
    const [, command] = readmeSays(/DATABASE_URL=libsql:\/\/\S+ DATABASE_AUTH_TOKEN=<token> npx (drizzle-kit migrate)\n/);
    await promisify(execFile)(process.execPath, [join(root, 'node_modules/drizzle-kit/bin.cjs'), ...command!.split(' ').slice(1)], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: server.url },
    });

    // Step 6.
    readmeSays(/curl https:\/\/<PUBLIC_URL>\/api\/health` answers `\{"ok":true\}`/);
    expect(await (await call('/api/health')).json()).toEqual({ ok: true });

    // D18: the Worker never seeds; the league starts empty.
    const sql = createClient({ url: server.url });
    try {
      const counts = await sql.execute('select (select count(*) from users) as users, (select count(*) from tournaments) as tournaments');
      expect(counts.rows[0]).toMatchObject({ users: 0, tournaments: 0 });

      // Step 8: register, then the README's SQL (as `turso db shell` runs it), then admin on the next request.
      const email = 'first.admin@wta.local';
      const registered = await call('/api/register', {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'a-long-league-password', firstName: 'First', lastName: 'Admin' }),
      });
      expect(registered.status).toBe(201);
      const cookie = registered.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
      const permissions = () => call('/api/admin/permissions', { headers: { cookie } });
      expect((await permissions()).status).toBe(403);
      const [, promote] = readmeSays(/turso db shell wta-league "(update users set role = 'super_admin' where email = '[^']+')"/);
      await sql.execute(promote!.replace(/email = '[^']+'/, `email = '${email}'`));
      expect((await permissions()).status).toBe(200);
    } finally {
      sql.close();
    }

    // The cron trigger of wrangler.toml, as the README describes it: a run on the migrated league logs no failure.
    readmeSays(/trigger once a minute \(`\[triggers\] crons` in `wrangler.toml`/);
    expect(wranglerToml).toMatch(/^\[triggers\]\ncrons = \["\* \* \* \* \*"\]$/m);
    const failures = vi.spyOn(console, 'error');
    const waiting: Promise<unknown>[] = [];
    const scheduled = worker.scheduled as unknown as (controller: unknown, env: WorkerEnv, ctx: unknown) => Promise<void>;
    await scheduled({ scheduledTime: Date.now(), cron: '* * * * *' }, env, { waitUntil: (p: Promise<unknown>) => waiting.push(p) });
    await Promise.all(waiting);
    expect(failures).not.toHaveBeenCalled();
  });

  it('names the R2 bucket and the required secrets as wrangler.toml and the Worker expect them', () => {
    const [, bucket] = readmeSays(/npx wrangler r2 bucket create (\S+)`/);
    expect(wranglerToml).toContain(`binding = "UPLOADS"\nbucket_name = "${bucket}"`);
    for (const secret of ['DATABASE_URL', 'DATABASE_AUTH_TOKEN', 'WAIVER_SIGNING_KEY', 'DEVICE_COOKIE_SECRET']) {
      readmeSays(new RegExp(`npx wrangler secret put ${secret} +# required`));
    }
  });
});
