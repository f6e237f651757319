// D41, calling matches, courts and no-shows: through the API against a real migrated database, injected clock.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entrants, matchHistory } from '../../../db/schema/competition.ts';
import { forfeitClaims } from '../../../db/schema/courts.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { scoreReports } from '../../../db/schema/score-reports.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import type { TestApp } from '../../test/app.ts';
import { json, member, type Member } from '../payments/test-helpers.ts';
import type { BracketMatch } from '../competition/schema.ts';
import {
  bracketOf,
  competitionApp,
  playable,
  tournamentWithPlayers,
  winningScore,
} from '../competition/test-helpers.ts';
import type { ScoreReportsView } from '../score-reports/schema.ts';
import { COURT_TEXTS as T, tooSoonMessage, type TournamentCourts } from './schema.ts';

let t: TestApp;
let admin: Member;
beforeEach(async () => ({ t, admin } = await competitionApp()));
afterEach(() => t.cleanup());

const MINUTE = 60_000;

/** A started round robin of `n` with a host and its courts. */
async function roundRobin(n: number) {
  const { id, players } = await tournamentWithPlayers(t, { n, format: 'round-robin' });
  const host = await member(t);
  await t.db.update(tournaments).set({ hostId: host.id }).where(eq(tournaments.id, id));
  await json(
    await host.agent.put(`/api/tournaments/${id}/courts`, { courts: ['Court 1', 'Court 2'], noShowMinutes: 10 }),
  );
  await json(await host.agent.post(`/api/tournaments/${id}/start`));
  const bracket = await bracketOf(t, id);
  const byUser = new Map(players.map((p) => [p.id, p]));
  const playerOf = (side: BracketMatch['teamA']) => byUser.get(side!.userId!)!;
  return { id, host, players, bracket, playerOf };
}

const call = (who: Member, id: number, m: Pick<BracketMatch, 'id'>, court: string | null) =>
  who.agent.patch(`/api/tournaments/${id}/matches/${m.id}`, { status: 'live', court });

describe("D41: the host's courts", () => {
  it('are listed by the host with a no-show time of 5-30 minutes, read by anyone', async () => {
    const { id } = await tournamentWithPlayers(t, { n: 2 });
    const host = await member(t);
    await t.db.update(tournaments).set({ hostId: host.id }).where(eq(tournaments.id, id));
    expect(await json<TournamentCourts>(await t.request(`/api/tournaments/${id}/courts`))).toEqual({
      courts: [],
      noShowMinutes: 10,
    });
    const saved = await json<TournamentCourts>(
      await host.agent.put(`/api/tournaments/${id}/courts`, { courts: [' Court 1 ', 'Main Court'], noShowMinutes: 15 }),
    );
    expect(saved).toEqual({ courts: ['Court 1', 'Main Court'], noShowMinutes: 15 });
    for (const bad of [
      { courts: ['Court 1', 'court 1'], noShowMinutes: 10 },
      { courts: ['Court 1'], noShowMinutes: 4 },
      { courts: ['Court 1'], noShowMinutes: 31 },
      { courts: [''], noShowMinutes: 10 },
    ]) {
      expect((await host.agent.put(`/api/tournaments/${id}/courts`, bad)).status).toBe(400);
    }
    const stranger = await member(t);
    expect((await stranger.agent.put(`/api/tournaments/${id}/courts`, { courts: [], noShowMinutes: 10 })).status).toBe(
      403,
    );
    expect(await json<TournamentCourts>(await t.request(`/api/tournaments/${id}/courts`))).toEqual(saved);
  });
});

