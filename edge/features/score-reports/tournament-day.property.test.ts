// Issue 37, a tournament day by property (fast-check): D39's check-in and close, then any sequence of D40's player
// reports, confirmations, disputes, quiet-10-minute clock ticks and host/admin reports, and D41's calls to courts,
// arrivals, forfeit claims and the host's decisions on them, all through the API (and the clock) against a real
// migrated database at an injected time. Before each step a small model predicts the answer from the rows as they
// are (so a refusal is checked to be the right one, never a 5xx); after each step the day's invariants are checked:
// nobody is live in two matches, no result comes from a disputed report, every applied result is explained by the
// history and is the match's only one, and the no-shows are nowhere in the draw. At the end the admin reports what
// is left, so every match ends with exactly one applied result.
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entrants, matches, matchHistory, type MatchRow } from '../../../db/schema/competition.ts';
import { forfeitClaims, type ForfeitClaimRow } from '../../../db/schema/courts.ts';
import { scoreReports, type ScoreReportRow } from '../../../db/schema/score-reports.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { leagueAdmin } from '../competition/money-fixtures.ts';
import { resultSnapshot } from '../competition/bracket-store.ts';
import { playingElsewhereMessage, type BracketMatch } from '../competition/schema.ts';
import { addTournament, member, type Member } from '../payments/test-helpers.ts';
import type { ScoreReportAnswer, ScoreReportsView } from './schema.ts';

const MINUTE = 60 * 1000;
const PLAYERS = 4;
/** The start is 100 minutes after a run begins: check-in opened 20 minutes before, and closes at minute 70. */
const START = 100;
const CLOSE = START - 30;
const COURTS = ['Court 1', 'Court 2'];
/** D20: corrections are open this long after completion; every run stays well inside it. */
const RESULTS_OPEN_MS = 7 * 24 * 60 * MINUTE;

let t: TestApp;
let admin: Member;
let host: Member;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-12-05T08:00:00Z' });
  admin = await leagueAdmin(t);
  host = await member(t);
});
afterAll(() => t.cleanup());

// ---- What the property generates ------------------------------------------------------------------------------

/** When an entrant checks in: inside the window, after the close (refused: a no-show), or never (a no-show). */
type CheckIn = { kind: 'on-time'; at: number } | { kind: 'late'; at: number } | { kind: 'never' };

/** Who acts for a match: its side A or B, or another of the run's players (maybe a no-show) who has no side in it. */
type Who = { side: 'A' | 'B' } | { side: 'other'; player: number };

/**
 * `match` picks a match: three times in four among those the action is most useful on (live ones, upcoming ones for
 * a call, ...), else any match, so the refusals on the others are exercised too. `stale`: the request names a version
 * the match does not have. `confirm`: the other side of an open round reports its score. `claim` by 'arrived': the
 * side at the court where only one is, `wait`: after the no-show time. `ruling`: the host or an admin on a claim.
 */
type Action =
  | { kind: 'report'; match: number; who: Who; aWins: boolean; loser: number; stale: boolean }
  | { kind: 'confirm'; match: number }
  | { kind: 'dispute'; match: number; who: Who; stale: boolean }
  | { kind: 'tick'; minutes: number }
  | { kind: 'host-report'; match: number; aWins: boolean; loser: number; stale: boolean; byAdmin: boolean }
  | { kind: 'call'; match: number; court: number }
  | { kind: 'arrive'; match: number; who: Who }
  | { kind: 'claim'; match: number; who: Who | { side: 'arrived' }; stale: boolean; wait: boolean }
  | { kind: 'ruling'; claim: number; confirm: boolean; byAdmin: boolean };

const matchPick = fc.nat(47);
const rarely = fc.nat(4).map((n) => n === 0);
const who: fc.Arbitrary<Who> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<Who>({ side: 'A' }, { side: 'B' }) },
  { weight: 1, arbitrary: fc.record({ side: fc.constant('other' as const), player: fc.nat(PLAYERS - 1) }) },
);
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('report' as const),
      match: matchPick,
      who,
      aWins: fc.boolean(),
      loser: fc.nat(2),
      stale: rarely,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('confirm' as const), match: matchPick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('dispute' as const), match: matchPick, who, stale: rarely }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('tick' as const), minutes: fc.nat(15) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('host-report' as const),
      match: matchPick,
      aWins: fc.boolean(),
      loser: fc.nat(2),
      stale: rarely,
      byAdmin: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('call' as const), match: matchPick, court: fc.nat(2) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('arrive' as const), match: matchPick, who }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      match: matchPick,
      who: fc.oneof(who, fc.constant({ side: 'arrived' as const })),
      stale: rarely,
      wait: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('ruling' as const),
      claim: fc.nat(23),
      confirm: fc.boolean(),
      byAdmin: fc.boolean(),
    }),
  },
);

