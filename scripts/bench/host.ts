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
  const host = start('host', process.execPath, ['--import', 'tsx', resolve(root, 'scripts/e2e-host.ts')], {
    cwd: root,
    env: { ...hostEnv(dir, port, url), E2E_DIST_DIR: distCopy },
  });
  const close = async () => {
    await stop(host.child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}/api/tournaments/next`, (s) => s === 200, 180_000, host.log);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, dir, close };
}

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