describe('D41: calling a match to a court', () => {
  it("marks it live with its court and time, and tells both players 'Your match is ready - Court 2 vs Name'", async () => {
    const { id, host, bracket, playerOf } = await roundRobin(4);
    const [m] = playable(bracket);
    const called = await json<BracketMatch>(await call(host, id, m!, 'court 2'));
    expect(called).toMatchObject({
      status: 'live',
      court: 'Court 2',
      calledAt: t.now().toISOString(),
      arrivedA: false,
      arrivedB: false,
    });
    for (const [me, them] of [
      [m!.teamA, m!.teamB],
      [m!.teamB, m!.teamA],
    ] as const) {
      const [told] = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, playerOf(me).id), eq(notifications.kind, 'match_called')));
      expect(told!.title).toBe(`Your match is ready - Court 2 vs ${them!.name}`);
    }
    const [other] = playable(bracket).filter(
      (x) => x.id !== m!.id && ![x.teamA!.id, x.teamB!.id].some((e) => [m!.teamA!.id, m!.teamB!.id].includes(e)),
    );
    const unknown = await call(host, id, other!, 'Court 9');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ message: "Choose one of this tournament's courts" });
    // Without a court it is today's call.
    await json(await call(host, id, other!, null));
    const [plain] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, playerOf(other!.teamA).id), eq(notifications.kind, 'match_called')));
    expect(plain!.title).toBe('Match called');
  });

  it("is refused while either entrant is in another live match: 'Name is playing on Court N'", async () => {
    const { id, host, bracket } = await roundRobin(4);
    const [first] = playable(bracket);
    await json(await call(host, id, first!, 'Court 1'));
    const busy = first!.teamA!;
    const clash = playable(bracket).find(
      (x) => x.id !== first!.id && (x.teamA!.id === busy.id || x.teamB!.id === busy.id),
    )!;
    const refused = await call(host, id, clash, 'Court 2');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: `${busy.name} is playing on Court 1` });
    expect((await bracketOf(t, id)).find((x) => x.id === clash.id)!.status).toBe('upcoming');
    // Once the first is played, the next can be called.
    await json(
      await host.agent.post(`/api/tournaments/${id}/matches/${first!.id}/result`, {
        ...winningScore(first!, true),
        version: first!.version + 1,
      }),
    );
    expect((await call(host, id, clash, 'Court 2')).status).toBe(200);
  });
});

