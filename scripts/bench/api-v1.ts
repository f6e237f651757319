// Benchmark (issue 38): the public API (/api/v1/, ADR 074) at the speed of the app's own calls. The Node host runs
// as `npm start` runs it, with both API limits raised by their settings so that nothing is refused; a 64-entrant
// double elimination is started and half played (as in the `bracket` benchmark). Measured in pairs, the app's call
// then the public API's, each 10 connections for DURATION seconds, twice in turn (app, v1, v1, app): the bracket (200, then the 304 poll), the
// tournament list (200, then 304) and a tournament. The ratio v1/app of req/s is expected at 0.9 or more; any
// answer other than the expected status (a 429 included) fails the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { expectBracket, post, reportNext, seedTournament, signIn } from './bracket.ts';
import { freePort, hostEnv } from './host.ts';
import { start, stop, waitFor } from './processes.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
const DURATION = Math.min(60, Math.max(1, Number(process.env.BENCH_DURATION) || 6));
const WARMUP = 2;
const CONNECTIONS = 10;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

interface Measured {
  rps: number;
  p99: number;
  requests: number;
}

async function measure(url: string, headers: Record<string, string>, expect: 200 | 304): Promise<Measured> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const answered = expect === 200 ? r['2xx'] : r['3xx'];
  const total = r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
  if (r.errors || r.timeouts || answered !== total) {
    throw new Error(
      `${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${total - answered} answers other than ${expect}`,
    );
  }
  return { rps: r.requests.average, p99: r.latency.p99, requests: answered };
}

async function etagOf(url: string): Promise<string> {
  const res = await fetch(url, { headers: BROWSER });
  await res.arrayBuffer();
  const tag = res.headers.get('etag');
  if (res.status !== 200 || !tag) throw new Error(`${url}: ${res.status}, ETag ${tag}`);
  return tag;
}

export const apiV1: Benchmark = {
  name: 'api-v1',
  description:
    `the public API (/api/v1/) beside the app's own calls (Node host, limits raised): bracket, its 304 poll, the ` +
    `tournament list, its 304, a tournament; ${CONNECTIONS} connections, ${DURATION} s each`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'wta-bench-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...hostEnv(dir, port, base),
      API_RATE_LIMIT_PER_ADDRESS: '1000000',
      API_RATE_LIMIT_PER_KEY: '1000000',
    };
    const host = start('host', process.execPath, ['--import', 'tsx', resolve(root, 'edge/node.ts')], {
      cwd: root,
      env,
    });
    try {
      await waitFor(`${base}/api/auth/user`, (s) => s === 401, 180_000, host.log);
      const id = await seedTournament(env.DATABASE_URL!, Date.now());
      const cookie = await signIn(base);
      let current = expectBracket(await post<unknown>(base, `/api/tournaments/${id}/start`, cookie), 'start');
      while (current.filter((m) => m.status === 'completed').length < current.length / 2) {
        current = (await reportNext(base, id, cookie, current)).bracket;
      }

      const pairs: { what: string; app: string; v1: string; expect: 200 | 304 }[] = [
        {
          what: 'bracket',
          app: `/api/tournaments/${id}/bracket`,
          v1: `/api/v1/tournaments/${id}/bracket`,
          expect: 200,
        },
        {
          what: 'bracket 304',
          app: `/api/tournaments/${id}/bracket`,
          v1: `/api/v1/tournaments/${id}/bracket`,
          expect: 304,
        },
        { what: 'list', app: '/api/tournaments?limit=24', v1: '/api/v1/tournaments?limit=24', expect: 200 },
        { what: 'list 304', app: '/api/tournaments?limit=24', v1: '/api/v1/tournaments?limit=24', expect: 304 },
        { what: 'tournament', app: `/api/tournaments/${id}`, v1: `/api/v1/tournaments/${id}`, expect: 200 },
      ];
      const rows: Row[] = [];
      for (const pair of pairs) {
        // In turn app, v1, v1, app, and each side's mean: neither is always measured first (warmer or cooler).
        const runs = { app: [] as Measured[], v1: [] as Measured[] };
        for (const side of ['app', 'v1', 'v1', 'app'] as const) {
          const url = `${base}${pair[side]}`;
          const headers = pair.expect === 304 ? { ...BROWSER, 'if-none-match': await etagOf(url) } : BROWSER;
          console.log(`[api-v1] ${pair.what}: ${pair[side]} (${DURATION} s)...`);
          runs[side].push(await measure(url, headers, pair.expect));
        }
        const mean = (list: Measured[]): Measured => ({
          rps: (list[0]!.rps + list[1]!.rps) / 2,
          p99: Math.max(list[0]!.p99, list[1]!.p99),
          requests: list[0]!.requests + list[1]!.requests,
        });
        const [app, v1] = [mean(runs.app), mean(runs.v1)];
        rows.push(
          {
            benchmark: this.name,
            metric: `${pair.what} app req/s`,
            value: app.rps.toFixed(0),
            note: `${app.requests} x ${pair.expect}, p99 ${app.p99} ms`,
          },
          {
            benchmark: this.name,
            metric: `${pair.what} v1 req/s`,
            value: v1.rps.toFixed(0),
            note: `${v1.requests} x ${pair.expect}, p99 ${v1.p99} ms, 0 refused`,
          },
          {
            benchmark: this.name,
            metric: `${pair.what} ratio v1/app`,
            value: (v1.rps / app.rps).toFixed(2),
            note: 'req/s; 0.90 or more expected',
          },
        );
      }
      return rows;
    } finally {
      await stop(host.child);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
