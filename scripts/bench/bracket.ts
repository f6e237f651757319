// Benchmark (issue 11): the competition API on a live 64-entrant double elimination. The real Node host runs as
// `npm start` runs it (migrate, seed the demo league, serve) on a fresh database in a scratch folder; 64 players and
// their registrations are then written straight into that database file, the demo admin signs in (a real session
// cookie), starts the tournament through the API and reports results until half of the bracket's matches are
// completed: a realistic live bracket. Measured on it:
// - the bracket read as a fan's Bracket tab asks for it (no session, gzip accepted): autocannon, 10 connections,
//   then the same poll with If-None-Match of the current ETag (the 304 the tab gets every 10 s while nothing moved);
// - the score report: N results one after another through the API, each timed until the whole bracket it answers has
//   arrived, then one correction that clears later results, first refused (409) and then confirmed.
// Only 127.0.0.1 is contacted; the host is stopped and the folder removed at the end.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { openLocalDatabase } from '../../db/local.ts';
import { tournamentRegistrations, tournaments, users } from '../../db/schema/index.ts';
import type { BracketMatch, CorrectionConflict } from '../../edge/features/competition/schema.ts';
import { freePort, hostEnv, median, percentile } from './host.ts';
import { start, stop, waitFor } from './processes.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
const ADMIN_EMAIL = 'admin@wta.local';
const PASSWORD = 'wta-demo-2025';
const ENTRANTS = 64;
/** Seconds per measured read run; BENCH_DURATION overrides (bounded to 1..60). */
const DURATION = Math.min(60, Math.max(1, Number(process.env.BENCH_DURATION) || 10));
const WARMUP = 2;
const CONNECTIONS = 10;
/** Timed score reports after the half-played point; BENCH_REPORTS overrides (bounded to 5..60: 64 matches are left). */
const REPORTS = Math.min(60, Math.max(5, Number(process.env.BENCH_REPORTS) || 40));
const DAY = 24 * 60 * 60 * 1000;
/** What a browser sends: the host compresses the bracket JSON for it. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

const ms = (v: number) => `${v.toFixed(1)} ms`;

/** 64 players (distinct WTA points, so the seeding is by points) registered for an upcoming double elimination. */
export async function seedTournament(databaseUrl: string, now: number): Promise<number> {
  const { client, db } = await openLocalDatabase(databaseUrl);
  try {
    const cities = ['Atlanta', 'Houston', 'Oakland', 'Brooklyn', 'Chicago', 'Tampa'];
    const players = Array.from({ length: ENTRANTS }, (_, i) => ({
      id: randomUUID(),
      email: `bench-de-${i}@bench.invalid`,
      firstName: `Player${i + 1}`,
      lastName: `Bracket${i + 1}`,
      role: 'player' as const,
      city: cities[i % cities.length]!,
      sport: 'basketball',
      wtaPoints: 2000 - ((i * 37) % 64) * 25,
    }));
    return await db.transaction(async (tx) => {
      const [t] = await tx
        .insert(tournaments)
        .values({
          title: 'Bench Double Elimination 64',
          description: 'Sixty-four players, winners and losers brackets, grand final with a reset.',
          location: 'Atlanta, GA',
          division: 'hoop',
          // Tomorrow: the clock must not start it; the admin starts it early through the API.
          startDate: new Date(now + DAY),
          endDate: new Date(now + DAY + 10 * 60 * 60 * 1000),
          format: 'double-elimination',
          status: 'upcoming',
          buyIn: 0,
          prizePool: 1280,
          maxPlayers: ENTRANTS,
          createdAt: new Date(now - 30 * DAY),
        })
        .returning({ id: tournaments.id });
      await tx.insert(users).values(players);
      await tx.insert(tournamentRegistrations).values(
        players.map((p, i) => ({
          tournamentId: t!.id,
          userId: p.id,
          status: 'registered' as const,
          createdAt: new Date(now - 20 * DAY + i * 60_000),
        })),
      );
      return t!.id;
    });
  } finally {
    client.close();
  }
}

export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${ADMIN_EMAIL} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('wta_session='));
  if (!cookie) throw new Error('sign-in answered no wta_session cookie');
  return cookie;
}

interface Answer<T> {
  status: number;
  body: T;
  ms: number;
}

/** A POST as the signed-in admin's browser sends it; timed until the whole answer has been read. */
export async function post<T>(base: string, path: string, cookie: string, body?: unknown): Promise<Answer<T>> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...BROWSER,
      cookie,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const elapsed = performance.now() - started;
  return { status: res.status, body: JSON.parse(text) as T, ms: elapsed };
}

