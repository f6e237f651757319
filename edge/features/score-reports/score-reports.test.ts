// D40, players report their own scores: through the API against a real migrated database, with the injected clock.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchHistory } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { scoreReports } from '../../../db/schema/score-reports.ts';
import { teamMembers } from '../../../db/schema/teams.ts';
import type { TestApp } from '../../test/app.ts';
import { json, member, type Member } from '../payments/test-helpers.ts';
import type { BracketMatch, StaleMatchConflict } from '../competition/schema.ts';
import {
  bracketOf,
  competitionApp,
  playable,
  tournamentWithPlayers,
  tournamentWithTeams,
  winningScore,
} from '../competition/test-helpers.ts';
import { QUIET_CONFIRM_MS, SCORE_REPORT_TEXTS as T, type ScoreReportAnswer, type ScoreReportsView } from './schema.ts';

let t: TestApp;
let admin: Member;
beforeEach(async () => ({ t, admin } = await competitionApp()));
afterEach(() => t.cleanup());

const reportPath = (id: number, m: Pick<BracketMatch, 'id'>) => `/api/tournaments/${id}/matches/${m.id}/score-reports`;
const disputePath = (id: number, m: Pick<BracketMatch, 'id'>) => `/api/tournaments/${id}/matches/${m.id}/dispute`;
const report = (who: Member, id: number, m: BracketMatch, score: Score, version = m.version) =>
  who.agent.post(reportPath(id, m), { ...score, version });
type Score = { scoreA: number; scoreB: number };
// Valid scores for the match's best-of (the first round of 4 plays best of 5 here).
const aWin = (m: BracketMatch) => winningScore(m, true);
const aClose = (m: BracketMatch) => winningScore(m, true, true);
const bWin = (m: BracketMatch) => winningScore(m, false);
const reportsOf = async (who: Member, id: number) =>
  json<ScoreReportsView>(await who.agent.get(`/api/tournaments/${id}/score-reports`));

/** A started 4-player single elimination (two first-round matches) with its first match called live. */
async function liveMatch() {
  const { id, players } = await tournamentWithPlayers(t, { n: 4 });
  await json(await admin.agent.post(`/api/tournaments/${id}/start`));
  const [first] = playable(await bracketOf(t, id));
  const live = await json<BracketMatch>(
    await admin.agent.patch(`/api/tournaments/${id}/matches/${first!.id}`, { status: 'live' }),
  );
  const byUser = new Map(players.map((p) => [p.id, p]));
  const a = byUser.get(live.teamA!.userId!)!;
  const b = byUser.get(live.teamB!.userId!)!;
  const outsider = players.find((p) => p !== a && p !== b)!;
  return { id, match: live, a, b, outsider };
}

async function historyOf(id: number, m: Pick<BracketMatch, 'matchNumber'>) {
  const rows = await t.db
    .select()
    .from(matchHistory)
    .where(and(eq(matchHistory.tournamentId, id), eq(matchHistory.matchNumber, m.matchNumber)));
  return rows.map((r) => r.action);
}

const matchOf = async (id: number, m: Pick<BracketMatch, 'id'>) => {
  const found = (await bracketOf(t, id)).find((x) => x.id === m.id)!;
  return { ...found, scoreA: found.teamA?.score ?? null, scoreB: found.teamB?.score ?? null };
};