const checkIn: fc.Arbitrary<CheckIn> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('on-time' as const), at: fc.integer({ min: 0, max: CLOSE - 1 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('late' as const), at: fc.integer({ min: CLOSE, max: START - 1 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'never' as const }) },
);
// D33's minimum of 2 checked in: fewer cancels the tournament, which check-in.property.test.ts covers.
const checkIns = fc
  .array(checkIn, { minLength: PLAYERS, maxLength: PLAYERS })
  .filter((list) => list.filter((c) => c.kind === 'on-time').length >= 2);

// ---- The run's state, read from the database -------------------------------------------------------------------

interface Day {
  id: number;
  players: Member[];
  /** The members the clock withdrew as no-shows. */
  noShows: string[];
}

interface Snapshot {
  status: string;
  completedAt: Date | null;
  noShowMinutes: number;
  /** In id order (the draw's order). */
  matches: MatchRow[];
  rounds: ScoreReportRow[];
  /** In id order. */
  claims: ForfeitClaimRow[];
  entrantsById: Map<number, { userId: string | null; name: string }>;
}

async function snapshot(id: number): Promise<Snapshot> {
  const [tournament] = await t.db.select().from(tournaments).where(eq(tournaments.id, id));
  const drawn = await t.db.select().from(entrants).where(eq(entrants.tournamentId, id));
  return {
    status: tournament!.status,
    completedAt: tournament!.completedAt,
    noShowMinutes: tournament!.noShowMinutes,
    matches: await t.db.select().from(matches).where(eq(matches.tournamentId, id)).orderBy(asc(matches.id)),
    rounds: await t.db.select().from(scoreReports).where(eq(scoreReports.tournamentId, id)),
    claims: await t.db
      .select()
      .from(forfeitClaims)
      .where(eq(forfeitClaims.tournamentId, id))
      .orderBy(asc(forfeitClaims.id)),
    entrantsById: new Map(drawn.map((e) => [e.id, { userId: e.userId, name: e.name }])),
  };
}

function pickMatch(s: Snapshot, n: number, useful: (m: MatchRow) => boolean): MatchRow {
  const preferred = s.matches.filter(useful);
  const from = n % 4 !== 0 && preferred.length > 0 ? preferred : s.matches;
  return from[Math.floor(n / 4) % from.length]!;
}

/** The member acting for `w` in match `m`, and the side they speak for there (null: none, a 403). */
function actorOf(day: Day, s: Snapshot, m: MatchRow, w: Who): { member: Member; side: 'A' | 'B' | null } {
  const userOf = (entrantId: number | null) => s.entrantsById.get(entrantId ?? -1)?.userId ?? null;
  const member =
    w.side === 'other'
      ? day.players[w.player]!
      : day.players.find((p) => p.id === userOf(w.side === 'A' ? m.entrantAId : m.entrantBId))!;
  const side = member.id === userOf(m.entrantAId) ? 'A' : member.id === userOf(m.entrantBId) ? 'B' : null;
  return { member, side };
}

/** The match's open round (pending or disputed) about the match as it is; an older one is void to the server. */
const openRound = (s: Snapshot, m: MatchRow) =>
  s.rounds.find(
    (r) => r.matchId === m.id && (r.state === 'pending' || r.state === 'disputed') && r.matchVersion === m.version,
  );

function scoreOf(m: Pick<MatchRow, 'bestOf'>, aWins: boolean, loser: number) {
  const need = m.bestOf === 5 ? 3 : 2;
  const low = loser % need;
  return aWins ? { scoreA: need, scoreB: low } : { scoreA: low, scoreB: need };
}

const sameScore = (
  a: { scoreA: number | null; scoreB: number | null },
  b: { scoreA: number | null; scoreB: number | null },
) => a.scoreA === b.scoreA && a.scoreB === b.scoreB;

/** The answer's status must be the one predicted (a 5xx never is); answers the body for further checks. */
async function expectStatus(res: Response, expected: number, what: string): Promise<string> {
  const text = await res.text();
  expect(res.status, `${what} answered ${text}`).toBe(expected);
  return text;
}

const matchOf = async (id: number, matchId: number) => (await snapshot(id)).matches.find((m) => m.id === matchId)!;

// ---- One step: the model's prediction, the request, and what must have changed ----------------------------------

