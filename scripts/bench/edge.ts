// Benchmark (issue 35, ADR 059): the hot calls on the two hosts side by side, each against its own Hrana test server
// (ADR 057) that waits LATENCY_MS before each round trip, as Turso is tens of milliseconds from a Worker:
// - the Worker: edge/worker.ts in a local workerd under `wrangler dev` (scripts/hosts/worker-dev.ts; needs
//   `npm run build`), R2 emulated; measured through wrangler's proxy ('Worker') and at the Worker's own workerd
//   socket ('workerd', edge-workerd.ts says why);
// - the Node host: edge/node.ts as `npm start` runs it, with DATABASE_URL=http://... (how it would use Turso).
// Each host, each Hrana server and the load are processes of their own. The league (edge-seed.ts) is written once,
// its tournaments started through the Node host, and the Worker's server gets a copy of that database (VACUUM INTO),
// so both hosts answer the same rows. Per call (edge-calls.ts) and host: CONNECTIONS kept-alive connections for
// DURATION_S, RUNS runs at LATENCY_MS with the hosts' order alternating, after WARMUP_MS of warm-up; then one run
// with no injected latency. Round trips per call are the server's pipelines over the answers. Only 127.0.0.1 is
// contacted; every process is stopped and the folder removed at the end.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { startWorkerDev } from '../hosts/worker-dev.ts';
import { CALLS, pollTags, SIGN_IN_CONNECTIONS, type Desks, type Host, type HotCall } from './edge-calls.ts';
import { runLoad, type Load } from './edge-load.ts';
import { seedEdgeLeague, startTournaments, type EdgeLeague } from './edge-seed.ts';
import { startHranaChild, startNodeChild } from './edge-servers.ts';
import { workerdBehind } from './edge-workerd.ts';
import { benchRuns, median, percentile } from './host.ts';
import { stopWithAll } from './processes.ts';
import { byStatus } from './sign-in-http.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
const CONNECTIONS = 8;
/** Seconds per call, host and run; BENCH_DURATION overrides (bounded to 1..30). */
const DURATION_S = Math.min(30, Math.max(1, Number(process.env.BENCH_DURATION) || 2));
const WARMUP_MS = 500;
const LATENCY_MS = 20;
const RUNS = benchRuns();
/** Tournaments whose matches are reported: 62 reports each (the final, which would settle it, is never reported). */
const REPORTED_TOURNAMENTS = 24;

const ms = (v: number | undefined) => (v === undefined ? 'n/a' : `${v.toFixed(0)} ms`);
/** Sign-in's few per second keep a decimal. */
const rate = (v: number) => v.toFixed(v < 10 ? 1 : 0);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface Measured extends Load {
  trips: number;
}

async function measure(
  host: Host,
  call: HotCall,
  league: EdgeLeague,
  durationMs = call.durationFactor * DURATION_S * 1000,
) {
  const before = await host.hrana.stats();
  const result = await runLoad(host.target, call.steps(host, league), durationMs);
  const after = await host.hrana.stats();
  return { ...result, trips: after.pipelines - before.pipelines } satisfies Measured;
}

/** One cell of the table: a call on a host over its runs (req/s and round trips: the median run's; latencies: all). */
function summary(runs: Measured[], expect: number) {
  const answers = runs.flatMap((r) => r.answers);
  const times = answers.map((a) => a.ms);
  const unexpected = answers.filter((a) => a.status !== expect).length;
  return {
    rps: median(runs.map((r) => r.answers.length / (r.elapsedMs / 1000))),
    p50: times.length ? percentile(times, 50) : undefined,
    p99: times.length ? percentile(times, 99) : undefined,
    // The median run's: the Node host's minute timer (its clock and push queue) may fall within one run.
    trips: median(runs.map((r) => r.trips / Math.max(1, r.answers.length))),
    requests: answers.length,
    note:
      byStatus(answers) +
      (unexpected ? ` (${unexpected} not ${expect})` : '') +
      (runs.some((r) => r.exhausted) ? ', ran out of matches' : ''),
  };
}

/** Per call, per host name, its measured runs. */
type Figures = Map<string, Map<string, Measured[]>>;