describe('D40: a player reports the score of their live match', () => {
  it('is pending until the other side reports the same score, which confirms and applies it', async () => {
    const { id, match, a, b, outsider } = await liveMatch();
    const first = await report(a, id, match, aClose(match));
    expect(first.status).toBe(200);
    const { report: pending } = (await first.json()) as ScoreReportAnswer;
    expect(pending).toMatchObject({ matchId: match.id, state: 'pending', confirmedBy: null });
    expect(pending.reports).toEqual([expect.objectContaining({ side: 'A', ...aClose(match) })]);
    expect(pending.confirmsAt).toBe(new Date(t.now().getTime() + QUIET_CONFIRM_MS).toISOString());
    // Nothing applied yet: the match is still live and unscored for everyone.
    expect(await matchOf(id, match)).toMatchObject({ status: 'live', winnerId: null });

    // The other side is told, and sees the report beside its own Report Score; others see neither.
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, b.id), eq(notifications.kind, 'score_reported')));
    expect(told?.title).toBe(T.reportedTitle);
    expect(await reportsOf(b, id)).toEqual({ mine: [{ matchId: match.id, side: 'B' }], reports: [pending], claims: [] });
    expect(await reportsOf(outsider, id)).toEqual({ mine: [], reports: [], claims: [] });
    const stranger = await member(t);
    expect(await reportsOf(stranger, id)).toEqual({ mine: [], reports: [], claims: [] });
    expect((await reportsOf(admin, id)).reports).toEqual([pending]);

    const agreed = await json<ScoreReportAnswer>(await report(b, id, match, aClose(match)));
    expect(agreed.report).toMatchObject({ state: 'confirmed', confirmedBy: 'opponent', confirmsAt: null });
    expect(await matchOf(id, match)).toMatchObject({ status: 'completed', winnerId: match.teamA!.id });
    expect(await historyOf(id, match)).toEqual(['live', 'score-report', 'score-confirm', 'report']);
    // Confirmed rounds stay visible to the entrants with who reported what.
    expect((await reportsOf(a, id)).reports).toEqual([agreed.report]);
  });

  it('is refused for anyone but the entrants, outside a live match, with a bad score, or against a stale version', async () => {
    const { id, match, a, outsider } = await liveMatch();
    const other = playable(await bracketOf(t, id)).find((m) => m.id !== match.id)!;

    const notMine = await report(outsider, id, match, aWin(match));
    expect(notMine.status).toBe(403);
    expect(await notMine.json()).toEqual({ message: T.notPlayer });
    expect((await report(admin, id, match, aWin(match))).status).toBe(403);

    const upcoming = await report(outsider, id, other, aWin(other));
    expect(upcoming.status).toBe(409);
    expect(await upcoming.json()).toEqual({ message: T.notLive });

    const bad = await report(a, id, match, { scoreA: 2, scoreB: 2 });
    expect(bad.status).toBe(400);
    expect((await report(a, id, match, { scoreA: 5, scoreB: 0 })).status).toBe(400);

    const stale = await report(a, id, match, aWin(match), match.version - 1);
    expect(stale.status).toBe(409);
    const conflict = (await stale.json()) as StaleMatchConflict;
    expect(conflict.match).toMatchObject({ id: match.id, version: match.version, status: 'live' });

    expect((await t.request(reportPath(id, match), { method: 'POST' })).status).toBe(401);
    expect(
      (await a.agent.post(`/api/tournaments/${id}/matches/999999/score-reports`, { scoreA: 2, scoreB: 0, version: 1 }))
        .status,
    ).toBe(404);
    expect(await t.db.select().from(scoreReports)).toEqual([]);
  });

  it('a repeat changes nothing, a new score from the same side replaces it, and a repeat after confirming answers it', async () => {
    const { id, match, a, b } = await liveMatch();
    await json(await report(a, id, match, aClose(match)));
    const again = await json<ScoreReportAnswer>(await report(a, id, match, aClose(match)));
    expect(again.report.reports).toHaveLength(1);
    t.advance(60_000);
    const replaced = await json<ScoreReportAnswer>(await report(a, id, match, aWin(match)));
    expect(replaced.report).toMatchObject({ state: 'pending', reports: [expect.objectContaining(aWin(match))] });
    expect(replaced.report.confirmsAt).toBe(new Date(t.now().getTime() + QUIET_CONFIRM_MS).toISOString());
    expect(await historyOf(id, match)).toEqual(['live', 'score-report', 'score-report']);

    await json(await report(b, id, match, aWin(match)));
    // The outbox sends B's report again after its answer was lost: the same round, no second result.
    const repeat = await report(b, id, match, aWin(match));
    expect(repeat.status).toBe(200);
    expect(((await repeat.json()) as ScoreReportAnswer).report.state).toBe('confirmed');
    expect((await report(b, id, match, bWin(match))).status).toBe(409);
    expect((await historyOf(id, match)).filter((h) => h === 'report')).toHaveLength(1);
  });
});

