// The Worker host as a newcomer runs it (issue 35): `wrangler dev` on a local workerd, R2 emulated under a folder of
// its own, the Cron Trigger reachable at /__scheduled (--test-scheduled), the database a libSQL server over HTTP
// (DATABASE_URL=http://..., the Hrana test server of ADR 057 or a real Turso). Test and bench tooling, never the app:
// the Worker itself is edge/worker.ts unchanged, bundled by wrangler from wrangler.toml with the built dist/.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface WorkerDevOptions {
  /** The Worker's DATABASE_URL: `http://127.0.0.1:<port>` of a Hrana server. */
  databaseUrl: string;
  databaseAuthToken?: string;
  /** Folder for R2's emulation and the secrets file; wrangler's `.wrangler/` stays untouched. */
  stateDir: string;
  /** 0 or unset: a free port. */
  port?: number;
  /** More variables and secrets (STRIPE_SECRET_KEY, STRIPE_API_URL, VAPID_*, ...). */
  vars?: Record<string, string>;
  /** Prints wrangler's output (default: only when it fails to start). */
  verbose?: boolean;
  /** How long wrangler may take to bundle and start workerd (default 120 s: a loaded 2-core machine takes 10-40 s). */
  startTimeoutMs?: number;
}

export interface WorkerDev {
  /** `http://127.0.0.1:<port>`, the Worker's PUBLIC_URL too. */
  url: string;
  /** Runs the Cron Trigger once at `at` (wrangler's /__scheduled) and resolves when the run has ended. */
  scheduled(at?: Date): Promise<Response>;
  /** What wrangler printed so far (its log, the Worker's console lines). */
  output(): string;
  stop(): Promise<void>;
  /** wrangler's process id, which leads the process group workerd runs in: for a kill when the caller exits at once. */
  pid: number;
}

/** A free TCP port on loopback (closed again before it is handed out). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** What a child prints, kept (and echoed to stderr when `verbose`); the function reads it so far. */
export function keepOutput(child: ChildProcess, verbose = false): () => string {
  let output = '';
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (verbose) process.stderr.write(chunk);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return () => output;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone already
      }
    }, 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    try {
      // wrangler starts workerd as a child of its own: the whole group goes.
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      done();
    }
  });
}

/** Starts `wrangler dev` and resolves once the Worker answers GET /api/health with 200. */
export async function startWorkerDev(options: WorkerDevOptions): Promise<WorkerDev> {
  const port = options.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  mkdirSync(options.stateDir, { recursive: true });
  const vars: Record<string, string> = {
    PUBLIC_URL: url,
    DATABASE_URL: options.databaseUrl,
    ...(options.databaseAuthToken ? { DATABASE_AUTH_TOKEN: options.databaseAuthToken } : {}),
    WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
    DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
    ...options.vars,
  };
  // Secrets as `wrangler dev` reads them in a project (.dev.vars format), from a file of this run's own.
  const envFile = join(options.stateDir, 'worker.env');
  writeFileSync(envFile, Object.entries(vars).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join('\n') + '\n', { mode: 0o600 });
  const args = [
    join(root, 'node_modules/wrangler/bin/wrangler.js'),
    'dev',
    '--local',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--test-scheduled',
    '--persist-to',
    join(options.stateDir, 'state'),
    '--env-file',
    envFile,
    '--inspector-port',
    String(await freePort()),
    '--show-interactive-dev-session=false',
    '--log-level',
    'log',
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    // No outside connection (shared/TOOLCHAIN.md): no metrics, no fetch of Cloudflare's Request.cf object.
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const output = keepOutput(child, options.verbose);
  const exited = new Promise<never>((_, fail) =>
    child.once('exit', (code, signal) => fail(new Error(`wrangler dev exited (${code ?? signal}) before it was ready`))),
  );
  exited.catch(() => undefined);

  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  const ready = (async () => {
    for (;;) {
      if (Date.now() > deadline) throw new Error('wrangler dev did not answer /api/health in time');
      try {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
        await res.body?.cancel();
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}\n${output().slice(-4000)}`, { cause: error });
  }

  return {
    url,
    scheduled: async (at = new Date()) => {
      const res = await fetch(`${url}/__scheduled?cron=${encodeURIComponent('* * * * *')}&time=${at.getTime()}`);
      await res.text();
      return res;
    },
    output,
    stop: () => stopChild(child),
    pid: child.pid!,
  };
}