async function measureRuns(hosts: Host[], league: EdgeLeague, runs: number, label: string): Promise<Figures> {
  const figures: Figures = new Map(CALLS.map((call) => [call.name, new Map(hosts.map((h) => [h.name, []]))]));
  for (let run = 0; run < runs; run += 1) {
    console.log(`[edge] ${label}: run ${run + 1} of ${runs} (load ${load()})`);
    for (const call of CALLS) {
      // The hosts take turns going first, so a drift of the machine's load does not favour one.
      for (const host of run % 2 ? [...hosts].reverse() : hosts) {
        const m = await measure(host, call, league);
        figures.get(call.name)!.get(host.name)!.push(m);
        const s = summary([m], call.expect);
        console.log(
          `[edge]   ${call.name.padEnd(42)} ${host.name.padEnd(7)} ${rate(s.rps).padStart(4)} req/s, ` +
            `p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, ${s.trips.toFixed(2)} round trips, ${s.note}`,
        );
      }
    }
  }
  return figures;
}

/**
 * The rows of the final table; prints a Markdown table for ADR 059. Its req/s carry their unit, since
 * edge/round-trips.test.ts reads a row of that ADR whose third column is a bare number as the call's round trips.
 */
function report(figures: Figures, latency: number, runs: number, conditions: string): Row[] {
  const rows: Row[] = [];
  const names = [...figures.values().next().value!.keys()];
  const markdown = [
    `| call, ${latency} ms a round trip | round trips | ${names.map((n) => `${n} req/s | ${n} p99`).join(' | ')} |`,
    `| --- | --- | ${names.map(() => '--- | ---').join(' | ')} |`,
  ];
  for (const call of CALLS) {
    const cells = names.map((name) => ({ name, ...summary(figures.get(call.name)!.get(name)!, call.expect) }));
    const trips = cells[0]!.trips.toFixed(1);
    const differ = cells.filter((c) => c.trips.toFixed(1) !== trips).map((c) => `${c.name} ${c.trips.toFixed(1)}`);
    const figuresOf = cells.map((c) => `${rate(c.rps)}/s | ${ms(c.p99)}`).join(' | ');
    markdown.push(`| ${call.name} | ${trips}${differ.length ? ` (${differ.join(', ')})` : ''} | ${figuresOf} |`);
    for (const c of cells) {
      rows.push({
        benchmark: `edge@${latency}ms`,
        metric: `${call.name} [${c.name}]`,
        value: `${rate(c.rps)} req/s`,
        note:
          `p50 ${ms(c.p50)}, p99 ${ms(c.p99)}, ${c.trips.toFixed(2)} round trips; ` +
          `${c.requests} requests, ${runs} run(s): ${c.note}`,
      });
    }
  }
  console.log(`\n[edge] ${latency} ms per round trip, ${runs} run(s); ${conditions}\n${markdown.join('\n')}\n`);
  return rows;
}