async function step(day: Day, a: Action, trace: string[]): Promise<void> {
  const s = await snapshot(day.id);
  const live = s.status === 'live';
  const base = `/api/tournaments/${day.id}`;
  const what = (m: MatchRow | null, extra = '') =>
    `step ${trace.length} ${a.kind}${m ? ` on match ${m.number} (${m.status}, v${m.version})` : ''}${extra}`;

  switch (a.kind) {
    case 'report': {
      const m = pickMatch(s, a.match, (x) => x.status === 'live');
      const { member: u, side } = actorOf(day, s, m, a.who);
      const score = scoreOf(m, a.aWins, a.loser);
      const version = a.stale ? m.version + 1 : m.version;
      const round = openRound(s, m);
      // The service's checks in its order (reportAsPlayer): who, the tournament, the version, the match, the round.
      let expected: { status: number; state?: 'pending' | 'disputed' | 'confirmed' };
      if (!side) expected = { status: 403 };
      else if (!live) expected = { status: 409 };
      else if (version !== m.version) {
        const repeat = s.rounds
          .filter((r) => r.matchId === m.id && r.state === 'confirmed')
          .sort((x, y) => y.id - x.id)[0];
        const answered =
          m.status === 'completed' &&
          sameScore(m, score) &&
          repeat !== undefined &&
          sameScore(repeat, score) &&
          (repeat.reporterId === u.id || repeat.confirmedById === u.id);
        expected = answered ? { status: 200, state: 'confirmed' } : { status: 409 };
      } else if (m.status !== 'live') expected = { status: 409 };
      else if (!round) expected = { status: 200, state: 'pending' };
      else if (round.state === 'disputed') {
        const own = round.side === side ? round : { scoreA: round.otherScoreA, scoreB: round.otherScoreB };
        expected = sameScore(own, score) ? { status: 200, state: 'disputed' } : { status: 409 };
      } else if (round.side === side) expected = { status: 200, state: 'pending' };
      else expected = { status: 200, state: sameScore(round, score) ? 'confirmed' : 'disputed' };
      trace.push(`${side ?? 'outsider'} reports ${score.scoreA}-${score.scoreB} on match ${m.number}`);
      const text = await expectStatus(
        await u.agent.post(`${base}/matches/${m.id}/score-reports`, { ...score, version }),
        expected.status,
        what(m, ` by ${side ?? 'an outsider'}`),
      );
      if (expected.state) {
        expect((JSON.parse(text) as ScoreReportAnswer).report.state, what(m)).toBe(expected.state);
        const after = await matchOf(day.id, m.id);
        if (expected.state === 'confirmed' && m.status === 'live') {
          // Confirmed by the other side's same score: applied as the match's result, through the report path.
          expect(after, what(m)).toMatchObject({ status: 'completed', ...score, forfeit: false });
        } else if (m.status === 'live') expect(after.status, what(m)).toBe('live');
      }
      return;
    }

    case 'confirm': {
      // The other side reports the same score as the open round's: a confirmation (D40). Nothing open, nothing sent.
      const m = pickMatch(s, a.match, (x) => openRound(s, x)?.state === 'pending');
      const round = openRound(s, m);
      if (!live || m.status !== 'live' || round?.state !== 'pending') {
        trace.push('nothing to confirm');
        return;
      }
      const other = round.side === 'A' ? 'B' : 'A';
      const { member: u } = actorOf(day, s, m, { side: other });
      trace.push(`${other} confirms ${round.scoreA}-${round.scoreB} on match ${m.number}`);
      const text = await expectStatus(
        await u.agent.post(`${base}/matches/${m.id}/score-reports`, {
          scoreA: round.scoreA,
          scoreB: round.scoreB,
          version: m.version,
        }),
        200,
        what(m),
      );
      expect((JSON.parse(text) as ScoreReportAnswer).report.state, what(m)).toBe('confirmed');
      expect(await matchOf(day.id, m.id), what(m)).toMatchObject({
        status: 'completed',
        scoreA: round.scoreA,
        scoreB: round.scoreB,
      });
      return;
    }

    case 'dispute': {
      const m = pickMatch(s, a.match, (x) => openRound(s, x) !== undefined);
      const { member: u, side } = actorOf(day, s, m, a.who);
      const version = a.stale ? m.version + 1 : m.version;
      const round = openRound(s, m);
      // disputeAsPlayer's order: who, the tournament, the version, the match, the round, whose report it is.
      let expected: number;
      if (!side) expected = 403;
      else if (!live || version !== m.version || m.status === 'completed' || !round) expected = 409;
      else if (round.state === 'disputed') expected = 200;
      else expected = round.side === side ? 409 : 200;
      trace.push(`${side ?? 'outsider'} disputes match ${m.number}`);
      const text = await expectStatus(
        await u.agent.post(`${base}/matches/${m.id}/dispute`, { version }),
        expected,
        what(m, ` by ${side ?? 'an outsider'}`),
      );
      if (expected === 200) {
        expect((JSON.parse(text) as ScoreReportAnswer).report.state, what(m)).toBe('disputed');
        expect((await matchOf(day.id, m.id)).status, what(m)).toBe('live');
      }
      return;
    }

    case 'tick': {
      t.advance(a.minutes * MINUTE);
      const now = t.now();
      // confirmQuietReports: a pending round past its 10 quiet minutes, about the live match as it still is.
      const due = s.rounds.filter((r) => {
        const m = s.matches.find((x) => x.id === r.matchId)!;
        return (
          r.state === 'pending' &&
          r.confirmsAt !== null &&
          r.confirmsAt <= now &&
          live &&
          m.status === 'live' &&
          m.version === r.matchVersion
        );
      });
      trace.push(`tick +${a.minutes} min`);
      const report = await t.clock();
      const ours = new Set(s.matches.map((m) => m.id));
      expect(report.reportsConfirmed.filter((id) => ours.has(id)).sort(), what(null)).toEqual(
        due.map((r) => r.matchId).sort(),
      );
      const after = await snapshot(day.id);
      for (const r of due) {
        expect(
          after.matches.find((m) => m.id === r.matchId),
          what(null),
        ).toMatchObject({
          status: 'completed',
          scoreA: r.scoreA,
          scoreB: r.scoreB,
        });
      }
      return;
    }

    case 'host-report': {
      const m = pickMatch(s, a.match, (x) => x.status !== 'completed');
      const score = scoreOf(m, a.aWins, a.loser);
      const version = a.stale ? m.version + 1 : m.version;
      // reportResult's order: results open (live, or completed less than 7 days ago), a repeat of the stored score
      // (a no-op), the version; a correction in a round robin clears no other match, so it needs no confirmation.
      const open =
        live || (s.status === 'completed' && t.now().getTime() - (s.completedAt?.getTime() ?? 0) <= RESULTS_OPEN_MS);
      let expected: number;
      if (!open) expected = 409;
      else if (m.status === 'completed' && !m.forfeit && sameScore(m, score)) expected = 200;
      else expected = version === m.version ? 200 : 409;
      const by = a.byAdmin ? admin : host;
      trace.push(`${a.byAdmin ? 'admin' : 'host'} reports ${score.scoreA}-${score.scoreB} on match ${m.number}`);
      await expectStatus(
        await by.agent.post(`${base}/matches/${m.id}/result`, { ...score, version }),
        expected,
        what(m, ` by the ${a.byAdmin ? 'admin' : 'host'}`),
      );
      if (expected === 200) {
        const after = await snapshot(day.id);
        expect(
          after.matches.find((x) => x.id === m.id),
          what(m),
        ).toMatchObject({
          status: 'completed',
          ...score,
          forfeit: false,
        });
        // D40: the host's report decides any open round; D41: it ends a pending claim.
        expect(
          after.rounds.filter((r) => r.matchId === m.id && (r.state === 'pending' || r.state === 'disputed')),
          what(m),
        ).toEqual([]);
        expect(
          after.claims.filter((c) => c.matchId === m.id && c.state === 'pending'),
          what(m),
        ).toEqual([]);
      }
      return;
    }

    case 'call': {
      const m = pickMatch(s, a.match, (x) => x.status === 'upcoming');
      const court = COURTS[a.court] ?? null;
      // patchMatch: a live match is moved to the court named; an upcoming one is called unless either entrant is
      // in another live match ('Name is playing on Court N').
      const sides = [m.entrantAId, m.entrantBId];
      const clash = s.matches.find(
        (x) => x.id !== m.id && x.status === 'live' && (sides.includes(x.entrantAId) || sides.includes(x.entrantBId)),
      );
      let expected: { status: number; message?: string };
      if (!live || m.status === 'completed') expected = { status: 409 };
      else if (m.status === 'upcoming' && clash) {
        const busy = sides.find((e) => e === clash.entrantAId || e === clash.entrantBId)!;
        expected = {
          status: 409,
          message: playingElsewhereMessage(s.entrantsById.get(busy)!.name, clash),
        };
      } else expected = { status: 200 };
      trace.push(`host calls match ${m.number} to ${court ?? 'no court'}`);
      const text = await expectStatus(
        await host.agent.patch(`${base}/matches/${m.id}`, { status: 'live', court }),
        expected.status,
        what(m),
      );
      if (expected.message) expect(JSON.parse(text), what(m)).toEqual({ message: expected.message });
      if (expected.status === 200) {
        const called = JSON.parse(text) as BracketMatch;
        expect(called, what(m)).toMatchObject({ status: 'live', court, version: m.version + 1 });
        expect(called.calledAt, what(m)).not.toBeNull();
      }
      return;
    }

    case 'arrive': {
      const m = pickMatch(s, a.match, (x) => x.status === 'live');
      const { member: u, side } = actorOf(day, s, m, a.who);
      let expected: number;
      if (!side) expected = 403;
      else expected = !live || m.status !== 'live' || m.calledAt === null ? 409 : 200;
      trace.push(`${side ?? 'outsider'} arrives at match ${m.number}`);
      const text = await expectStatus(
        await u.agent.post(`${base}/matches/${m.id}/arrival`),
        expected,
        what(m, ` by ${side ?? 'an outsider'}`),
      );
      if (expected === 200) {
        const after = JSON.parse(text) as BracketMatch;
        // An arrival does not move the match's version: a pending report stays valid.
        expect(after.version, what(m)).toBe(m.version);
        expect(side === 'A' ? after.arrivedA : after.arrivedB, what(m)).toBe(true);
      }
      return;
    }

    case 'claim': {
      // 'arrived': the side at the court of a live match where only one side is, the claim D41 is made for.
      const oneHere = (x: MatchRow) => x.status === 'live' && (x.arrivedAAt === null) !== (x.arrivedBAt === null);
      const m = pickMatch(s, a.match, a.who.side === 'arrived' ? oneHere : (x) => x.status === 'live');
      const w: Who =
        a.who.side === 'arrived' ? { side: m.arrivedAAt === null && m.arrivedBAt !== null ? 'B' : 'A' } : a.who;
      const { member: u, side } = actorOf(day, s, m, w);
      // Wait out the no-show time since the call; the clock does not run, so only the claim sees the time.
      const noShowEnds = (m.calledAt?.getTime() ?? 0) + s.noShowMinutes * MINUTE;
      if (a.wait && t.now().getTime() < noShowEnds) t.advance(noShowEnds - t.now().getTime());
      const version = a.stale ? m.version + 1 : m.version;
      const pending = s.claims.find((c) => c.matchId === m.id && c.state === 'pending');
      const standing = pending && pending.matchVersion === m.version ? pending : undefined;
      const mine = side === 'A' ? m.arrivedAAt : m.arrivedBAt;
      const theirs = side === 'A' ? m.arrivedBAt : m.arrivedAAt;
      // claimForfeit's order: who, the tournament, the call, the version, a pending claim, arrivals, the time.
      let expected: number;
      if (!side) expected = 403;
      else if (!live || m.status !== 'live' || m.calledAt === null || version !== m.version) expected = 409;
      else if (standing) expected = standing.side === side ? 200 : 409;
      else if (!mine || theirs) expected = 409;
      else expected = t.now().getTime() < m.calledAt.getTime() + s.noShowMinutes * MINUTE ? 409 : 200;
      trace.push(`${side ?? 'outsider'} claims match ${m.number} by forfeit`);
      const text = await expectStatus(
        await u.agent.post(`${base}/matches/${m.id}/forfeit-claims`, { version }),
        expected,
        what(m, ` by ${side ?? 'an outsider'}`),
      );
      if (expected === 200) {
        const claim = JSON.parse(text) as { id: number; state: string; side: string };
        expect(claim, what(m)).toMatchObject({ state: 'pending', side });
        if (standing) expect(claim.id, what(m)).toBe(standing.id);
      }
      return;
    }

    case 'ruling': {
      if (s.claims.length === 0) {
        trace.push('no claim to decide');
        return;
      }
      // Mostly a pending claim (the host's decision D41 asks for); sometimes any, to repeat or contradict one.
      const pending = s.claims.filter((c) => c.state === 'pending');
      const from = a.claim % 4 !== 0 && pending.length > 0 ? pending : s.claims;
      const claim = from[Math.floor(a.claim / 4) % from.length]!;
      const m = s.matches.find((x) => x.id === claim.matchId)!;
      const wanted = a.confirm ? 'confirmed' : 'refused';
      // decideClaim: a repeat of the decision answers it; a decided claim is not decided again; a claim whose match
      // moved (its version, or no longer live) no longer stands.
      let expected: number;
      if (claim.state === wanted) expected = 200;
      else if (claim.state !== 'pending') expected = 409;
      else expected = m.version !== claim.matchVersion || m.status !== 'live' ? 409 : 200;
      const by = a.byAdmin ? admin : host;
      trace.push(
        `${a.byAdmin ? 'admin' : 'host'} ${a.confirm ? 'confirms' : 'refuses'} claim ${claim.id} (${claim.state})`,
      );
      await expectStatus(
        await by.agent.post(`${base}/forfeit-claims/${claim.id}/decision`, { confirm: a.confirm }),
        expected,
        what(m, `, claim ${claim.id} ${claim.state} -> ${wanted}`),
      );
      if (expected === 200 && claim.state === 'pending') {
        const after = await matchOf(day.id, m.id);
        if (a.confirm) {
          // This match alone, as a forfeit won by the claimant (no games).
          expect(after, what(m)).toMatchObject({
            status: 'completed',
            forfeit: true,
            winnerId: claim.side === 'A' ? m.entrantAId : m.entrantBId,
          });
        } else expect(after.status, what(m)).toBe('live');
      }
      return;
    }
  }
}