export function expectBracket(a: Answer<unknown>, what: string): BracketMatch[] {
  if (a.status !== 200 || !Array.isArray(a.body)) {
    throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
  }
  return a.body as BracketMatch[];
}

/** Open matches with both sides known, in match-number order: what a tournament desk reports next. */
const playable = (bracket: BracketMatch[]) =>
  bracket.filter((m) => m.status !== 'completed' && m.teamA !== null && m.teamB !== null);

/** A valid score: the better seed wins except in every fifth match; every third match goes the distance. */
function scoreFor(m: BracketMatch) {
  const need = m.bestOf === 5 ? 3 : 2;
  const lose = m.matchNumber % 3 === 0 ? need - 1 : 0;
  const favouriteIsA = m.teamA!.seed < m.teamB!.seed;
  const aWins = m.matchNumber % 5 === 0 ? !favouriteIsA : favouriteIsA;
  return aWins ? { scoreA: need, scoreB: lose } : { scoreA: lose, scoreB: need };
}

export async function reportNext(base: string, id: number, cookie: string, bracket: BracketMatch[]) {
  const m = playable(bracket)[0];
  if (!m) throw new Error('no playable match left');
  // D40: a report names the version of the match it saw (here: the last answer's).
  const a = await post<unknown>(base, `/api/tournaments/${id}/matches/${m.id}/result`, cookie, { ...scoreFor(m), version: m.version });
  return { bracket: expectBracket(a, `report of match ${m.matchNumber}`), ms: a.ms };
}

/**
 * A completed first-round winners' match whose winner has since won in round 2: flipping it sends another entrant
 * on, so the round-2 result (and the losers' bracket result of the other side) must be cleared (D20).
 */
function correctionTarget(bracket: BracketMatch[]) {
  const done = bracket.filter((m) => m.stage === 'winners' && m.status === 'completed' && m.winnerId !== null);
  for (const m of done.filter((x) => x.round === 1)) {
    const next = done.find((x) => x.round === 2 && (x.teamA?.id === m.winnerId || x.teamB?.id === m.winnerId));
    if (next) {
      const need = m.bestOf === 5 ? 3 : 2;
      const aWon = m.winnerId === m.teamA!.id;
      const scores = aWon ? { scoreA: need - 1, scoreB: need } : { scoreA: need, scoreB: need - 1 };
      return { match: m, flipped: { ...scores, version: m.version } };
    }
  }
  throw new Error('no winners-bracket round-1 result with a played round-2 match to correct');
}

async function fetchBracket(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers: { ...BROWSER, ...headers } });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), encoding: res.headers.get('content-encoding'), text };
}

