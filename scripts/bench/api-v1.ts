// Benchmark (issue 38): the public API (/api/v1/, ADR 074) at the speed of the app's own calls. The Node host runs
// as `npm start` runs it, with both API limits raised by their settings so that nothing is refused; a 64-entrant
// double elimination is started and half played (as in the `bracket` benchmark). Each pair (the bracket, 200 then
// the 304 poll; the tournament list, 200 then 304; a tournament) is measured in ROUNDS rounds of two short slices,
// the app's call and the public API's, 10 connections each, in turn (app first in odd rounds, v1 first in even ones).
// The ratio v1/app is the median of the rounds' ratios: this machine's speed drifts by a fifth from one run to the
// next (other tenants, the tournament clock's tick every 15 s), and a slice beside its pair sees the same machine.
// The ratio is expected at 0.9 or more; any answer other than the expected status (a 429 included) fails the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { expectBracket, post, reportNext, seedTournament, signIn } from './bracket.ts';
import { freePort, hostEnv } from './host.ts';
import { start, stop, waitFor } from './processes.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
/** Seconds of one slice (one side of one round). */
const SLICE = Math.min(60, Math.max(1, Number(process.env.BENCH_DURATION) || 2));
const ROUNDS = Math.min(50, Math.max(2, Number(process.env.BENCH_ROUNDS) || 10));
const WARMUP = 2;
const CONNECTIONS = 10;
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

interface Measured {
  rps: number;
  p99: number;
  requests: number;
}

async function measure(url: string, headers: Record<string, string>, expect: 200 | 304): Promise<Measured> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SLICE, headers });
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
    `tournament list, its 304, a tournament; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SLICE} s a side, ` +
    `median of the rounds' ratios`,
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
        const urls = { app: `${base}${pair.app}`, v1: `${base}${pair.v1}` };
        const headers: Record<'app' | 'v1', Record<string, string>> = { app: BROWSER, v1: BROWSER };
        for (const side of ['app', 'v1'] as const) {
          if (pair.expect === 304) headers[side] = { ...BROWSER, 'if-none-match': await etagOf(urls[side]) };
          await autocannon({ url: urls[side], connections: CONNECTIONS, duration: WARMUP, headers: headers[side] });
        }
        console.log(`[api-v1] ${pair.what}: ${pair.app} and ${pair.v1}, ${ROUNDS} rounds of ${SLICE} s a side...`);
        const runs = { app: [] as Measured[], v1: [] as Measured[] };
        for (let round = 0; round < ROUNDS; round++) {
          for (const side of round % 2 === 0 ? (['app', 'v1'] as const) : (['v1', 'app'] as const)) {
            runs[side].push(await measure(urls[side], headers[side], pair.expect));
          }
        }
        const ratios = runs.v1.map((v1, i) => v1.rps / runs.app[i]!.rps).sort((a, b) => a - b);
        const median = ROUNDS % 2 ? ratios[ROUNDS >> 1]! : (ratios[ROUNDS / 2 - 1]! + ratios[ROUNDS / 2]!) / 2;
        const mean = (list: Measured[]): Measured => ({
          rps: list.reduce((sum, m) => sum + m.rps, 0) / list.length,
          p99: Math.max(...list.map((m) => m.p99)),
          requests: list.reduce((sum, m) => sum + m.requests, 0),
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
            value: median.toFixed(2),
            note:
              `median of ${ROUNDS} rounds (from ${ratios[0]!.toFixed(2)} to ${ratios.at(-1)!.toFixed(2)}; ` +
              `of the means ${(v1.rps / app.rps).toFixed(2)}); 0.90 or more expected`,
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
