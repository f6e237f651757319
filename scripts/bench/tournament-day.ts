// Benchmark (issue 37): a tournament day's writes on the real Node host. The host runs as `npm start` runs it
// (migrate, seed the demo league, serve) as a child process on a fresh database in a scratch folder; each run then
// writes 64 new players with a session each (the cookie's token, its SHA-256 stored as sign-in stores it) and two
// upcoming single eliminations with check-in on, starting in an hour, each with the 64 registered, straight into that
// database file. Every measured call goes over HTTP to the host, as the player's phone sends it:
// 1. check-in, spread: the 64 check in to the first tournament at random moments within CHECK_IN_SPREAD_S (60 s);
// 2. check-in, at once: the 64 check in to the second tournament at the same moment;
// 3. check-in repeat: all 128 check-ins sent again at the same moment (a double tap, the outbox sending again);
// 4. the demo admin starts the second tournament early (64 checked in: 64 entrants, 32 first-round matches) and calls
//    the 32 matches live, one at a time (not measured); then side A's player of each reports its score, all 32 at
//    the same moment;
// 5. side B's player of each reports the same score (which confirms and applies it), all 32 at the same moment;
// 6. both sides' reports sent again at the same moment (64, an outbox's retry after a lost answer).
// After each step the database is read (a connection of this process, in WAL mode beside the host's): exactly one
// check-in per registration at the time its answer gave and one check-in history row each; exactly one report round
// per match, one score-report, one score-confirm and one report history row each, the reported score applied and
// each winner placed once in round 2. A missing row is a lost write, an extra one a doubled write; any of them, or any
// answer but 200, fails the benchmark (after its figures are printed). The writes of an at-once step wait their turn
// for the host's one database connection (ADR 013), so there p50 to p99 measure the whole burst more than one call.
// Only 127.0.0.1 is contacted; the host is stopped and the folder removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BracketMatch } from '../../edge/features/competition/schema.ts';
import { benchRuns, freePort, hostEnv, percentile } from './host.ts';
import { start, stop, waitFor } from './processes.ts';
import { byStatus } from './sign-in-http.ts';
import {
  ENTRANTS,
  MATCHES,
  SESSION_COOKIE,
  answerOf,
  checkAnswers,
  checkReports,
  expectCount,
  scoreFor,
  seed,
  verifyCheckIns,
  verifyReports,
  wrong,
  type Call,
  type Player,
  type Seeded,
  type Tally,
} from './tournament-day-ledger.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
const ADMIN_EMAIL = 'admin@wta.local';
const PASSWORD = 'wta-demo-2025';
/** The first check-in's spread in seconds; BENCH_CHECK_IN_SPREAD_S overrides (0..60; 0: all at once). */
const CHECK_IN_SPREAD_S = Math.min(60, Math.max(0, Number(process.env.BENCH_CHECK_IN_SPREAD_S ?? 60) || 0));
const RUNS = benchRuns();
/** A call without an answer after this long is given up (status 0). */
const TIMEOUT_MS = 120_000;

const PHASES = {
  spread:
    CHECK_IN_SPREAD_S > 0 ? `check-in, ${ENTRANTS} within ${CHECK_IN_SPREAD_S} s` : `check-in, ${ENTRANTS} at once`,
  burst: `check-in, ${ENTRANTS} at once`,
  repeat: `check-in repeat, ${2 * ENTRANTS} at once`,
  report: `score report, ${MATCHES} at once`,
  confirm: `confirming report, ${MATCHES} at once`,
  retry: `report retry, ${2 * MATCHES} at once`,
} as const;
type Phase = keyof typeof PHASES;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** A POST as the app sends it (origin, session cookie, JSON body when there is one); never throws. */
async function post(origin: string, path: string, cookie: string, body?: unknown): Promise<Call> {
  const started = performance.now();
  try {
    const res = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { origin, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    return { status: res.status, ms: performance.now() - started, text };
  } catch (error) {
    return { status: 0, ms: performance.now() - started, text: (error as Error).message };
  }
}

async function signIn(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${ADMIN_EMAIL} failed: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`sign-in answered no ${SESSION_COOKIE} cookie`);
  return cookie;
}

/** Fires every call at the same moment (one synchronous loop); resolves with the answers in order. */
const atOnce = (n: number, call: (i: number) => Promise<Call>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(i)));

function describe(calls: Call[]) {
  const times = calls.map((c) => c.ms);
  return {
    value: `p99 ${ms(percentile(times, 99))}`,
    line:
      `p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, p99 ${ms(percentile(times, 99))}, ` +
      `max ${ms(Math.max(...times))}; ${byStatus(calls)}`,
  };
}

