// Benchmark (b): GET /api/auth/user signed in, the Node host (Hono, all middleware) against a bare node:http
// server doing the same session lookup on the same database file. Both run as child processes on 127.0.0.1,
// measured one after the other with autocannon (10 and 50 connections, after a short warm-up).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { comparisonRows, measure } from './api-compare.ts';
import { start, stop, waitFor } from './processes.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
const EMAIL = 'verified@wta.local';
const PASSWORD = 'wta-demo-2025';
/** Seconds per measured run; BENCH_DURATION overrides (bounded to 1..60). */
const DURATION = Math.min(60, Math.max(1, Number(process.env.BENCH_DURATION) || 10));
/** Seconds of load before each measured run: a cold host needs it to JIT the app (the bare server much less). */
const WARMUP = 5;
/** 10 as before; 50 as the outside probe of issue 12. */
const CONNECTIONS = [10, 50] as const;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${EMAIL} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('wta_session='));
  if (!cookie) throw new Error('sign-in answered no wta_session cookie');
  return cookie;
}

async function check(url: string, cookie: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, { headers: { cookie } });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200 || body.email !== EMAIL) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export const authUser: Benchmark = {
  name: 'auth-user',
  description: `GET /api/auth/user signed in: Node host (Hono) vs bare node:http, ${CONNECTIONS.join(' and ')} connections, ${DURATION} s`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'wta-bench-'));
    const databaseUrl = `file:${join(dir, 'league.db')}`;
    const hostPort = await freePort();
    const host = `http://127.0.0.1:${hostPort}`;
    // The embedded run as `npm start` runs it: migrate, seed the D18 demo accounts, serve.
    const hostProc = start('host', process.execPath, ['--import', 'tsx', resolve(root, 'edge/node.ts')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(hostPort),
        DATABASE_URL: databaseUrl,
        UPLOADS_DIR: join(dir, 'uploads'),
        PUBLIC_URL: host,
        LEAGUE_EMAIL_DOMAIN: 'wta.local',
      },
    });
    let bareProc: ReturnType<typeof start> | null = null;
    try {
      await waitFor(`${host}/api/auth/user`, (s) => s === 401, 180_000, hostProc.log);
      const cookie = await signIn(host);
      const hostUrl = `${host}/api/auth/user`;
      const fromHost = await check(hostUrl, cookie);

      const barePort = await freePort();
      bareProc = start('bare', process.execPath, [
        resolve(root, 'scripts/bench/bare-auth-user.ts'),
        databaseUrl,
        String(barePort),
        'wta.local',
      ]);
      const bareUrl = `http://127.0.0.1:${barePort}/api/auth/user`;
      await waitFor(bareUrl, (s) => s === 401, 30_000, bareProc.log);
      const fromBare = await check(bareUrl, cookie);
      if (JSON.stringify(fromBare) !== JSON.stringify(fromHost)) {
        console.warn('[auth-user] note: bare and host answers differ in shape:', { fromHost, fromBare });
      }

      const rows: Row[] = [];
      for (const connections of CONNECTIONS) {
        console.log(`[auth-user] ${connections} connections: measuring the Node host (${DURATION} s)...`);
        const options = { connections, warmup: WARMUP, duration: DURATION, headers: { cookie } };
        const hono = await measure(hostUrl, options);
        // Only one server at a time under load: the host is idle (not stopped) while the bare one runs.
        console.log(`[auth-user] ${connections} connections: measuring the bare server (${DURATION} s)...`);
        const bare = await measure(bareUrl, options);
        rows.push(...comparisonRows(`${this.name} (${connections} conn)`, hono, bare));
      }
      return rows;
    } finally {
      if (bareProc) await stop(bareProc.child);
      await stop(hostProc.child);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
