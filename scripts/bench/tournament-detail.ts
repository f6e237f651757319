// Benchmark: GET /api/tournaments/{id} (the demo league's live tournament, as a signed-out fan reads it), the Node
// host (Hono, all middleware, the clock before reads) against a bare node:http server running the service's same
// SQL on the same database file. Both run as child processes on 127.0.0.1, measured one after the other with
// autocannon at each connection count of CONNECTIONS, after a short warm-up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { comparisonRows, fetchText, measure } from './api-compare.ts';
import { freePort, hostEnv } from './host.ts';
import { start, stop, waitFor } from './processes.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
/** Seconds per measured run; BENCH_DURATION overrides (bounded to 1..60). */
const DURATION = Math.min(60, Math.max(1, Number(process.env.BENCH_DURATION) || 10));
/** Seconds of load before each measured run: a cold host needs it to JIT the app (the bare server much less). */
const WARMUP = 5;
/** 10 as the other API benchmarks; 50 as the outside probe of issue 12. */
const CONNECTIONS = [10, 50] as const;

export const tournamentDetail: Benchmark = {
  name: 'tournament-detail',
  description:
    `GET /api/tournaments/{id} (the live demo tournament): Node host (Hono) vs bare node:http with the same SQL, ` +
    `${CONNECTIONS.join(' and ')} connections, ${DURATION} s`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'wta-bench-'));
    let hostProc: ReturnType<typeof start> | null = null;
    let bareProc: ReturnType<typeof start> | null = null;
    try {
      const hostPort = await freePort();
      const host = `http://127.0.0.1:${hostPort}`;
      const env = hostEnv(dir, hostPort, host);
      // The embedded run as `npm start` runs it: migrate, seed and play the demo league, serve.
      hostProc = start('host', process.execPath, ['--import', 'tsx', resolve(root, 'edge/node.ts')], { cwd: root, env });
      await waitFor(`${host}/api/tournaments/next`, (s) => s === 200, 180_000, hostProc.log);
      const list = JSON.parse(await fetchText(`${host}/api/tournaments?status=live`)) as { id: number }[];
      const id = list[0]?.id;
      if (!id) throw new Error('the demo league has no live tournament');
      const path = `/api/tournaments/${id}`;

      const barePort = await freePort();
      const bare = `http://127.0.0.1:${barePort}`;
      bareProc = start('bare', process.execPath, [resolve(root, 'scripts/bench/bare-tournament-detail.ts'), env.DATABASE_URL!, String(barePort)]);
      await waitFor(`${bare}${path}`, (s) => s === 200, 30_000, bareProc.log);
      const fromHost = await fetchText(`${host}${path}`);
      const fromBare = await fetchText(`${bare}${path}`);
      if (fromHost !== fromBare) throw new Error(`${path}: the host and the bare server answer differently`);
      const size = `${(Buffer.byteLength(fromHost) / 1024).toFixed(1)} KiB`;

      const rows: Row[] = [];
      for (const connections of CONNECTIONS) {
        console.log(`[tournament-detail] ${connections} connections: measuring the Node host (${DURATION} s)...`);
        const hono = await measure(`${host}${path}`, { connections, warmup: WARMUP, duration: DURATION });
        // Only one server at a time under load: the other is idle (not stopped) meanwhile.
        console.log(`[tournament-detail] ${connections} connections: measuring the bare server (${DURATION} s)...`);
        const base = await measure(`${bare}${path}`, { connections, warmup: WARMUP, duration: DURATION });
        rows.push(...comparisonRows(`${this.name} (${connections} conn)`, hono, base, `; ${size}`));
      }
      return rows;
    } finally {
      if (bareProc) await stop(bareProc.child);
      if (hostProc) await stop(hostProc.child);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
