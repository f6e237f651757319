// Benchmark (issue 34): a member's normal upload while an upload flood is under way. The real Node host runs as a
// child process on a fresh database, exactly as `npm start` runs it. Six members send the probe's image twice each,
// all twelve at once: a 114 KB PNG declaring 8192 x 4800 black pixels (39 megapixels, inside D23's limits). Meanwhile
// another member uploads a photo-like 1024 x 1024 JPEG of 192 KB (what the crop dialog sends), again and again, one
// at a time, until every flood upload is answered; its latencies over all runs give p50 and p99, beside the same
// upload on an idle server. The 39-megapixel image alone is timed too. Only localhost is contacted; the host is
// stopped at the end.
import { loadavg } from 'node:os';
import { blankPng, photoJpeg } from '../../edge/test/images.ts';
import { benchRuns, median, percentile, startApiHost } from './host.ts';
import { byStatus } from './sign-in-http.ts';
import type { Benchmark, Row } from './types.ts';

const ATTACKERS = 6;
const PER_ATTACKER = 2;
/** The member's uploads measured on the idle server. */
const IDLE_SAMPLES = 10;
/** At least this many of the member's uploads per flood, even if the flood is answered sooner. */
const MIN_SAMPLES_PER_RUN = 5;
/** An upload without an answer after this long is given up (status 0): the probe saw none for 180 s. */
const TIMEOUT_MS = 180_000;
const RUNS = benchRuns();

/** An upload's status (0: no answer) and how long it took. */
type Answer = { status: number; ms: number };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function register(origin: string, n: number): Promise<string> {
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      email: `flood-${n}-${crypto.randomUUID()}@bench.example`,
      password: `bench-${crypto.randomUUID()}`,
      firstName: 'Bench',
      lastName: `Member ${n}`,
      role: 'player',
    }),
  });
  await res.arrayBuffer();
  if (res.status !== 201) throw new Error(`registration answered ${res.status}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('wta_session='));
  if (!cookie) throw new Error('registration set no session cookie');
  return cookie.split(';')[0]!;
}

/** POST /api/profile/upload-image as the member's browser sends it; a request that fails or times out is status 0. */
async function upload(origin: string, cookie: string, bytes: Uint8Array): Promise<Answer> {
  const form = new FormData();
  form.append('image', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'picture');
  const started = performance.now();
  try {
    const res = await fetch(`${origin}/api/profile/upload-image`, {
      method: 'POST',
      headers: { origin, cookie },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 0, ms: performance.now() - started };
  }
}

async function flood(origin: string, attackers: string[], member: string, blank: Uint8Array, photo: Uint8Array) {
  let pending = attackers.length * PER_ATTACKER;
  const sent = attackers.flatMap((cookie) =>
    Array.from({ length: PER_ATTACKER }, () =>
      upload(origin, cookie, blank).finally(() => {
        pending -= 1;
      }),
    ),
  );
  const mine: Answer[] = [];
  while (pending > 0 || mine.length < MIN_SAMPLES_PER_RUN) mine.push(await upload(origin, member, photo));
  const answers = await Promise.all(sent);
  return { mine, answers, lastMs: Math.max(...answers.map((a) => a.ms)) };
}

export const uploadFlood: Benchmark = {
  name: 'upload-flood',
  description:
    `a member's 192 KB JPEG upload while ${ATTACKERS * PER_ATTACKER} blank 39 MP PNGs from ${ATTACKERS} members ` +
    `arrive at once (Node host), ${RUNS} runs`,
  async run() {
    const { origin, close } = await startApiHost();
    try {
      const blank = blankPng(8192, 4800);
      const photo = await photoJpeg();
      const attackers: string[] = [];
      for (let i = 0; i < ATTACKERS; i += 1) attackers.push(await register(origin, i));
      const member = await register(origin, ATTACKERS);
      const loadBefore = load();

      const idle: Answer[] = [];
      for (let i = 0; i < IDLE_SAMPLES; i += 1) idle.push(await upload(origin, member, photo));
      const alone = await upload(origin, attackers[0]!, blank);
      const idleMs = median(idle.map((a) => a.ms)).toFixed(0);
      console.log(`[upload-flood] idle ${idleMs} ms; 39 MP alone ${alone.ms.toFixed(0)} ms (${alone.status})`);

      const mine: Answer[] = [];
      const outcomes: string[] = [];
      for (let round = 0; round < RUNS; round += 1) {
        console.log(`[upload-flood] run ${round + 1} of ${RUNS}...`);
        const r = await flood(origin, attackers, member, blank, photo);
        mine.push(...r.mine);
        outcomes.push(`${byStatus(r.answers)}, last ${(r.lastMs / 1000).toFixed(1)} s`);
        const slowest = Math.max(...r.mine.map((a) => a.ms)).toFixed(0);
        console.log(`[upload-flood]   member ${byStatus(r.mine)}, max ${slowest} ms; flood ${outcomes.at(-1)}`);
      }
      const ms = (answers: Answer[]) => answers.map((a) => a.ms);
      const quote = (answers: Answer[]) =>
        `p50 ${percentile(ms(answers), 50).toFixed(0)} ms, p99 ${percentile(ms(answers), 99).toFixed(0)} ms`;
      const rows: Row[] = [
        {
          benchmark: this.name,
          metric: 'upload during flood',
          value: quote(mine),
          note: `${mine.length} uploads over ${RUNS} runs: ${byStatus(mine)}; load average ${loadBefore} -> ${load()}`,
        },
        {
          benchmark: this.name,
          metric: 'upload idle',
          value: quote(idle),
          note: `${idle.length} uploads: ${byStatus(idle)}`,
        },
        {
          benchmark: this.name,
          metric: '39 MP PNG alone',
          value: `${alone.ms.toFixed(0)} ms`,
          note: `status ${alone.status}, 114 KB declaring 8192 x 4800`,
        },
        { benchmark: this.name, metric: 'flood answers', value: outcomes[0]!, note: outcomes.slice(1).join('; ') },
      ];
      return rows;
    } finally {
      await close();
    }
  },
};