export const tournamentDay: Benchmark = {
  name: 'tournament-day',
  description:
    `${ENTRANTS} entrants check in (${CHECK_IN_SPREAD_S > 0 ? `within ${CHECK_IN_SPREAD_S} s` : 'at once'}, then all at once, then all again), ` +
    `${MATCHES} live matches' players report at once and the other sides confirm at once (Node host, ${RUNS} runs): ` +
    'p50/p95/p99/max per call; fails on a lost or doubled write or an answer but 200',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'wta-bench-'));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = hostEnv(dir, port, origin);
    const url = env.DATABASE_URL!;
    const host = start('host', process.execPath, ['--import', 'tsx', resolve(root, 'edge/node.ts')], {
      cwd: root,
      env,
    });
    const calls = new Map<Phase, Call[]>((Object.keys(PHASES) as Phase[]).map((p) => [p, []]));
    const perRun = new Map<Phase, number[]>((Object.keys(PHASES) as Phase[]).map((p) => [p, []]));
    const tally: Tally = { lost: 0, doubled: 0, wrong: 0, problems: [] };
    const record = (phase: Phase, run: number, answers: Call[]) => {
      calls.get(phase)!.push(...answers);
      perRun.get(phase)!.push(
        percentile(
          answers.map((a) => a.ms),
          99,
        ),
      );
      const wall = Math.max(...answers.map((a) => a.ms));
      console.log(
        `[tournament-day] run ${run + 1} ${PHASES[phase]}: ${describe(answers).line} (last answer ${ms(wall)})`,
      );
    };
    try {
      // A host that exits at its start (a broken import) fails the run at once rather than after waitFor's 180 s.
      const exited = new Promise<never>((_, fail) =>
        host.child.once('exit', (code) =>
          fail(new Error(`the host exited (${code})\n${host.log.slice(-30).join('\n')}`)),
        ),
      );
      exited.catch(() => undefined);
      await Promise.race([waitFor(`${origin}/api/auth/user`, (s) => s === 401, 180_000, host.log), exited]);
      const admin = await signIn(origin);
      const loadBefore = load();
      const loads: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        loads.push(loadavg()[0]!);
        console.log(`[tournament-day] run ${run + 1} of ${RUNS} (load average ${load()})...`);
        const s = await seed(url, run, Date.now());
        const { players } = s;
        const label = (phase: Phase) => `run ${run + 1} ${PHASES[phase]}`;
        const checkIn = (t: Seeded['spread'], p: Player) => post(origin, `/api/tournaments/${t.id}/check-in`, p.cookie);

        // 1. The first tournament's check-ins at random moments within the spread.
        const offsets = players.map(() => Math.random() * CHECK_IN_SPREAD_S * 1000);
        const spread = await Promise.all(players.map(async (p, i) => (await sleep(offsets[i]!), checkIn(s.spread, p))));
        record('spread', run, spread);
        const spreadTimes = checkAnswers(tally, label('spread'), spread, players, s.spread.registrations);
        await verifyCheckIns(url, tally, label('spread'), s.spread, players, spreadTimes);

        // 2. The second tournament's check-ins, all at the same moment.
        const burst = await atOnce(ENTRANTS, (i) => checkIn(s.burst, players[i]!));
        record('burst', run, burst);
        const burstTimes = checkAnswers(tally, label('burst'), burst, players, s.burst.registrations);
        await verifyCheckIns(url, tally, label('burst'), s.burst, players, burstTimes);

        // 3. Every check-in again, at once: each answers the first one's time and writes nothing.
        const repeat = await atOnce(2 * ENTRANTS, (i) =>
          checkIn(i < ENTRANTS ? s.spread : s.burst, players[i % ENTRANTS]!),
        );
        record('repeat', run, repeat);
        const spreadAgain = checkAnswers(
          tally,
          label('repeat'),
          repeat.slice(0, ENTRANTS),
          players,
          s.spread.registrations,
        );
        const burstAgain = checkAnswers(tally, label('repeat'), repeat.slice(ENTRANTS), players, s.burst.registrations);
        for (const [first, again] of [
          [spreadTimes, spreadAgain],
          [burstTimes, burstAgain],
        ] as const) {
          for (const [registration, at] of again) {
            if (first.get(registration) !== at) {
              wrong(
                tally,
                `${label('repeat')}: registration ${registration} answered ${at}, first ${first.get(registration)}`,
              );
            }
          }
        }
        await verifyCheckIns(url, tally, `${label('repeat')} (spread)`, s.spread, players, spreadTimes);
        await verifyCheckIns(url, tally, `${label('repeat')} (at once)`, s.burst, players, burstTimes);

        // 4. The admin starts the second tournament early and calls its 32 first-round matches live (not measured).
        const started = await post(origin, `/api/tournaments/${s.burst.id}/start`, admin);
        const bracket = answerOf<BracketMatch[]>(started);
        if (!bracket) throw new Error(`start: ${started.status} ${started.text.slice(0, 300)}`);
        const firstRound = bracket.filter((m) => m.round === 1 && m.teamA !== null && m.teamB !== null);
        const entrants = new Set(firstRound.flatMap((m) => [m.teamA!.id, m.teamB!.id]));
        expectCount(tally, `run ${run + 1} start: entrants in round 1`, entrants.size, ENTRANTS);
        if (firstRound.length !== MATCHES) throw new Error(`start drew ${firstRound.length} first-round matches`);
        const calledAt = performance.now();
        const live: BracketMatch[] = [];
        for (const m of firstRound) {
          const path = `/api/tournaments/${s.burst.id}/matches/${m.id}`;
          const res = await fetch(`${origin}${path}`, {
            method: 'PATCH',
            headers: { origin, cookie: admin, 'content-type': 'application/json' },
            body: JSON.stringify({ status: 'live' }),
          });
          const text = await res.text();
          if (res.status !== 200)
            throw new Error(`calling match ${m.matchNumber} live: ${res.status} ${text.slice(0, 300)}`);
          live.push(JSON.parse(text) as BracketMatch);
        }
        console.log(
          `[tournament-day] run ${run + 1}: started in ${ms(started.ms)}, ${MATCHES} matches called live one at a time ` +
            `in ${ms(performance.now() - calledAt)}`,
        );
        const cookieOf = new Map(players.map((p) => [p.id, p.cookie]));
        const report = (m: BracketMatch, side: 'A' | 'B') =>
          post(
            origin,
            `/api/tournaments/${s.burst.id}/matches/${m.id}/score-reports`,
            cookieOf.get((side === 'A' ? m.teamA : m.teamB)!.userId!)!,
            { ...scoreFor(m), version: m.version },
          );

        // 5. Side A of every match reports at the same moment: 32 rounds open, nothing applied.
        const reported = await atOnce(MATCHES, (i) => report(live[i]!, 'A'));
        record('report', run, reported);
        checkReports(tally, label('report'), reported, live, 'pending');
        await verifyReports(url, tally, label('report'), s.burst.id, live, false);

        // 6. Side B of every match reports the same score at the same moment: each confirms and applies its round.
        const confirmed = await atOnce(MATCHES, (i) => report(live[i]!, 'B'));
        record('confirm', run, confirmed);
        checkReports(tally, label('confirm'), confirmed, live, 'confirmed');
        await verifyReports(url, tally, label('confirm'), s.burst.id, live, true);

        // 7. Both sides' reports again at once (an outbox's retry): each answers the confirmed round, nothing more.
        const retried = await atOnce(2 * MATCHES, (i) => report(live[i % MATCHES]!, i < MATCHES ? 'A' : 'B'));
        record('retry', run, retried);
        checkReports(tally, label('retry'), retried, live, 'confirmed');
        await verifyReports(url, tally, label('retry'), s.burst.id, live, true);
      }
      loads.push(loadavg()[0]!);
      const conditions = `load average ${loadBefore} -> ${load()}; ${cpus().length} CPUs; node ${process.version}`;

      const rows: Row[] = (Object.keys(PHASES) as Phase[]).map((phase) => {
        const answers = calls.get(phase)!;
        const d = describe(answers);
        const runs = perRun
          .get(phase)!
          .map((v) => v.toFixed(1))
          .join(', ');
        return {
          benchmark: this.name,
          metric: PHASES[phase],
          value: d.value,
          note: `${answers.length} calls over ${RUNS} runs: ${d.line}; p99 per run ${runs} ms`,
        };
      });
      const non200 = [...calls.values()].flat().filter((c) => c.status !== 200).length;
      const verdict = tally.lost + tally.doubled + tally.wrong + non200 === 0;
      rows.push(
        {
          benchmark: this.name,
          metric: 'writes',
          value: verdict ? 'none lost or doubled' : `${tally.lost} lost, ${tally.doubled} doubled`,
          note:
            `${non200} answers but 200, ${tally.wrong} wrong answers or rows; per run: ${2 * ENTRANTS} check-ins ` +
            `(one row and one history row each), ${MATCHES} rounds (score-report, score-confirm and report rows), ` +
            `${MATCHES} results applied, winners placed once`,
        },
        {
          benchmark: this.name,
          metric: 'conditions',
          value: `${RUNS} runs`,
          note: `${conditions}; 1-min load at each run's start and at the end ${loads.map((l) => l.toFixed(2)).join(', ')}`,
        },
      );
      for (const r of rows) console.log(`[tournament-day] ${r.metric}: ${r.value} (${r.note})`);
      if (!verdict) {
        throw new Error(
          `${tally.lost} lost, ${tally.doubled} doubled, ${tally.wrong} wrong, ${non200} answers but 200:\n` +
            tally.problems.join('\n'),
        );
      }
      return rows;
    } finally {
      await stop(host.child);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
