// The built app served the way `npm start` serves it (migrate, seed the demo league, API + build) on a free port,
// a fresh database and a private copy of the build, for benchmarks that drive a browser.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { start, stop, waitFor } from './processes.ts';

const root = resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

export interface BenchHost {
  url: string;
  /** A scratch folder removed by close(). */
  dir: string;
  close(): Promise<void>;
}

/** The environment of a benchmarked Node host: production mode, its own database and uploads in `dir`. */
export function hostEnv(dir: string, port: number, publicUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: `file:${join(dir, 'league.db')}`,
    UPLOADS_DIR: join(dir, 'uploads'),
    PUBLIC_URL: publicUrl,
    LEAGUE_EMAIL_DOMAIN: 'wta.local',
  };
}

export async function startHost(
  dist: string,
  label: string,
  /** Fills the database before the host starts (the host seeds the demo league only into an empty one). */
  prepare?: (databaseUrl: string) => Promise<unknown>,
): Promise<BenchHost> {
  const dir = mkdtempSync(join(tmpdir(), `wta-${label}-`));
  if (prepare) await prepare(`file:${join(dir, 'league.db')}`);
  // A private copy: another build replacing the folder mid-run must not change what is measured.
  const distCopy = join(dir, 'dist');
  cpSync(dist, distCopy, { recursive: true });
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const close = await launch(dir, 'scripts/e2e-host.ts', { ...hostEnv(dir, port, url), E2E_DIST_DIR: distCopy }, {
    url: `${url}/api/tournaments/next`,
    status: 200,
  });
  return { url, dir, close };
}

/** The phone the browser benches emulate (a Moto G Power's viewport, as Lighthouse's mobile preset). */
export const PHONE = {
  locale: 'en-US',
  timezoneId: 'UTC',
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile: with 40 samples p99 is the slowest one. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** How many measured runs a benchmark makes: BENCH_RUNS, bounded to 1..9, or `fallback`. */
export function benchRuns(fallback = 3): number {
  return Math.min(9, Math.max(1, Number(process.env.BENCH_RUNS) || fallback));
}

export interface ApiHost {
  origin: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The Node host (edge/node.ts) as `npm start` runs it, without a build: a fresh database seeded with the demo league
 * and a fresh uploads folder in a scratch folder, on a free port of 127.0.0.1. Resolves once the API answers.
 */
export async function startApiHost(): Promise<ApiHost> {
  const dir = mkdtempSync(join(tmpdir(), 'wta-bench-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const close = await launch(dir, 'edge/node.ts', hostEnv(dir, port, origin), {
    url: `${origin}/api/auth/user`,
    status: 401,
  });
  return { origin, port, close };
}

/**
 * Starts `script` (through tsx) as the host of the scratch folder `dir` and waits until `ready.url` answers
 * `ready.status`; the returned close stops it and removes the folder (as does a start that fails).
 */
async function launch(
  dir: string,
  script: string,
  env: NodeJS.ProcessEnv,
  ready: { url: string; status: number },
): Promise<() => Promise<void>> {
  const host = start('host', process.execPath, ['--import', 'tsx', resolve(root, script)], { cwd: root, env });
  const close = async () => {
    await stop(host.child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(ready.url, (s) => s === ready.status, 180_000, host.log);
  } catch (error) {
    await close();
    throw error;
  }
  return close;
}
