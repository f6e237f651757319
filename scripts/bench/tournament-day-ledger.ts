// The tournament-day benchmark's ledger (scripts/bench/tournament-day.ts): what a run seeds straight into the host's
// database, and the counts read back after each step that call a write lost, doubled or wrong.

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Client, InArgs } from '@libsql/client';
import { openLocalDatabase } from '../../db/local.ts';
import { sessions, tournamentRegistrations, tournaments, users } from '../../db/schema/index.ts';
import type { CheckInAnswer } from '../../edge/features/check-in/schema.ts';
import type { BracketMatch } from '../../edge/features/competition/schema.ts';
import type { ScoreReportAnswer } from '../../edge/features/score-reports/schema.ts';

/** edge/lib/sessions.ts's cookie; that module cannot be imported here (its imports need more than type stripping). */
export const SESSION_COOKIE = 'wta_session';
export const ENTRANTS = 64;
export const MATCHES = ENTRANTS / 2;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface Player {
  id: string;
  cookie: string;
}

/** One run's seeded rows: the players, and each tournament with the registration of each player. */
export interface Seeded {
  players: Player[];
  spread: { id: number; registrations: Map<string, number> };
  burst: { id: number; registrations: Map<string, number> };
}

/** A measured call: its status (0: no answer), its time until the whole answer was read, and the answer. */
export interface Call {
  status: number;
  ms: number;
  text: string;
}

/** Lost and doubled writes, and other wrong answers, over all runs. */
export interface Tally {
  lost: number;
  doubled: number;
  wrong: number;
  problems: string[];
}

/** The parsed answer of a 200, or null. */
export function answerOf<T>(call: Call): T | null {
  if (call.status !== 200) return null;
  try {
    return JSON.parse(call.text) as T;
  } catch {
    return null;
  }
}

/** Runs `fn` on a connection of this process to the host's database file, closed after. */
export async function withDatabase<T>(
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

export async function select(client: Client, sql: string, args: InArgs) {
  return (await client.execute({ sql, args })).rows;
}

/** 64 players with a session each, and two upcoming single eliminations with check-in, starting in an hour. */
export async function seed(url: string, run: number, now: number): Promise<Seeded> {
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

export function expectCount(tally: Tally, what: string, found: number, expected: number) {
  if (found < expected) {
    tally.lost += expected - found;
    tally.problems.push(`${what}: ${found}, expected ${expected} (${expected - found} LOST)`);
  } else if (found > expected) {
    tally.doubled += found - expected;
    tally.problems.push(`${what}: ${found}, expected ${expected} (${found - expected} DOUBLED)`);
  }
}

export function wrong(tally: Tally, what: string) {
  tally.wrong += 1;
  if (tally.problems.length < 60) tally.problems.push(what);
}

/** The check-ins' answers: each 200 names the player's registration; returns the time each answer gave. */
export function checkAnswers(
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
export async function verifyCheckIns(
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
export function scoreFor(m: BracketMatch) {
  const need = m.bestOf === 5 ? 3 : 2;
  const lose = m.matchNumber % 3 === 0 ? need - 1 : 0;
  return m.matchNumber % 2 === 0 ? { scoreA: need, scoreB: lose } : { scoreA: lose, scoreB: need };
}

export function checkReports(tally: Tally, label: string, answers: Call[], matches: BracketMatch[], state: string) {
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
export async function verifyReports(
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
