// Benchmark: the league's record and discovery (issue 16) at two sizes, 10,000 and 100,000 members (with a tenth as
// many tournaments, each with a 16-entrant bracket, and ten times as many messages: scripts/scale/build.ts), so the
// figures show how each read grows with the league. For each size the host runs as `npm start` runs it (a child
// process on 127.0.0.1) on that database, and each read is requested one at a time over a kept-alive connection:
// p50 and p95 of SAMPLES requests after WARMUP. Target (issue 16): p95 <= 50 ms for every read on this machine.
// `RECORD_BENCH_DIR=<folder>` keeps the built databases there and reuses them on the next run.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NEXT_CURSOR_HEADER } from '../../edge/lib/paging.ts';
import { buildScaleDatabase, RARE } from '../scale/build.ts';
import { freePort, hostEnv } from './host.ts';
import { start, stop, waitFor } from './processes.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
const SIZES = [10_000, 100_000];
const SAMPLES = 100;
const WARMUP = 10;
const TARGET_MS = 50;

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function get(url: string): Promise<Response> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res;
}

/** The path of the `page`-th page (1 = first) of a cursor-paged list, walking X-Next-Cursor. */
async function pagePath(host: string, path: string, page: number): Promise<string> {
  let current = path;
  for (let i = 1; i < page; i += 1) {
    const res = await get(`${host}${current}`);
    await res.arrayBuffer();
    const cursor = res.headers.get(NEXT_CURSOR_HEADER);
    if (!cursor) throw new Error(`${path}: no page ${i + 1}`);
    current = `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`;
  }
  return current;
}

async function sample(url: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i += 1) {
    const t0 = performance.now();
    const res = await get(url);
    await res.arrayBuffer();
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** The reads measured: [label, path, page]. */
const READS: [string, string, number][] = [
  ['leaderboard points, page 1', '/api/leaderboards/players', 1],
  ['leaderboard points, page 40', '/api/leaderboards/players', 40],
  ['leaderboard sport=basketball', '/api/leaderboards/players?sport=basketball', 1],
  ['leaderboard division=1v1', '/api/leaderboards/players?division=1v1', 1],
  ['leaderboard division=1v1, page 40', '/api/leaderboards/players?division=1v1', 40],
  ['leaderboard Team + kickball', '/api/leaderboards/players?division=Team&sport=kickball', 1],
  ['leaderboard wins, page 40', '/api/leaderboards/players?sort=wins', 40],
  ['leaderboard search "jor"', '/api/leaderboards/players?search=jor', 1],
  ['team rankings, page 1', '/api/leaderboards/teams', 1],
  ['team rankings, page 4', '/api/leaderboards/teams', 4],
  ['search "atlanta" (common), all', '/api/search?q=atlanta&filter=all', 1],
  ['search "atlanta", players', '/api/search?q=atlanta&filter=players', 1],
  ['search "basketball" (common)', '/api/search?q=basketball&filter=all', 1],
  [`search "${RARE.lastName.toLowerCase()}" (rare)`, `/api/search?q=${RARE.lastName.toLowerCase()}&filter=all`, 1],
  ['search "jor" (prefix)', '/api/search?q=jor&filter=all', 1],
  ['search "verified"', '/api/search?q=verified&filter=players', 1],
  ['archive, page 1', '/api/tournaments/archive', 1],
  ['archive, page 40', '/api/tournaments/archive', 40],
  ['archive division=hoop', '/api/tournaments/archive?division=hoop', 1],
  ['archive last year', `/api/tournaments/archive?startDate=${yearAgo(2)}&endDate=${yearAgo(1)}`, 1],
  ['archive search "atlanta"', '/api/tournaments/archive?search=atlanta', 1],
];

function yearAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

export const recordBenchmark: Benchmark = {
  name: 'record',
  description:
    `leaderboards, search and the archive (issue 16) at ${SIZES.map((s) => s.toLocaleString('en-US')).join(' and ')} ` +
    `members: p50/p95 of ${SAMPLES} sequential requests each (target p95 <= ${TARGET_MS} ms)`,
  async run() {
    const keep = process.env.RECORD_BENCH_DIR;
    const dir = keep ?? mkdtempSync(join(tmpdir(), 'wta-record-'));
    if (keep) mkdirSync(keep, { recursive: true });
    const rows: Row[] = [];
    try {
      for (const members of SIZES) {
        const label = `${members / 1000}k`;
        const dbPath = join(dir, `scale-${members}.db`);
        console.log(`[record] ${label}: building or reusing ${dbPath}`);
        const { client } = await buildScaleDatabase(dbPath, { members }, { reuse: Boolean(keep) });
        client.close();

        const port = await freePort();
        const host = `http://127.0.0.1:${port}`;
        const env = { ...hostEnv(dir, port, host), DATABASE_URL: `file:${dbPath}` };
        const proc = start(`host-${label}`, process.execPath, ['--import', 'tsx', resolve(root, 'edge/node.ts')], {
          cwd: root,
          env,
        });
        try {
          await waitFor(`${host}/api/tournaments/next`, (s) => s === 200, 300_000, proc.log);
          for (const [what, path, page] of READS) {
            const times = await sample(`${host}${await pagePath(host, path, page)}`);
            const p95 = percentile(times, 0.95);
            const line = `p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`;
            console.log(`[record] ${label} ${what.padEnd(36)} ${line}${p95 > TARGET_MS ? '  OVER' : ''}`);
            rows.push({
              benchmark: `record@${label}`,
              metric: what,
              value: `${p95.toFixed(1)} ms`,
              note: `p95 (p50 ${percentile(times, 0.5).toFixed(1)} ms)${p95 > TARGET_MS ? `, OVER ${TARGET_MS} ms` : ''}`,
            });
          }
        } finally {
          await stop(proc.child);
        }
      }
    } finally {
      if (!keep) rmSync(dir, { recursive: true, force: true });
    }
    return rows;
  },
};
