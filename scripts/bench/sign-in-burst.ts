// Benchmark: how long a normal sign-in takes while 40 registrations (each a 64 MiB scrypt hash) arrive at once
// (issue 10, D35). The real Node host runs as a child process on a fresh database, exactly as `npm start` runs it;
// its rate limits read the socket's address, so the registrations come from several real addresses: Linux routes
// all of 127.0.0.0/8 to the loopback, and each registration's socket is bound to one of 8 such addresses
// (`localAddress`), 5 registrations each, well under the 30 per address per hour of D35. Every run uses new
// addresses and e-mails. The sign-in (a demo account, from 127.0.0.1) starts once the first 5 registrations have
// been answered, so the burst is under way and most of it still waiting. Then, on the same host, a trusted device's
// sign-ins idle and under attack (trusted-device.ts, issue 34). Only localhost is contacted; the host is stopped at
// the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, hostEnv, median } from './host.ts';
import { start, stop, waitFor } from './processes.ts';
import { byStatus, post, postOrTimeout, TIMEOUT_MS, type Answer } from './sign-in-http.ts';
import { describeRound, trustedDeviceRound, trustedDeviceRows, type PhaseResult } from './trusted-device.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
const EMAIL = 'verified@wta.local';
const PASSWORD = 'wta-demo-2025';
const REGISTRATIONS = 40;
const ADDRESSES = 8;
const SIGN_IN_AFTER = 5;
/** Measured runs; BENCH_RUNS overrides (bounded to 1..9). */
const RUNS = Math.min(9, Math.max(1, Number(process.env.BENCH_RUNS) || 3));

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
    return postOrTimeout(port, '/api/register', body, origin, { localAddress: address }).finally(() => {
      answered += 1;
      if (answered >= SIGN_IN_AFTER) release();
    });
  });
  await enough;
  const signIn = await post(port, '/api/login', { email: EMAIL, password: PASSWORD }, origin).catch(
    (error: unknown): Answer => (console.error(error), { status: 0, ms: TIMEOUT_MS, setCookies: [] }),
  );
  const answers = await Promise.all(burst);
  if (signIn.status !== 200) throw new Error(`sign-in during the burst answered ${signIn.status}`);
  return { signInMs: signIn.ms, statuses: byStatus(answers), burstMs: Math.max(...answers.map((a) => a.ms)) };
}

export const signInBurst: Benchmark = {
  name: 'sign-in-burst',
  description:
    `POST /api/login during ${REGISTRATIONS} concurrent registrations from ${ADDRESSES} addresses (median of ${RUNS}); ` +
    `a trusted device's sign-ins idle, under 110 wrong passwords from 11 addresses and under 35 registrations from one (Node host, ${RUNS} runs)`,
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
        outcomes.push(`${r.statuses}, burst ${(r.burstMs / 1000).toFixed(1)} s`);
        console.log(`[sign-in-burst]   sign-in ${r.signInMs.toFixed(0)} ms; registrations ${outcomes.at(-1)}`);
      }
      const rounds: PhaseResult[][] = [];
      for (let round = 0; round < RUNS; round += 1) {
        console.log(`[sign-in-burst] trusted device, run ${round + 1} of ${RUNS}...`);
        rounds.push(await trustedDeviceRound(port, origin, round));
        console.log(`[sign-in-burst]   ${describeRound(rounds.at(-1)!)}`);
      }
      const rows: Row[] = [
        ...trustedDeviceRows(this.name, rounds),
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
