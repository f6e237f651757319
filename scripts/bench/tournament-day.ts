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
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client, InArgs } from '@libsql/client';
import { openLocalDatabase } from '../../db/local.ts';
import { sessions, tournamentRegistrations, tournaments, users } from '../../db/schema/index.ts';
import type { CheckInAnswer } from '../../edge/features/check-in/schema.ts';
import type { BracketMatch } from '../../edge/features/competition/schema.ts';
import type { ScoreReportAnswer } from '../../edge/features/score-reports/schema.ts';
import { benchRuns, freePort, hostEnv, percentile } from './host.ts';
import { start, stop, waitFor } from './processes.ts';
import { byStatus } from './sign-in-http.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
const ADMIN_EMAIL = 'admin@wta.local';
const PASSWORD = 'wta-demo-2025';
/** edge/lib/sessions.ts's cookie; that module cannot be imported here (its imports need more than type stripping). */
const SESSION_COOKIE = 'wta_session';
const ENTRANTS = 64;
const MATCHES = ENTRANTS / 2;
/** The first check-in's spread in seconds; BENCH_CHECK_IN_SPREAD_S overrides (0..60; 0: all at once). */
const CHECK_IN_SPREAD_S = Math.min(60, Math.max(0, Number(process.env.BENCH_CHECK_IN_SPREAD_S ?? 60) || 0));
const RUNS = benchRuns();
/** A call without an answer after this long is given up (status 0). */
const TIMEOUT_MS = 120_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

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

interface Player {
  id: string;
  cookie: string;
}

/** One run's seeded rows: the players, and each tournament with the registration of each player. */
interface Seeded {
  players: Player[];
  spread: { id: number; registrations: Map<string, number> };
  burst: { id: number; registrations: Map<string, number> };
}

/** A measured call: its status (0: no answer), its time until the whole answer was read, and the answer. */
interface Call {
  status: number;
  ms: number;
  text: string;
}

/** Lost and doubled writes, and other wrong answers, over all runs. */
interface Tally {
  lost: number;
  doubled: number;
  wrong: number;
  problems: string[];
}

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