describe("D41: 'I'm at the court' and forfeit claims", () => {
  async function calledMatch() {
    const game = await roundRobin(4);
    const [m] = playable(game.bracket);
    const called = await json<BracketMatch>(await call(game.host, game.id, m!, 'Court 1'));
    return { ...game, match: called, a: game.playerOf(called.teamA), b: game.playerOf(called.teamB) };
  }
  const arrive = (who: Member, id: number, m: Pick<BracketMatch, 'id'>) =>
    who.agent.post(`/api/tournaments/${id}/matches/${m.id}/arrival`);
  const claim = (who: Member, id: number, m: Pick<BracketMatch, 'id' | 'version'>) =>
    who.agent.post(`/api/tournaments/${id}/matches/${m.id}/forfeit-claims`, { version: m.version });
  const decide = (who: Member, id: number, claimId: number, confirm: boolean) =>
    who.agent.post(`/api/tournaments/${id}/forfeit-claims/${claimId}/decision`, { confirm });

  it('an entrant at the court claims the win after the no-show time; the host refuses, then confirms it', async () => {
    const { id, host, match, a, b, players } = await calledMatch();
    const outsider = players.find((p) => p !== a && p !== b)!;
    expect((await arrive(outsider, id, match)).status).toBe(403);
    expect((await claim(a, id, match)).status).toBe(409); // not at the court yet
    const here = await json<BracketMatch>(await arrive(a, id, match));
    expect([here.arrivedA, here.arrivedB, here.version]).toEqual([true, false, match.version]);
    await json(await arrive(a, id, match)); // twice is once
    const early = await claim(a, id, match);
    expect(await early.json()).toEqual({ message: tooSoonMessage(10) });

    t.advance(10 * MINUTE);
    const pending = await json<{ id: number; state: string }>(await claim(a, id, match));
    expect(pending.state).toBe('pending');
    expect((await json<{ id: number }>(await claim(a, id, match))).id).toBe(pending.id);
    const otherClaim = await claim(b, id, match);
    expect(await otherClaim.json()).toEqual({ message: T.claimPending });
    // The host and admins hear of it, and so does the other side; both sides and the host see it.
    for (const who of [host, admin, b]) {
      const rows = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, who.id), eq(notifications.kind, 'forfeit_claim')));
      expect(rows.map((r) => r.title)).toEqual([T.claimedTitle]);
    }
    const seen = await json<ScoreReportsView>(await host.agent.get(`/api/tournaments/${id}/score-reports`));
    expect(seen.claims).toEqual([
      expect.objectContaining({ id: pending.id, matchId: match.id, side: 'A', state: 'pending' }),
    ]);
    expect((await decide(a, id, pending.id, true)).status).toBe(403);

    const refused = await json<{ state: string }>(await decide(host, id, pending.id, false));
    expect(refused.state).toBe('refused');
    expect((await bracketOf(t, id)).find((x) => x.id === match.id)!.status).toBe('live');
    expect(
      (await json<ScoreReportsView>(await a.agent.get(`/api/tournaments/${id}/score-reports`))).claims[0]!.state,
    ).toBe('refused');

    const again = await json<{ id: number }>(await claim(a, id, match));
    const confirmed = await json<{ state: string }>(await decide(host, id, again.id, true));
    expect(confirmed.state).toBe('confirmed');
    expect((await decide(host, id, again.id, true)).status).toBe(200);
    expect((await decide(host, id, again.id, false)).status).toBe(409);
    const after = (await bracketOf(t, id)).find((x) => x.id === match.id)!;
    expect(after).toMatchObject({ status: 'completed', forfeit: true, winnerId: match.teamA!.id });
    // This match alone: the other side is not withdrawn and plays on.
    const [loser] = await t.db.select().from(entrants).where(eq(entrants.id, match.teamB!.id));
    expect(loser!.withdrawnAt).toBeNull();
    expect((await bracketOf(t, id)).filter((x) => x.forfeit)).toHaveLength(1);
    const actions = (await t.db.select().from(matchHistory).where(eq(matchHistory.matchNumber, match.matchNumber))).map(
      (h) => h.action,
    );
    expect(actions).toEqual([
      'live',
      'arrival',
      'forfeit-claim',
      'forfeit-decision',
      'forfeit-claim',
      'forfeit-decision',
      'report',
    ]);

    // D20: the host may still correct it to a played score.
    const corrected = await host.agent.post(`/api/tournaments/${id}/matches/${match.id}/result`, {
      ...winningScore(match, false),
      version: after.version,
    });
    expect(corrected.status).toBe(200);
    expect((await bracketOf(t, id)).find((x) => x.id === match.id)).toMatchObject({
      forfeit: false,
      winnerId: match.teamB!.id,
    });
  });

  it('is refused when the opponent is at the court, and a claim whose match changed no longer stands', async () => {
    const { id, host, match, a, b } = await calledMatch();
    await json(await arrive(a, id, match));
    t.advance(10 * MINUTE);
    const pending = await json<{ id: number }>(await claim(a, id, match));
    await json(await arrive(b, id, match));
    const refusedClaim = await claim(b, id, match);
    expect(await refusedClaim.json()).toEqual({ message: T.claimPending });
    await json(await host.agent.patch(`/api/tournaments/${id}/matches/${match.id}`, { status: 'upcoming' }));
    const stale = await decide(host, id, pending.id, true);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: T.claimStale });
    const again = await json<BracketMatch>(await call(host, id, match, 'Court 2'));
    expect([again.arrivedA, again.arrivedB, again.court]).toEqual([false, false, 'Court 2']);
    await json(await arrive(a, id, again));
    await json(await arrive(b, id, again));
    t.advance(10 * MINUTE);
    expect(await (await claim(a, id, again)).json()).toEqual({ message: T.opponentHere });
  });

  it("the host's report of the match ends a pending claim", async () => {
    const { id, host, match, a } = await calledMatch();
    await json(await arrive(a, id, match));
    t.advance(10 * MINUTE);
    const pending = await json<{ id: number }>(await claim(a, id, match));
    await json(
      await host.agent.post(`/api/tournaments/${id}/matches/${match.id}/result`, {
        ...winningScore(match, false),
        version: match.version,
      }),
    );
    const late = await decide(host, id, pending.id, true);
    expect(late.status).toBe(409);
    expect((await bracketOf(t, id)).find((x) => x.id === match.id)).toMatchObject({
      forfeit: false,
      winnerId: match.teamB!.id,
    });
  });

  it("the players' agreed score ends a pending claim, and a confirmed forfeit voids the players' open report", async () => {
    const agreed = await calledMatch();
    await json(await arrive(agreed.a, agreed.id, agreed.match));
    t.advance(10 * MINUTE);
    const stranded = await json<{ id: number }>(await claim(agreed.a, agreed.id, agreed.match));
    const score = { ...winningScore(agreed.match, true), version: agreed.match.version };
    const report = (who: Member) =>
      who.agent.post(`/api/tournaments/${agreed.id}/matches/${agreed.match.id}/score-reports`, score);
    await json(await report(agreed.b));
    await json(await report(agreed.a));
    const [ended] = await t.db.select().from(forfeitClaims).where(eq(forfeitClaims.id, stranded.id));
    expect(ended!.state).toBe('void');
    expect((await decide(agreed.host, agreed.id, stranded.id, true)).status).toBe(409);

    const forfeited = await calledMatch();
    await json(await arrive(forfeited.a, forfeited.id, forfeited.match));
    t.advance(10 * MINUTE);
    const open = { ...winningScore(forfeited.match, true), version: forfeited.match.version };
    await json(
      await forfeited.b.agent.post(
        `/api/tournaments/${forfeited.id}/matches/${forfeited.match.id}/score-reports`,
        open,
      ),
    );
    const won = await json<{ id: number }>(await claim(forfeited.a, forfeited.id, forfeited.match));
    await json(await decide(forfeited.host, forfeited.id, won.id, true));
    const rounds = await t.db.select().from(scoreReports).where(eq(scoreReports.matchId, forfeited.match.id));
    expect(rounds.map((r) => r.state)).toEqual(['void']);
  });
});