describe('D40: a dispute', () => {
  it('a different report disputes the round: unapplied, host and admins told, and the host decides', async () => {
    const { id: tid, players } = await tournamentWithPlayers(t, { n: 4 });
    const host = await member(t);
    const { tournaments } = await import('../../../db/schema/tournaments.ts');
    await t.db.update(tournaments).set({ hostId: host.id }).where(eq(tournaments.id, tid));
    await json(await host.agent.post(`/api/tournaments/${tid}/start`));
    const [m] = playable(await bracketOf(t, tid));
    const live = await json<BracketMatch>(
      await host.agent.patch(`/api/tournaments/${tid}/matches/${m!.id}`, { status: 'live' }),
    );
    const a = players.find((p) => p.id === live.teamA!.userId)!;
    const b = players.find((p) => p.id === live.teamB!.userId)!;

    await json(await report(a, tid, live, aClose(live)));
    const differs = await json<ScoreReportAnswer>(await report(b, tid, live, bWin(live)));
    expect(differs.report.state).toBe('disputed');
    expect(differs.report.reports.map(({ side, scoreA, scoreB }) => ({ side, scoreA, scoreB }))).toEqual([
      { side: 'A', ...aClose(live) },
      { side: 'B', ...bWin(live) },
    ]);
    expect(await matchOf(tid, live)).toMatchObject({ status: 'live', winnerId: null });
    for (const who of [host, admin]) {
      const [told] = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, who.id), eq(notifications.kind, 'score_disputed')));
      expect(told?.title).toBe(T.disputedTitle);
      expect(told?.body).toContain(`reported ${aClose(live).scoreA}-${aClose(live).scoreB} and`);
    }
    // Nobody's further report applies it; the clock does not either.
    const more = await report(a, tid, live, aWin(live));
    expect(more.status).toBe(409);
    expect(await more.json()).toEqual({ message: T.disputed });
    t.advance(QUIET_CONFIRM_MS * 3);
    expect((await t.clock()).reportsConfirmed).toEqual([]);
    expect((await matchOf(tid, live)).status).toBe('live');

    // The host's report decides: the round closes, the match has the host's result, and only that one.
    await json(
      await host.agent.post(`/api/tournaments/${tid}/matches/${live.id}/result`, {
        ...aWin(live),
        version: live.version,
      }),
    );
    expect(await matchOf(tid, live)).toMatchObject({ status: 'completed', ...aWin(live) });
    const [round] = await t.db.select().from(scoreReports).where(eq(scoreReports.matchId, live.id));
    expect(round!.state).toBe('decided');
    expect((await reportsOf(a, tid)).reports).toEqual([]);
    expect(await historyOf(tid, live)).toEqual(['live', 'score-report', 'score-dispute', 'report']);
  });

  it("Dispute by the other side: only on a pending report, never one's own", async () => {
    const { id, match, a, b, outsider } = await liveMatch();
    const nothing = await b.agent.post(disputePath(id, match), { version: match.version });
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toEqual({ message: T.nothingToDispute });
    await json(await report(a, id, match, aWin(match)));
    const own = await a.agent.post(disputePath(id, match), { version: match.version });
    expect(own.status).toBe(409);
    expect(await own.json()).toEqual({ message: T.ownReport });
    expect((await outsider.agent.post(disputePath(id, match), { version: match.version })).status).toBe(403);
    const disputed = await json<ScoreReportAnswer>(
      await b.agent.post(disputePath(id, match), { version: match.version }),
    );
    expect(disputed.report).toMatchObject({ state: 'disputed', confirmsAt: null });
    expect(disputed.report.disputedAt).toBe(t.now().toISOString());
    // Twice is once.
    expect((await b.agent.post(disputePath(id, match), { version: match.version })).status).toBe(200);
    expect((await historyOf(id, match)).filter((h) => h === 'score-dispute')).toHaveLength(1);
  });
});

describe('D40: 10 quiet minutes', () => {
  it('confirm a pending report at the clock, applied with the clock as the actor', async () => {
    const { id, match, a } = await liveMatch();
    await json(await report(a, id, match, bWin(match)));
    t.advance(QUIET_CONFIRM_MS - 1);
    expect((await t.clock()).reportsConfirmed).toEqual([]);
    t.advance(1);
    expect((await t.clock()).reportsConfirmed).toEqual([match.id]);
    expect((await t.clock()).reportsConfirmed).toEqual([]);
    expect(await matchOf(id, match)).toMatchObject({ status: 'completed', winnerId: match.teamB!.id });
    expect((await reportsOf(a, id)).reports[0]).toMatchObject({ state: 'confirmed', confirmedBy: 'clock' });
    const rows = await t.db.select().from(matchHistory).where(eq(matchHistory.matchNumber, match.matchNumber));
    expect(rows.filter((r) => r.action === 'score-confirm' || r.action === 'report').map((r) => r.actorId)).toEqual([
      null,
      null,
    ]);
  });

  it('a round whose match the host moved back to upcoming is void, and a new call starts afresh', async () => {
    const { id, match, a, b } = await liveMatch();
    await json(await report(a, id, match, aWin(match)));
    const back = await json<BracketMatch>(
      await admin.agent.patch(`/api/tournaments/${id}/matches/${match.id}`, { status: 'upcoming' }),
    );
    t.advance(QUIET_CONFIRM_MS);
    expect((await t.clock()).reportsConfirmed).toEqual([]);
    expect((await t.db.select().from(scoreReports))[0]!.state).toBe('void');
    expect((await reportsOf(b, id)).reports).toEqual([]);
    const again = await json<BracketMatch>(
      await admin.agent.patch(`/api/tournaments/${id}/matches/${match.id}`, { status: 'live' }),
    );
    expect(again.version).toBe(back.version + 1);
    const fresh = await json<ScoreReportAnswer>(await report(b, id, again, bWin(again)));
    expect(fresh.report).toMatchObject({ state: 'pending', matchVersion: again.version });
  });
});

