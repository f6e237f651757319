// Issue 34: a member signing in from their own trusted device (a browser holding the account's device cookie, D35)
// while others attack. Each round registers a fresh account (which leaves its device cookie), then times that
// device's sign-ins, one after another:
// - idle: nothing else happening;
// - attack: 110 wrong passwords for that account from 11 other addresses (10 each, inside the address limit), 4 in
//   flight at a time, as the outside probe sent them;
// - flood: 35 registrations from one address, 4 in flight at a time.
// The device keeps signing in until the attack or flood has been answered, after a random pause of up to 5 s
// before each sign-in: a member signs in at any moment, not in step with the attack's hashes (straight after an
// answer, a queued attempt has just taken the freed slot, so every sign-in would meet a hash at its start; ADR 051).
// Every round uses new addresses and e-mails, so one round's counters never touch the next's.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './host.ts';
import { byStatus, pool, postOrTimeout, type Answer } from './sign-in-http.ts';
import type { Row } from './types.ts';

const IDLE_SIGN_INS = 15;
const ATTACK_ADDRESSES = 11;
const ATTACK_ATTEMPTS = 110;
const FLOOD_REGISTRATIONS = 35;
const IN_FLIGHT = 4;
const MAX_PAUSE_MS = 5000;

export type Phase = 'idle' | 'attack' | 'flood';

export interface PhaseResult {
  phase: Phase;
  /** The trusted device's sign-ins. */
  device: Answer[];
  /** What the attack or flood was answered ('' when idle). */
  others: string;
  /** One-minute load average at the phase's start and end. */
  load: [number, number];
}

/** A member's own browser: it keeps the device cookie each answer sets, as a browser would. */
interface Device {
  email: string;
  keep(answer: Answer): Answer;
  signIn(): Promise<Answer>;
}

function ownBrowser(port: number, origin: string, email: string, password: string): Device {
  let cookie = '';
  const keep = (answer: Answer) => {
    const line = answer.setCookies.find((c) => c.startsWith('wta_device_'));
    if (line) cookie = line.split(';')[0]!;
    return answer;
  };
  return {
    email,
    keep,
    signIn: async () => keep(await postOrTimeout(port, '/api/login', { email, password }, origin, { cookie })),
  };
}

async function newDevice(port: number, origin: string, round: number) {
  const email = `owner-${round}@bench.example`;
  const password = `bench-owner-${crypto.randomUUID()}`;
  const owner = ownBrowser(port, origin, email, password);
  const body = { email, password, firstName: 'Bench', lastName: 'Owner', role: 'player' };
  const created = owner.keep(await postOrTimeout(port, '/api/register', body, origin, { localAddress: `127.3.${round}.1` }));
  if (created.status !== 201) throw new Error(`registering the trusted device's account answered ${created.status}`);
  return owner;
}

const pause = () => sleep(Math.random() * MAX_PAUSE_MS);

/** The device signs in again and again, each time after a pause, until `work` has been answered. */
async function signInsDuring(owner: Device, work: Promise<Answer[]>) {
  let over = false;
  const others = work.finally(() => (over = true));
  const answers: Answer[] = [];
  for (await pause(); !over; await pause()) answers.push(await owner.signIn());
  return { device: answers, others: byStatus(await others) };
}

async function phase(name: Phase, run: () => Promise<{ device: Answer[]; others: string }>): Promise<PhaseResult> {
  const before = loadavg()[0]!;
  const result = await run();
  return { phase: name, ...result, load: [before, loadavg()[0]!] };
}

/** One round: idle, the 11-address attack, the registration flood, each with the same trusted device. */
export async function trustedDeviceRound(port: number, origin: string, round: number): Promise<PhaseResult[]> {
  const owner = await newDevice(port, origin, round);
  const idle = await phase('idle', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < IDLE_SIGN_INS; i += 1) {
      await pause();
      answers.push(await owner.signIn());
    }
    return { device: answers, others: '' };
  });
  const attack = await phase('attack', () =>
    signInsDuring(
      owner,
      pool(ATTACK_ATTEMPTS, IN_FLIGHT, (i) =>
        postOrTimeout(port, '/api/login', { email: owner.email, password: `wrong-${i}` }, origin, {
          localAddress: `127.1.${round}.${(i % ATTACK_ADDRESSES) + 1}`,
        }),
      ),
    ),
  );
  const flood = await phase('flood', () =>
    signInsDuring(
      owner,
      pool(FLOOD_REGISTRATIONS, IN_FLIGHT, (i) =>
        postOrTimeout(
          port,
          '/api/register',
          {
            email: `flood-${round}-${i}@bench.example`,
            password: `bench-flood-${crypto.randomUUID()}`,
            firstName: 'Bench',
            lastName: `Flood ${i}`,
            role: 'player',
          },
          origin,
          { localAddress: `127.2.${round}.1` },
        ),
      ),
    ),
  );
  return [idle, attack, flood];
}

export function describeRound(results: PhaseResult[]): string {
  return results
    .map((r) => {
      const ms = r.device.map((a) => a.ms);
      const others = r.others ? `; others ${r.others}` : '';
      return `${r.phase}: p50 ${percentile(ms, 50).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms, device ${byStatus(r.device)}${others}; load ${r.load.map((l) => l.toFixed(1)).join('-')}`;
    })
    .join('\n  ');
}

const LABELS: Record<Phase, string> = {
  idle: 'trusted sign-in idle',
  attack: 'trusted sign-in, 11-address attack',
  flood: 'trusted sign-in, registration flood',
};

/** The table's rows: each phase's sign-ins pooled over the rounds, p50 and p99 against idle's. */
export function trustedDeviceRows(benchmark: string, rounds: PhaseResult[][]): Row[] {
  const pooled = (name: Phase) => rounds.flatMap((r) => r.filter((p) => p.phase === name));
  const idleMs = pooled('idle').flatMap((p) => p.device.map((a) => a.ms));
  const idle = { p50: percentile(idleMs, 50), p99: percentile(idleMs, 99) };
  const rows = (['idle', 'attack', 'flood'] as const).map((name): Row => {
    const phases = pooled(name);
    const answers = phases.flatMap((p) => p.device);
    const ms = answers.map((a) => a.ms);
    const p50 = percentile(ms, 50);
    const p99 = percentile(ms, 99);
    const unavailable = answers.filter((a) => a.status === 503).length;
    const ratio =
      name === 'idle'
        ? ''
        : `, ${(p50 / idle.p50).toFixed(2)}x / ${(p99 / idle.p99).toFixed(2)}x idle` +
          (p50 <= 2 * idle.p50 && p99 <= 2 * idle.p99 && unavailable === 0 ? ' (within 2x, no 503)' : ' (NOT within 2x or 503s)');
    const others = phases.map((p) => p.others).filter(Boolean);
    return {
      benchmark,
      metric: LABELS[name],
      value: `p50 ${p50.toFixed(0)} / p99 ${p99.toFixed(0)} ms`,
      note: `${answers.length} sign-ins (${byStatus(answers)})${ratio}${others.length ? `; others per run: ${others.join(' | ')}` : ''}`,
    };
  });
  const loads = rounds.flatMap((r) => r.flatMap((p) => p.load));
  rows.push({
    benchmark,
    metric: 'load average (1 min)',
    value: `${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`,
    note: `over ${rounds.length} runs, at each phase's start and end`,
  });
  return rows;
}