/** The parsed answer of a 200, or null. */
function answerOf<T>(call: Call): T | null {
  if (call.status !== 200) return null;
  try {
    return JSON.parse(call.text) as T;
  } catch {
    return null;
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

/** Runs `fn` on a connection of this process to the host's database file, closed after. */
async function withDatabase<T>(
  url: string,
  fn: (client: Client, db: Awaited<ReturnType<typeof openLocalDatabase>>['db']) => Promise<T>,
) {
  const { client, db } = await openLocalDatabase(url);
  try {
    return await fn(client, db);
  } finally {
    client.close();
  }
}

async function select(client: Client, sql: string, args: InArgs) {
  return (await client.execute({ sql, args })).rows;
}

/** 64 players with a session each, and two upcoming single eliminations with check-in, starting in an hour. */
async function seed(url: string, run: number, now: number): Promise<Seeded> {
  return withDatabase(url, (_client, db) =>
    db.transaction(async (tx) => {
      const tokens = Array.from({ length: ENTRANTS }, () => randomBytes(20).toString('hex'));
      const players = tokens.map((token) => ({ id: randomUUID(), cookie: `${SESSION_COOKIE}=${token}` }));
      await tx.insert(users).values(
        players.map((p, i) => ({
          id: p.id,
          email: `day-${run}-${i}-${p.id.slice(0, 8)}@bench.invalid`,
          firstName: `Player${i + 1}`,
          lastName: `Day${run + 1}`,
          role: 'player' as const,
          sport: 'basketball',
          // Distinct points: the start seeds by them, so the draw does not depend on the check-in order.
          wtaPoints: 5000 - i * 25,
        })),
      );
      await tx.insert(sessions).values(
        players.map((p, i) => ({
          id: createHash('sha256').update(tokens[i]!, 'utf8').digest('hex'),
          userId: p.id,
          expiresAt: new Date(now + 30 * DAY),
          createdAt: new Date(now),
          lastUsedAt: new Date(now),
        })),
      );
      const tournament = async (which: string) => {
        const [t] = await tx
          .insert(tournaments)
          .values({
            title: `Bench Tournament Day ${run + 1} (${which})`,
            location: 'Atlanta, GA',
            division: 'hoop',
            // In an hour: check-in is open (2 h to 30 min before), the clock neither closes it nor starts it.
            startDate: new Date(now + 60 * MINUTE),
            endDate: new Date(now + 8 * 60 * MINUTE),
            format: 'single-elimination',
            status: 'upcoming',
            buyIn: 0,
            prizePool: 640,
            maxPlayers: ENTRANTS,
            checkIn: true,
            createdAt: new Date(now - 14 * DAY),
          })
          .returning({ id: tournaments.id });
        const registered = await tx
          .insert(tournamentRegistrations)
          .values(
            players.map((p, i) => ({
              tournamentId: t!.id,
              userId: p.id,
              status: 'registered' as const,
              createdAt: new Date(now - 7 * DAY + i * MINUTE),
            })),
          )
          .returning({ id: tournamentRegistrations.id, userId: tournamentRegistrations.userId });
        return { id: t!.id, registrations: new Map(registered.map((r) => [r.userId, r.id])) };
      };
      return { players, spread: await tournament('spread'), burst: await tournament('at once') };
    }),
  );
}

function expectCount(tally: Tally, what: string, found: number, expected: number) {
  if (found < expected) {
    tally.lost += expected - found;
    tally.problems.push(`${what}: ${found}, expected ${expected} (${expected - found} LOST)`);
  } else if (found > expected) {
    tally.doubled += found - expected;
    tally.problems.push(`${what}: ${found}, expected ${expected} (${found - expected} DOUBLED)`);
  }
}

function wrong(tally: Tally, what: string) {
  tally.wrong += 1;
  if (tally.problems.length < 60) tally.problems.push(what);
}

/** The check-ins' answers: each 200 names the player's registration; returns the time each answer gave. */
function checkAnswers(
  tally: Tally,
  label: string,
  answers: Call[],
  players: Player[],
  registrations: Map<string, number>,
) {
  const times = new Map<number, string>();
  answers.forEach((call, i) => {
    const body = answerOf<CheckInAnswer>(call);
    const registrationId = registrations.get(players[i]!.id)!;
    if (!body) return wrong(tally, `${label}: ${call.status} ${call.text.slice(0, 200)}`);
    if (body.registrationId !== registrationId) {
      return wrong(tally, `${label}: answered registration ${body.registrationId}, not ${registrationId}`);
    }
    times.set(registrationId, body.checkedInAt);
  });
  return times;
}

/**
 * The database after a tournament's check-ins: each registration checked in once, by its player, at the time its
 * answer gave, and exactly one check-in history row per registration.
 */
async function verifyCheckIns(
  url: string,
  tally: Tally,
  label: string,
  t: Seeded['spread'],
  players: Player[],
  answered: Map<number, string>,
) {
  await withDatabase(url, async (client) => {
    const registered = await select(
      client,
      `select id, user_id, status, checked_in_at, checked_in_by from tournament_registrations where tournament_id = ?`,
      [t.id],
    );
    const checkedIn = registered.filter((r) => r.checked_in_at !== null && r.status === 'registered');
    expectCount(tally, `${label}: registrations checked in`, checkedIn.length, ENTRANTS);
    for (const r of checkedIn) {
      const at = answered.get(Number(r.id));
      if (r.checked_in_by !== r.user_id)
        wrong(tally, `${label}: registration ${r.id} checked in by ${r.checked_in_by}`);
      if (at !== undefined && new Date(Number(r.checked_in_at)).toISOString() !== at) {
        wrong(tally, `${label}: registration ${r.id} checked in at ${r.checked_in_at}, its answer said ${at}`);
      }
    }
    const history = await select(
      client,
      `select json_extract("after", '$.registrationId') as registration, count(*) as n from match_history
       where tournament_id = ? and action = 'check-in' group by 1`,
      [t.id],
    );
    const historyRows = history.reduce((sum, r) => sum + Number(r.n), 0);
    expectCount(tally, `${label}: check-in history rows`, historyRows, ENTRANTS);
    const known = new Set(players.map((p) => t.registrations.get(p.id)));
    expectCount(
      tally,
      `${label}: registrations with a check-in history row`,
      history.filter((r) => known.has(Number(r.registration))).length,
      ENTRANTS,
    );
  });
}

/** The score each match is reported with: side A wins the even-numbered, every third goes the distance. */
function scoreFor(m: BracketMatch) {
  const need = m.bestOf === 5 ? 3 : 2;
  const lose = m.matchNumber % 3 === 0 ? need - 1 : 0;
  return m.matchNumber % 2 === 0 ? { scoreA: need, scoreB: lose } : { scoreA: lose, scoreB: need };
}

function checkReports(tally: Tally, label: string, answers: Call[], matches: BracketMatch[], state: string) {
  answers.forEach((call, i) => {
    const body = answerOf<ScoreReportAnswer>(call);
    const m = matches[i % matches.length]!;
    if (!body) return wrong(tally, `${label}, match ${m.matchNumber}: ${call.status} ${call.text.slice(0, 200)}`);
    if (body.report.matchId !== m.id || body.report.state !== state) {
      wrong(tally, `${label}, match ${m.matchNumber}: answered ${body.report.state} of match ${body.report.matchId}`);
    }
  });
}

/**
 * The database after the reports: one round per match (all `state`), one score-report history row per match, and
 * once confirmed, one score-confirm and one report row each, the score applied and each winner once in round 2.
 */
async function verifyReports(
  url: string,
  tally: Tally,
  label: string,
  id: number,
  matches: BracketMatch[],
  confirmed: boolean,
) {
  await withDatabase(url, async (client) => {
    const numbers = new Set(matches.map((m) => m.matchNumber));
    const rounds = await select(client, `select match_id, state from score_reports where tournament_id = ?`, [id]);
    expectCount(tally, `${label}: report rounds`, rounds.length, MATCHES);
    const state = confirmed ? 'confirmed' : 'pending';
    expectCount(tally, `${label}: ${state} rounds`, rounds.filter((r) => r.state === state).length, MATCHES);
    expectCount(tally, `${label}: matches with a round`, new Set(rounds.map((r) => Number(r.match_id))).size, MATCHES);
    for (const action of ['score-report', 'score-confirm', 'report']) {
      const history = await select(
        client,
        `select match_number, count(*) as n from match_history where tournament_id = ? and action = ? group by 1`,
        [id, action],
      );
      const expected = action === 'score-report' || confirmed ? MATCHES : 0;
      expectCount(
        tally,
        `${label}: ${action} history rows`,
        history.reduce((s, r) => s + Number(r.n), 0),
        expected,
      );
      // A missing row is counted here, an extra one by the total above.
      const present = history.filter((r) => numbers.has(Number(r.match_number))).length;
      if (expected > 0) expectCount(tally, `${label}: matches with a ${action} row`, present, expected);
    }
    const played = await select(
      client,
      `select id, status, score_a, score_b, winner_id, entrant_a_id, entrant_b_id from matches where tournament_id = ?`,
      [id],
    );
    const byId = new Map(played.map((r) => [Number(r.id), r]));
    const winners: number[] = [];
    for (const m of matches) {
      const row = byId.get(m.id);
      const score = scoreFor(m);
      if (!confirmed) {
        if (row?.status !== 'live') wrong(tally, `${label}: match ${m.matchNumber} is ${row?.status}, not live`);
        continue;
      }
      if (row?.status !== 'completed' || Number(row.score_a) !== score.scoreA || Number(row.score_b) !== score.scoreB) {
        wrong(tally, `${label}: match ${m.matchNumber} is ${row?.status} ${row?.score_a}-${row?.score_b}`);
      }
      winners.push(score.scoreA > score.scoreB ? m.teamA!.id : m.teamB!.id);
      if (row && Number(row.winner_id) !== winners.at(-1))
        wrong(tally, `${label}: match ${m.matchNumber} winner ${row.winner_id}`);
    }
    if (confirmed) {
      // Each winner advanced into round 2 exactly once (no result applied over another one): a missing one is
      // counted here, an extra entrant below.
      const firstRound = new Set(matches.map((m) => m.id));
      const slots = played
        .filter((r) => !firstRound.has(Number(r.id)))
        .flatMap((r) => [r.entrant_a_id, r.entrant_b_id].filter((e) => e !== null).map(Number));
      const placed = winners.filter((w) => slots.includes(w)).length;
      expectCount(tally, `${label}: winners placed in round 2`, placed, MATCHES);
      expectCount(tally, `${label}: entrants placed after round 1`, slots.length, MATCHES);
    }
  });
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