// ---- The invariants ----------------------------------------------------------------------------------------------

/** A result row's `after` (competition's resultSnapshot). */
type ResultSnap = Pick<MatchRow, 'entrantAId' | 'entrantBId' | 'scoreA' | 'scoreB' | 'winnerId' | 'status' | 'forfeit'>;

async function invariants(day: Day, where: string): Promise<Snapshot> {
  const s = await snapshot(day.id);
  const managers = new Set([host.id, admin.id]);

  // No entrant plays two matches at once: nobody is in two live matches.
  const playing = new Map<number, number>();
  for (const m of s.matches.filter((x) => x.status === 'live')) {
    expect(m.calledAt, `${where}: live match ${m.number} was called`).not.toBeNull();
    for (const e of [m.entrantAId!, m.entrantBId!]) {
      expect(
        playing.get(e),
        `${where}: entrant ${e} is live in match ${playing.get(e)} and ${m.number}`,
      ).toBeUndefined();
      playing.set(e, m.number);
    }
  }

  // Every withdrawn no-show is out of the bracket: no entrant of theirs, no match with them.
  const drawnUsers = new Set([...s.entrantsById.values()].map((e) => e.userId));
  for (const userId of day.noShows) expect(drawnUsers.has(userId), `${where}: no-show ${userId} drawn`).toBe(false);
  for (const m of s.matches) {
    for (const e of [m.entrantAId, m.entrantBId])
      expect(s.entrantsById.has(e!), `${where}: match ${m.number}`).toBe(true);
  }

  // A confirmed round was never disputed (a dispute leaves it to the host's or an admin's report).
  for (const r of s.rounds.filter((x) => x.state === 'confirmed')) {
    expect([r.disputedAt, r.otherScoreA], `${where}: confirmed round ${r.id} of match ${r.matchId}`).toEqual([
      null,
      null,
    ]);
  }

  // The history: each match's rows in order. A players' confirmation only of a pending (never disputed) round; every
  // result row explained by what precedes it (the players' confirmation, a confirmed forfeit claim, or the host's
  // or an admin's own report); exactly one 'report' per completed match and none for another; the match holds what
  // its last result row says.
  const history = await t.db
    .select()
    .from(matchHistory)
    .where(eq(matchHistory.tournamentId, day.id))
    .orderBy(asc(matchHistory.id));
  for (const m of s.matches) {
    const rows = history.filter((h) => h.matchKey === m.key);
    const at = `${where}: match ${m.number} history ${rows.map((r) => r.action).join(',')}`;
    let round: 'none' | 'pending' | 'disputed' = 'none';
    let reports = 0;
    let last: ResultSnap | null = null;
    rows.forEach((row, i) => {
      const after = row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>);
      const prev = rows[i - 1];
      switch (row.action) {
        case 'score-report':
          // A report on a disputed round of the same version writes nothing, so this is a pending round.
          round = 'pending';
          break;
        case 'score-dispute':
          expect(round, `${at} (row ${i}: dispute)`).toBe('pending');
          round = 'disputed';
          break;
        case 'score-confirm':
          expect(round, `${at} (row ${i}: a confirmation of a ${round} round)`).toBe('pending');
          expect(rows[i + 1]?.action, `${at} (row ${i}: the confirmation is applied)`).toBe('report');
          break;
        case 'report': {
          reports += 1;
          const result = after as ResultSnap;
          if (prev?.action === 'score-confirm') {
            const said = JSON.parse(prev.after!) as { scoreA: number; scoreB: number };
            expect([result.scoreA, result.scoreB, result.forfeit], `${at} (row ${i})`).toEqual([
              said.scoreA,
              said.scoreB,
              false,
            ]);
          } else if (
            prev?.action === 'forfeit-decision' &&
            (JSON.parse(prev.after!) as { confirmed: boolean }).confirmed
          ) {
            const { side } = JSON.parse(prev.after!) as { side: 'A' | 'B' };
            expect([result.forfeit, result.winnerId], `${at} (row ${i})`).toEqual([
              true,
              side === 'A' ? result.entrantAId : result.entrantBId,
            ]);
          } else {
            expect(managers.has(row.actorId ?? ''), `${at} (row ${i}: a result nobody explains)`).toBe(true);
            expect(result.forfeit, `${at} (row ${i})`).toBe(false);
          }
          last = result;
          round = 'none';
          break;
        }
        case 'correct':
          expect(managers.has(row.actorId ?? ''), `${at} (row ${i}: a correction by the host or an admin)`).toBe(true);
          last = after as ResultSnap;
          round = 'none';
          break;
        case 'live':
          // A call or a move to another court raises the version: an open round no longer describes the match.
          round = 'none';
          break;
        case 'forfeit-decision':
          if ((after as { confirmed: boolean }).confirmed) {
            expect(rows[i + 1]?.action, `${at} (row ${i}: the confirmed claim is applied)`).toBe('report');
          }
          break;
        case 'arrival':
        case 'forfeit-claim':
          break;
        default:
          expect.fail(`${at} (row ${i}: unexpected ${row.action})`);
      }
    });
    expect(reports, `${at}: applied results`).toBe(m.status === 'completed' ? 1 : 0);
    if (m.status === 'completed') {
      expect(last, at).toEqual(resultSnapshot(m));
    } else expect([m.scoreA, m.scoreB, m.winnerId], at).toEqual([null, null, null]);
  }

  // A completed match leaves nothing open behind it: no players' round pending or disputed, no claim waiting.
  for (const m of s.matches.filter((x) => x.status === 'completed')) {
    const open = s.rounds.filter((r) => r.matchId === m.id && (r.state === 'pending' || r.state === 'disputed'));
    expect(open.map((r) => r.state), `${where}: match ${m.number} is completed with a round open`).toEqual([]);
    const waiting = s.claims.filter((c) => c.matchId === m.id && c.state === 'pending');
    expect(waiting.map((c) => c.id), `${where}: match ${m.number} is completed with a claim pending`).toEqual([]);
  }

  // What the host sees (D40, D41): an open round or a pending claim only on a live match as it is, a confirmed round
  // only while its match holds that score.
  const seen = JSON.parse(
    await expectStatus(await host.agent.get(`/api/tournaments/${day.id}/score-reports`), 200, `${where}: reports`),
  ) as ScoreReportsView;
  for (const r of seen.reports) {
    const m = s.matches.find((x) => x.id === r.matchId)!;
    const shown = `${where}: the host sees match ${m.number}'s round ${r.state}`;
    if (r.state === 'confirmed') {
      expect(m, shown).toMatchObject({
        status: 'completed',
        scoreA: r.reports[0]!.scoreA,
        scoreB: r.reports[0]!.scoreB,
      });
    } else expect([m.status, m.version], shown).toEqual(['live', r.matchVersion]);
  }
  for (const c of seen.claims.filter((x) => x.state === 'pending')) {
    const m = s.matches.find((x) => x.id === c.matchId)!;
    expect(m.status, `${where}: the host sees a pending claim on match ${m.number}`).toBe('live');
  }
  return s;
}