function versions(): string {
  const version = (pkg: string) =>
    (JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const cpu = cpus();
  const tools = `workerd ${version('workerd')} (wrangler ${version('wrangler')})`;
  return `Node ${process.version}, ${tools}, ${cpu.length} x ${cpu[0]?.model.trim()}`;
}

export const edge: Benchmark = {
  name: 'edge',
  description:
    `the hot calls of ADR 059 on the Worker (workerd under wrangler dev, and at its own socket) and the Node host ` +
    `side by side, each against its own Hrana test server with ${LATENCY_MS} ms per round trip: req/s, p50/p99, ` +
    `round trips; ${CONNECTIONS} connections (sign-in ${SIGN_IN_CONNECTIONS}), ${DURATION_S} s per call (sign-in ` +
    `${2 * DURATION_S} s), ${RUNS} runs, then one with 0 ms`,
  async run() {
    if (!existsSync(join(root, 'dist/index.html')) || !existsSync(join(root, 'dist-server'))) {
      throw new Error('the Worker serves dist/ and bundles dist-server/: run `npm run build` first');
    }
    const dir = mkdtempSync(join(tmpdir(), 'wta-edge-'));
    const closers: (() => Promise<void>)[] = [];
    const closeAll = async () => {
      for (const close of closers.splice(0).reverse()) await close();
    };
    const forget = stopWithAll(closeAll);
    const since = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;
    try {
      let t0 = performance.now();
      console.log('[edge] writing the league, starting the Node host...');
      const league = await seedEdgeLeague(join(dir, 'node.db'), CONNECTIONS, REPORTED_TOURNAMENTS);
      const nodeDb = await startHranaChild('hrana-node', join(dir, 'node.db'));
      closers.push(nodeDb.close);
      const node = await startNodeChild(dir, nodeDb.url);
      closers.push(node.close);
      console.log(`[edge]   in ${since(t0)}; starting ${REPORTED_TOURNAMENTS + 1} tournaments through it...`);
      t0 = performance.now();
      const brackets = await startTournaments(node.origin, league.admins[0]!, [league.watched, ...league.reported]);
      // The Worker's database: a copy of the Node host's, taken by its own server.
      const copier = createClient({ url: nodeDb.url });
      await copier.execute({ sql: 'VACUUM INTO ?', args: [join(dir, 'worker.db')] });
      copier.close();
      const workerDb = await startHranaChild('hrana-worker', join(dir, 'worker.db'));
      closers.push(workerDb.close);
      console.log(`[edge]   in ${since(t0)}; starting the Worker (wrangler dev) on a copy of the database...`);
      t0 = performance.now();
      const worker = await startWorkerDev({ databaseUrl: workerDb.url, stateDir: join(dir, 'worker') });
      closers.push(worker.stop);
      const direct = await workerdBehind(Number(new URL(worker.url).port));
      console.log(
        `[edge]   in ${since(t0)}; the Worker's own workerd: ${direct ?? 'not found, measured through wrangler only'}`,
      );

      const desks = (): Desks => ({
        queue: league.reported.map((id) => ({ id, bracket: structuredClone(brackets.get(id)!) })),
        current: [],
      });
      // Both Worker entries reach one database: they report on the same tournaments.
      const workerDesks = desks();
      const addressHeader = (i: number) => ({ 'cf-connecting-ip': `10.35.0.${i + 1}` });
      const hosts: Host[] = [
        {
          name: 'Worker',
          target: { url: worker.url, origin: worker.url },
          hrana: workerDb,
          ...(await pollTags(worker.url, league)),
          desks: workerDesks,
          addressHeader,
        },
      ];
      if (direct) {
        hosts.push({
          name: 'workerd',
          // As wrangler's proxy forwards a request: the URL the Worker sees is the public one.
          target: {
            url: direct,
            origin: worker.url,
            headers: (path) => ({ 'mf-original-url': `${worker.url}${path}` }),
          },
          hrana: workerDb,
          ...(await pollTags(direct, league)),
          desks: workerDesks,
          addressHeader,
        });
      }
      hosts.push({
        name: 'Node',
        target: { url: node.origin, origin: node.origin, localAddress: (i) => `127.0.35.${i + 1}` },
        hrana: nodeDb,
        ...(await pollTags(node.origin, league)),
        desks: desks(),
      });

      for (const db of [nodeDb, workerDb]) await db.setLatency(LATENCY_MS);
      console.log(`[edge] warm-up, ${WARMUP_MS} ms per call and host`);
      for (const call of CALLS) for (const host of hosts) await measure(host, call, league, WARMUP_MS);
      let before = load();
      const slow = await measureRuns(hosts, league, RUNS, `${LATENCY_MS} ms per round trip`);
      const slowConditions = `load average ${before} -> ${load()}; ${versions()}`;

      // With no latency the proxy of wrangler dev is all that is left to see: the Worker is measured at its socket.
      for (const db of [nodeDb, workerDb]) await db.setLatency(0);
      before = load();
      const fast = await measureRuns(
        direct ? hosts.filter((h) => h.name !== 'Worker') : hosts,
        league,
        1,
        'no injected latency',
      );
      const fastConditions = `load average ${before} -> ${load()}; ${versions()}`;

      return [
        ...report(slow, LATENCY_MS, RUNS, slowConditions),
        ...report(fast, 0, 1, fastConditions),
        {
          benchmark: 'edge',
          metric: 'conditions',
          value: `${CONNECTIONS} connections`,
          note: `${LATENCY_MS} ms: ${slowConditions}; 0 ms: ${fastConditions}`,
        },
      ];
    } finally {
      await closeAll();
      forget();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
