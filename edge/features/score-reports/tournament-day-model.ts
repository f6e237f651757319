// The tournament-day property's model (tournament-day.property.test.ts): the exact answer each action must get (its
// status, and what must have changed after it), judged from the rows tournament-day-state.ts reads.
import { expect } from 'vitest';
import type { Action, Who } from './tournament-day-actions.ts';
import {
  actorOf,
  expectStatus,
  matchOf,
  openRound,
  pickMatch,
  sameScore,
  scoreOf,
  snapshot,
  type Day,
} from './tournament-day-state.ts';
import type { MatchRow } from '../../../db/schema/competition.ts';
import type { TestApp } from '../../test/app.ts';
import { playingElsewhereMessage, type BracketMatch } from '../competition/schema.ts';
import type { Member } from '../payments/test-helpers.ts';
import type { ScoreReportAnswer } from './schema.ts';

export const MINUTE = 60 * 1000;
export const COURTS = ['Court 1', 'Court 2'];
/** D20: corrections are open this long after completion; every run stays well inside it. */
const RESULTS_OPEN_MS = 7 * 24 * 60 * MINUTE;

/** What the whole property runs against, made once in its beforeAll: the API, a league admin, and every run's host. */
export interface DayContext {
  t: TestApp;
  admin: Member;
  host: Member;
}

// ---- One step: the model's prediction, the request, and what must have changed ----------------------------------

export async function step(ctx: DayContext, day: Day, a: Action, trace: string[]): Promise<void> {
  const { t, admin, host } = ctx;
  const s = await snapshot(t, day.id);
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
        const after = await matchOf(t, day.id, m.id);
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
      expect(await matchOf(t, day.id, m.id), what(m)).toMatchObject({
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
        expect((await matchOf(t, day.id, m.id)).status, what(m)).toBe('live');
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
      const after = await snapshot(t, day.id);
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
        const after = await snapshot(t, day.id);
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
        // A live match called again to the court it is on is left as it is (ADR 071: the host's outbox may resend).
        const same = m.status === 'live' && m.court === court;
        expect(called, what(m)).toMatchObject({ status: 'live', court, version: m.version + (same ? 0 : 1) });
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
        const after = await matchOf(t, day.id, m.id);
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