// ---- The property ------------------------------------------------------------------------------------------------

describe('a tournament day by property (fast-check)', () => {
  it('every match ends with one applied result, never from a disputed report, nobody in two live matches, no-shows out, the history explains it', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        checkIns,
        fc.constantFrom(5, 10),
        fc.array(action, { minLength: 15, maxLength: 40, size: 'max' }),
        async (plan, noShowMinutes, actions) => {
          // Each run on its own tournament, a day after the last, so earlier runs are long over.
          const base = Date.parse('2026-12-06T08:00:00Z') + run++ * 24 * 60 * MINUTE;
          t.setNow(base);
          // A run that failed (while shrinking) may leave rounds due: the clock confirms them now, not mid-run.
          for (let i = 0; i < 5 && (await t.clock()).reportsConfirmed.length > 0; i++);
          const id = await addTournament(t, {
            title: `Tournament Day ${run}`,
            format: 'round-robin',
            startDate: new Date(base + START * MINUTE),
            checkIn: true,
            buyIn: 0,
            maxPlayers: 8,
            hostId: host.id,
          });
          await expectStatus(
            await host.agent.put(`/api/tournaments/${id}/courts`, { courts: COURTS, noShowMinutes }),
            200,
            'courts',
          );
          const players: Member[] = [];
          for (let i = 0; i < PLAYERS; i++) {
            const p = await member(t);
            await t.db.insert(tournamentRegistrations).values({
              tournamentId: id,
              userId: p.id,
              status: 'registered',
              createdAt: new Date(base - 60 * MINUTE + i),
            });
            players.push(p);
          }

          // D39: check-ins in time order, the clock's close at minute 70 (a late one is refused whether or not it has
          // run), and the start's draw at minute 100 by the clock.
          const events = [
            ...plan.flatMap((c, player) => (c.kind === 'never' ? [] : [{ at: c.at, player, late: c.kind === 'late' }])),
            { at: CLOSE, player: -1, late: false },
          ].sort((x, y) => x.at - y.at || y.player - x.player);
          for (const e of events) {
            t.setNow(base + e.at * MINUTE);
            if (e.player < 0) {
              expect((await t.clock()).checkInsClosed).toContain(id);
              continue;
            }
            await expectStatus(
              await players[e.player]!.agent.post(`/api/tournaments/${id}/check-in`),
              e.late ? 409 : 200,
              `check-in at minute ${e.at}`,
            );
          }
          t.setNow(base + START * MINUTE);
          expect((await t.clock()).started).toContain(id);

          const checkedIn = plan.flatMap((c, i) => (c.kind === 'on-time' ? [players[i]!.id] : []));
          const noShows = plan.flatMap((c, i) => (c.kind === 'on-time' ? [] : [players[i]!.id]));
          const registrations = await t.db
            .select()
            .from(tournamentRegistrations)
            .where(eq(tournamentRegistrations.tournamentId, id));
          for (const userId of noShows) {
            const row = registrations.find((r) => r.userId === userId)!;
            expect([row.status, row.noShowAt !== null, row.checkedInAt], 'a no-show is withdrawn').toEqual([
              'cancelled',
              true,
              null,
            ]);
          }
          // D39: every withdrawal is in the history's audit trail.
          const withdrawals = await t.db.select().from(matchHistory).where(eq(matchHistory.tournamentId, id));
          expect(
            withdrawals
              .filter((h) => h.action === 'no-show')
              .map((h) => (JSON.parse(h.after!) as { userId: string }).userId)
              .sort(),
          ).toEqual([...noShows].sort());
          const day: Day = { id, players, noShows };
          const drawn = await invariants(day, 'the draw');
          expect(drawn.status).toBe('live');
          expect([...drawn.entrantsById.values()].map((e) => e.userId).sort()).toEqual([...checkedIn].sort());
          expect(drawn.matches).toHaveLength((checkedIn.length * (checkedIn.length - 1)) / 2);
          // The public bracket shows only the checked-in.
          const bracket = (await (await t.request(`/api/tournaments/${id}/bracket`)).json()) as BracketMatch[];
          for (const m of bracket) {
            for (const side of [m.teamA, m.teamB]) expect(noShows).not.toContain(side?.userId);
          }

          const trace: string[] = [];
          for (const a of actions) {
            await step(day, a, trace);
            await invariants(day, `after step ${trace.length} (${trace.at(-1) ?? a.kind})`);
          }

          // The day ends: the admin reports every match still without a result, and the tournament completes.
          for (const m of (await snapshot(id)).matches.filter((x) => x.status !== 'completed')) {
            const current = await matchOf(id, m.id);
            await expectStatus(
              await admin.agent.post(`/api/tournaments/${id}/matches/${m.id}/result`, {
                ...scoreOf(current, true, 1),
                version: current.version,
              }),
              200,
              `closing report of match ${m.number}`,
            );
          }
          const end = await invariants(day, 'the end');
          expect(end.status).toBe('completed');
          expect(end.matches.every((m) => m.status === 'completed')).toBe(true);
        },
      ),
      { numRuns: 20 },
    );
    // Some 10-20 s; room for a busy machine, and for shrinking a failure to its smallest sequence.
  }, 300_000);
});