async function measure(url: string, headers: Record<string, string>, expect: 200 | 304) {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const answered = expect === 200 ? r['2xx'] : r['3xx'];
  const total = r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
  if (r.errors || r.timeouts || answered !== total) {
    throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${total - answered} answers other than ${expect}`);
  }
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: answered };
}

export const bracket: Benchmark = {
  name: 'bracket',
  description:
    `${ENTRANTS}-entrant double elimination, half played (Node host): GET .../bracket and its 304 poll, ` +
    `${CONNECTIONS} connections, ${DURATION} s each; ${REPORTS} score reports and a confirmed correction, one at a time`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'wta-bench-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = hostEnv(dir, port, base);
    const host = start('host', process.execPath, ['--import', 'tsx', resolve(root, 'edge/node.ts')], { cwd: root, env });
    try {
      await waitFor(`${base}/api/auth/user`, (s) => s === 401, 180_000, host.log);
      // The host is idle and the database in WAL mode with a busy timeout: a second writer simply takes its turn.
      const id = await seedTournament(env.DATABASE_URL!, Date.now());
      const cookie = await signIn(base);

      const started = await post<unknown>(base, `/api/tournaments/${id}/start`, cookie);
      let current = expectBracket(started, 'start');
      const total = current.length;
      const half = Math.floor(total / 2);
      const prep: number[] = [];
      while (current.filter((m) => m.status === 'completed').length < half) {
        const r = await reportNext(base, id, cookie, current);
        current = r.bracket;
        prep.push(r.ms);
      }
      const stages = new Map<string, number>();
      for (const m of current) stages.set(m.stage, (stages.get(m.stage) ?? 0) + 1);
      const shape = `${total} matches (${[...stages].map(([s, n]) => `${n} ${s}`).join(', ')}), ${half} completed`;
      console.log(`[bracket] started in ${ms(started.ms)}; ${prep.length} results reported: ${shape}`);

      // The read, as a fan's Bracket tab asks for it.
      const url = `${base}/api/tournaments/${id}/bracket`;
      const first = await fetchBracket(url);
      if (first.status !== 200 || !first.etag) throw new Error(`${url}: ${first.status}, ETag ${first.etag}`);
      if (first.text !== JSON.stringify(current)) throw new Error(`${url}: differs from the last report's answer`);
      const poll = await fetchBracket(url, { 'if-none-match': first.etag });
      if (poll.status !== 304) throw new Error(`${url} with If-None-Match ${first.etag}: ${poll.status}, not 304`);
      const raw = Buffer.byteLength(first.text);
      const gzip = gzipSync(first.text).length;
      const sent = first.encoding ? `sent ${first.encoding}` : 'sent uncompressed';
      const size = `${(raw / 1024).toFixed(0)} KiB JSON, ${(gzip / 1024).toFixed(1)} KiB gzip (${sent})`;

      console.log(`[bracket] GET bracket: measuring (${DURATION} s)...`);
      const read = await measure(url, BROWSER, 200);
      console.log(`[bracket] GET bracket with If-None-Match: measuring (${DURATION} s)...`);
      const notModified = await measure(url, { ...BROWSER, 'if-none-match': first.etag }, 304);

      console.log(`[bracket] ${REPORTS} score reports...`);
      const reports: number[] = [];
      const reportsStarted = performance.now();
      for (let i = 0; i < REPORTS; i += 1) {
        const r = await reportNext(base, id, cookie, current);
        current = r.bracket;
        reports.push(r.ms);
      }
      const reportsWall = performance.now() - reportsStarted;

      // D20: a correction that clears later results is refused without the confirmation, then confirmed.
      const { match, flipped } = correctionTarget(current);
      const resultPath = `/api/tournaments/${id}/matches/${match.id}/result`;
      const refused = await post<CorrectionConflict>(base, resultPath, cookie, flipped);
      if (refused.status !== 409 || !refused.body.dependents?.length) {
        throw new Error(`correction without confirm: ${refused.status} ${JSON.stringify(refused.body).slice(0, 300)}`);
      }
      const cleared = refused.body.dependents.map((d) => d.id);
      const confirmed = await post<unknown>(base, resultPath, cookie, { ...flipped, confirm: cleared });
      const corrected = expectBracket(confirmed, 'confirmed correction');
      const stillDone = corrected.filter((m) => cleared.includes(m.id) && m.status === 'completed');
      if (stillDone.length > 0) throw new Error(`the correction left ${stillDone.length} confirmed match(es) completed`);
      const completedAfter = corrected.filter((m) => m.status === 'completed').length;

      const name = this.name;
      const rows: Row[] = [
        { benchmark: name, metric: 'bracket', value: `${total} matches`, note: `${shape}; ${size}` },
        {
          benchmark: name,
          metric: 'read req/s',
          value: read.rps.toFixed(0),
          note: `${read.requests} requests, gzip accepted, no session`,
        },
        { benchmark: name, metric: 'read p50', value: `${read.p50} ms` },
        { benchmark: name, metric: 'read p99', value: `${read.p99} ms` },
        {
          benchmark: name,
          metric: '304 poll req/s',
          value: notModified.rps.toFixed(0),
          note: `${notModified.requests} requests, If-None-Match ${first.etag}`,
        },
        { benchmark: name, metric: '304 poll p99', value: `${notModified.p99} ms` },
        {
          benchmark: name,
          metric: 'start',
          value: ms(started.ms),
          note: `POST .../start: ${ENTRANTS} entrants seeded, bracket drawn, whole bracket answered`,
        },
        {
          benchmark: name,
          metric: 'report p50',
          value: ms(median(reports)),
          note: `results ${prep.length + 1}-${prep.length + REPORTS}, one at a time, each answering the whole bracket`,
        },
        {
          benchmark: name,
          metric: 'report p99',
          value: ms(percentile(reports, 99)),
          note: `nearest rank of ${REPORTS}: the slowest`,
        },
        {
          benchmark: name,
          metric: 'reports/s',
          value: (REPORTS / (reportsWall / 1000)).toFixed(1),
          note: `${REPORTS} in ${(reportsWall / 1000).toFixed(2)} s, sequential`,
        },
        {
          benchmark: name,
          metric: 'report p50 (1st half)',
          value: ms(median(prep)),
          note: `results 1-${prep.length}; max ${ms(Math.max(...prep))}`,
        },
        {
          benchmark: name,
          metric: 'correction 409',
          value: ms(refused.ms),
          note: `Match ${match.matchNumber} flipped without confirm: ${cleared.length} dependent(s) named, nothing changed`,
        },
        {
          benchmark: name,
          metric: 'correction confirmed',
          value: ms(confirmed.ms),
          note: `cleared ${cleared.length} result(s) and re-advanced; ${completedAfter} of ${total} completed after`,
        },
      ];
      return rows;
    } finally {
      await stop(host.child);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