describe('D40: team entries', () => {
  it("a team's owner or captain reports for it; its other players cannot", async () => {
    const { id, teams } = await tournamentWithTeams(t, { n: 4 });
    await json(await admin.agent.post(`/api/tournaments/${id}/start`));
    const [m] = playable(await bracketOf(t, id));
    const live = await json<BracketMatch>(
      await admin.agent.patch(`/api/tournaments/${id}/matches/${m!.id}`, { status: 'live' }),
    );
    const teamA = teams.find((x) => x.name === live.teamA!.name)!;
    const teamB = teams.find((x) => x.name === live.teamB!.name)!;
    const captain = teamB.members[0]!;
    await t.db
      .update(teamMembers)
      .set({ position: 'captain' })
      .where(and(eq(teamMembers.teamId, teamB.id), eq(teamMembers.userId, captain.id)));

    expect((await report(teamA.members[1]!, id, live, aWin(live))).status).toBe(403);
    await json(await report(teamA.owner, id, live, aWin(live)));
    expect((await reportsOf(captain, id)).mine).toEqual([{ matchId: live.id, side: 'B' }]);
    const agreed = await json<ScoreReportAnswer>(await report(captain, id, live, aWin(live)));
    expect(agreed.report.state).toBe('confirmed');
    expect(await matchOf(id, live)).toMatchObject({ status: 'completed', winnerId: live.teamA!.id });
  });
});

describe('D40 races: exactly one outcome', () => {
  it('both sides report the same score at once: one round, confirmed, one result', async () => {
    const { id, match, a, b } = await liveMatch();
    const answers = await Promise.all([report(a, id, match, aClose(match)), report(b, id, match, aClose(match))]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const rounds = await t.db.select().from(scoreReports);
    expect(rounds.map((r) => r.state)).toEqual(['confirmed']);
    expect((await historyOf(id, match)).filter((h) => h === 'report')).toHaveLength(1);
    expect(await matchOf(id, match)).toMatchObject({ status: 'completed', ...aClose(match) });
  });

  it('both sides report different scores at once: one round, disputed, no result', async () => {
    const { id, match, a, b } = await liveMatch();
    const answers = await Promise.all([report(a, id, match, aClose(match)), report(b, id, match, bWin(match))]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const rounds = await t.db.select().from(scoreReports);
    expect(rounds.map((r) => r.state)).toEqual(['disputed']);
    expect(await matchOf(id, match)).toMatchObject({ status: 'live', winnerId: null });
  });

  it("a player's confirming report racing the host's report: exactly one result, the other told it is stale", async () => {
    const { id, match, a, b } = await liveMatch();
    await json(await report(a, id, match, aClose(match)));
    const [player, host] = await Promise.all([
      report(b, id, match, aClose(match)),
      admin.agent.post(`/api/tournaments/${id}/matches/${match.id}/result`, { ...bWin(match), version: match.version }),
    ]);
    expect([player.status, host.status].sort()).toEqual([200, 409]);
    expect((await historyOf(id, match)).filter((h) => h === 'report')).toHaveLength(1);
    const final = await matchOf(id, match);
    expect(final.status).toBe('completed');
    expect(final).toMatchObject(player.status === 200 ? aClose(match) : bWin(match));
    const [round] = await t.db.select().from(scoreReports);
    expect(round!.state).toBe(player.status === 200 ? 'confirmed' : 'decided');
  });
});

describe('D40: the reports poll', () => {
  it('answers 304 while nothing moved and a fresh view after a report', async () => {
    const { id, match, a, b } = await liveMatch();
    const first = await b.agent.get(`/api/tournaments/${id}/score-reports`);
    const tag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(
      (await b.agent.get(`/api/tournaments/${id}/score-reports`, { headers: { 'If-None-Match': tag } })).status,
    ).toBe(304);
    await json(await report(a, id, match, aWin(match)));
    const after = await b.agent.get(`/api/tournaments/${id}/score-reports`, { headers: { 'If-None-Match': tag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as ScoreReportsView).reports).toHaveLength(1);
  });
});
