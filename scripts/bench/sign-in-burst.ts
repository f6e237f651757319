// Benchmark: how long a normal sign-in takes while 40 registrations (each a 64 MiB scrypt hash) arrive at once
// (issue 10, D35). The real Node host runs as a child process on a fresh database, exactly as `npm start` runs it;
// its rate limits read the socket's address, so the registrations come from several real addresses: Linux routes
// all of 127.0.0.0/8 to the loopback, and each registration's socket is bound to one of 8 such addresses
// (`localAddress`), 5 registrations each, well under the 30 per address per hour of D35. Every run uses new
// addresses and e-mails. The sign-in (a demo account, from 127.0.0.1) starts once the first 5 registrations have
// been answered, so the burst is under way and most of it still waiting. Only localhost is contacted; the host is
// stopped at the end.
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, hostEnv, median } from './host.ts';
import { start, stop, waitFor } from './processes.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
const EMAIL = 'verified@wta.local';
const PASSWORD = 'wta-demo-2025';
const REGISTRATIONS = 40;
const ADDRESSES = 8;
const SIGN_IN_AFTER = 5;
/** A request without an answer after this long is given up. */
const TIMEOUT_MS = 120_000;
/** Measured runs; BENCH_RUNS overrides (bounded to 1..9). */
const RUNS = Math.min(9, Math.max(1, Number(process.env.BENCH_RUNS) || 3));

interface Answer {
  status: number;
  ms: number;
}

/** A JSON POST over a fresh socket bound to `localAddress`, so the host sees that address. */
function post(port: number, path: string, body: unknown, origin: string, localAddress = '127.0.0.1') {
  return new Promise<Answer>((done, fail) => {
    const payload = JSON.stringify(body);
    const started = performance.now();
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin },
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error(`${path} took over ${TIMEOUT_MS / 1000} s`)));
    req.on('error', fail);
    req.end(payload);
  });
}

async function run(port: number, origin: string, round: number) {
  let answered = 0;
  let release: () => void = () => {};
  const enough = new Promise<void>((r) => (release = r));
  const burst = Array.from({ length: REGISTRATIONS }, (_, i) => {
    const address = `127.0.${round + 2}.${(i % ADDRESSES) + 1}`;
    const body = {
      email: `burst-${round}-${i}@bench.example`,
      password: `bench-${round}-${i}-${crypto.randomUUID()}`,
      firstName: 'Bench',
      lastName: `Runner ${i}`,
      role: 'player',
    };
    // A registration that got no answer in time counts as status 0; it must not end the run.
    return post(port, '/api/register', body, origin, address)
      .catch((): Answer => ({ status: 0, ms: TIMEOUT_MS }))
      .finally(() => {
        answered += 1;
        if (answered >= SIGN_IN_AFTER) release();
      });
  });
  await enough;
  const signIn = await post(port, '/api/login', { email: EMAIL, password: PASSWORD }, origin).catch(
    (error: unknown): Answer => (console.error(error), { status: 0, ms: TIMEOUT_MS }),
  );
  const answers = await Promise.all(burst);
  if (signIn.status !== 200) throw new Error(`sign-in during the burst answered ${signIn.status}`);
  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  return { signInMs: signIn.ms, byStatus, burstMs: Math.max(...answers.map((a) => a.ms)) };
}

export const signInBurst: Benchmark = {
  name: 'sign-in-burst',
  description: `POST /api/login during ${REGISTRATIONS} concurrent registrations from ${ADDRESSES} addresses (Node host), median of ${RUNS}`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'wta-bench-'));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const host = start('host', process.execPath, ['--import', 'tsx', resolve(root, 'edge/node.ts')], {
      cwd: root,
      env: hostEnv(dir, port, origin),
    });
    try {
      await waitFor(`${origin}/api/auth/user`, (s) => s === 401, 180_000, host.log);
      const idle: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const a = await post(port, '/api/login', { email: EMAIL, password: PASSWORD }, origin);
        if (a.status !== 200) throw new Error(`idle sign-in answered ${a.status}`);
        idle.push(a.ms);
      }
      const loaded: number[] = [];
      const outcomes: string[] = [];
      for (let round = 0; round < RUNS; round += 1) {
        console.log(`[sign-in-burst] run ${round + 1} of ${RUNS}...`);
        const r = await run(port, origin, round);
        loaded.push(r.signInMs);
        const counts = [...r.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${n}x${s}`).join(' ');
        outcomes.push(`${counts}, burst ${(r.burstMs / 1000).toFixed(1)} s`);
        console.log(`[sign-in-burst]   sign-in ${r.signInMs.toFixed(0)} ms; registrations ${outcomes.at(-1)}`);
      }
      const rows: Row[] = [
        {
          benchmark: this.name,
          metric: 'sign-in during burst',
          value: `${median(loaded).toFixed(0)} ms`,
          note: `median of ${RUNS}: ${loaded.map((ms) => ms.toFixed(0)).join(', ')} ms`,
        },
        {
          benchmark: this.name,
          metric: 'sign-in idle',
          value: `${median(idle).toFixed(0)} ms`,
          note: `median of ${RUNS}`,
        },
        { benchmark: this.name, metric: 'registrations', value: outcomes[0]!, note: outcomes.slice(1).join('; ') },
      ];
      return rows;
    } finally {
      await stop(host.child);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
