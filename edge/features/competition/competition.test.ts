import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchHistory, pointsLedger } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DAY, HOUR, json, member, type Member } from '../payments/test-helpers.ts';
import type { BracketMatch, CorrectionConflict } from './schema.ts';
import {
  bracketOf,
  expectedPoints,
  ledgerPoints,
  playable,
  playToCompletion,
  statusOf,
  tournamentWithPlayers,
  winningScore,
} from './test-helpers.ts';

let t: TestApp;
let admin: Member;

beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  admin = await member(t, { role: 'admin', email: `boss-${Math.random().toString(36).slice(2)}@wta.local` });
});
afterEach(() => t.cleanup());

const start = (who: Member, id: number) => who.agent.post(`/api/tournaments/${id}/start`);
/** A report of `m` as the caller saw it (its version), unless `score` names another. */
const report = (who: Member, id: number, m: BracketMatch, score: object) =>
  who.agent.post(`/api/tournaments/${id}/matches/${m.id}/result`, { version: m.version, ...score });

describe('who may run a tournament (D6, D12, D20)', () => {
  it('only an admin on the league domain or the host may start, report, mark live or withdraw', async () => {
    const host = await member(t);
    const { id, players } = await tournamentWithPlayers(t, { n: 4, hostId: host.id });
    const foreignAdmin = await member(t, { role: 'admin', email: 'admin@other-league.example' });
    const fan = await member(t, { role: 'fan' });
    for (const who of [players[0]!, fan, foreignAdmin]) {
      expect((await start(who, id)).status).toBe(403);
    }
    expect((await t.request(`/api/tournaments/${id}/start`, { method: 'POST' })).status).toBe(401);
    expect(await statusOf(t, id)).toBe('upcoming');

    await json(await start(host, id));
    const [m] = playable(await bracketOf(t, id));
    for (const who of [players[0]!, fan, foreignAdmin]) {
      expect((await report(who, id, m!, { scoreA: 2, scoreB: 0 })).status).toBe(403);
      expect((await who.agent.patch(`/api/tournaments/${id}/matches/${m!.id}`, { status: 'live' })).status).toBe(403);
      expect((await who.agent.post(`/api/tournaments/${id}/withdraw`, { userId: players[1]!.id })).status).toBe(403);
      expect((await who.agent.get(`/api/tournaments/${id}/match-history`)).status).toBe(403);
    }
    expect((await bracketOf(t, id)).every((b) => b.status === 'upcoming')).toBe(true);
    await json(await report(host, id, m!, winningScore(m!, true, true)));
    const next = playable(await bracketOf(t, id))[0]!;
    await json(await report(admin, id, next, winningScore(next, false)));
  });

  it('validates scores by best of 3 or 5 (D19) and changes nothing on a bad score', async () => {
    const { id } = await tournamentWithPlayers(t, { n: 8 });
    await json(await start(admin, id));
    const [qf] = playable(await bracketOf(t, id));
    expect(qf!.bestOf).toBe(3);
    for (const bad of [{ scoreA: 1, scoreB: 1 }, { scoreA: 3, scoreB: 0 }, { scoreA: 2, scoreB: 2 }, { scoreA: -1, scoreB: 2 }, { scoreA: 'x', scoreB: 2 }]) {
      const res = await report(admin, id, qf!, bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await bracketOf(t, id)).every((m) => m.status === 'upcoming')).toBe(true);
    // Semi-finals and the final are best of 5.
    const final = (await bracketOf(t, id)).filter((m) => m.stage === 'main').sort((a, b) => b.round - a.round)[0]!;
    expect(final.bestOf).toBe(5);
  });
});

describe('the tournament clock (D12, D15, D33)', () => {
  it('starts a tournament at its start with a bracket seeded by points, and reminds entrants within the hour once', async () => {
    const { id, players } = await tournamentWithPlayers(t, { n: 5, points: (i) => i * 10 });
    t.setNow(new Date(t.now().getTime() + DAY - 30 * 60 * 1000));
    await t.clock();
    await t.clock();
    const reminders = await t.db.select().from(notifications).where(eq(notifications.kind, 'tournament_starting'));
    expect(reminders.map((n) => n.userId).sort()).toEqual(players.map((p) => p.id).sort());
    expect(await statusOf(t, id)).toBe('upcoming');

    t.advance(HOUR);
    const report1 = await t.clock();
    expect(report1.started).toEqual([id]);
    expect(await statusOf(t, id)).toBe('live');
    const bracket = await bracketOf(t, id);
    // 5 players: bracket of 8, byes to seeds 1-3, so round 1 is seed 4 vs seed 5 only.
    const round1 = bracket.filter((m) => m.stage === 'main' && m.round === 1);
    expect(round1).toHaveLength(1);
    expect([round1[0]!.teamA!.seed, round1[0]!.teamB!.seed].sort()).toEqual([4, 5]);
    // The highest points is seed 1.
    const seeds = bracket.flatMap((m) => [m.teamA, m.teamB]).filter((s) => s !== null);
    expect(seeds.find((s) => s.seed === 1)!.userId).toBe(players[4]!.id);
    expect((await t.clock()).started).toEqual([]);
  });

  it('unpaid holds are dropped at the start and do not play', async () => {
    const { id } = await tournamentWithPlayers(t, { n: 3 });
    const late = await member(t);
    await t.db.insert(tournamentRegistrations).values({ tournamentId: id, userId: late.id, status: 'pending_payment', createdAt: t.now() });
    await json(await start(admin, id));
    const names = (await bracketOf(t, id)).flatMap((m) => [m.teamA?.userId, m.teamB?.userId]);
    expect(names).not.toContain(late.id);
    const [reg] = await t.db.select().from(tournamentRegistrations).where(eq(tournamentRegistrations.userId, late.id));
    expect(reg!.status).toBe('cancelled');
  });
});

describe('the bracket read', () => {
  it('answers 304 to an unchanged conditional poll and 200 after a report', async () => {
    const { id } = await tournamentWithPlayers(t, { n: 4 });
    await json(await start(admin, id));
    const first = await t.request(`/api/tournaments/${id}/bracket`);
    const tag = first.headers.get('etag')!;
    expect(tag).toBeTruthy();
    expect((await t.request(`/api/tournaments/${id}/bracket`, { headers: { 'if-none-match': tag } })).status).toBe(304);
    const [m] = playable((await first.json()) as BracketMatch[]);
    await json(await report(admin, id, m!, winningScore(m!, true)));
    const after = await t.request(`/api/tournaments/${id}/bracket`, { headers: { 'if-none-match': tag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
  });

  it('an upcoming tournament has an empty bracket; an unknown one is 404', async () => {
    const { id } = await tournamentWithPlayers(t, { n: 2 });
    expect(await bracketOf(t, id)).toEqual([]);
    expect((await t.request('/api/tournaments/999999/bracket')).status).toBe(404);
  });
});

describe('corrections (D20)', () => {
  async function eightPlayedToSemi() {
    const { id, players } = await tournamentWithPlayers(t, { n: 8 });
    await json(await start(admin, id));
    for (const m of playable(await bracketOf(t, id))) await json(await report(admin, id, m, winningScore(m, true)));
    const semi = playable(await bracketOf(t, id))[0]!;
    await json(await report(admin, id, semi, winningScore(semi, true)));
    return { id, players, semi };
  }

  it('correcting a quarter-final after its semi-final was played is refused (409) without the confirmation, then resets exactly the dependents', async () => {
    const { id, semi } = await eightPlayedToSemi();
    const before = await bracketOf(t, id);
    const semiNow = before.find((m) => m.id === semi.id)!;
    const qf = before.find((m) => m.round === 1 && m.stage === 'main' && m.winnerId === semiNow.teamA!.id)!;

    const refused = await report(admin, id, qf, { scoreA: 0, scoreB: 2 });
    expect(refused.status).toBe(409);
    const conflict = (await refused.json()) as CorrectionConflict;
    expect(conflict.dependents.map((d) => d.id)).toEqual([semi.id]);
    expect(conflict.message).toContain(`Match ${semiNow.matchNumber}`);
    expect(await bracketOf(t, id)).toEqual(before);

    // A confirmation naming other matches is no confirmation.
    expect((await report(admin, id, qf, { scoreA: 0, scoreB: 2, confirm: [qf.id] })).status).toBe(409);
    await json(await report(admin, id, qf, { scoreA: 0, scoreB: 2, confirm: [semi.id] }));
    const after = await bracketOf(t, id);
    // Results changed on exactly the corrected match and its dependent; later matches only lost the entrant it sent.
    const result = (m: BracketMatch) => JSON.stringify([m.status, m.winnerId, m.teamA?.score, m.teamB?.score]);
    const changed = after.filter((m) => result(m) !== result(before.find((b) => b.id === m.id)!));
    expect(changed.map((m) => m.id).sort()).toEqual([qf.id, semi.id].sort());
    for (const m of after.filter((a) => a.round > 2)) expect(m.status).toBe('upcoming');
    const semiAfter = after.find((m) => m.id === semi.id)!;
    expect(semiAfter.status).toBe('upcoming');
    expect(semiAfter.teamA!.id).toBe(qf.teamB!.id);
    const history = await t.db.select().from(matchHistory).where(eq(matchHistory.tournamentId, id));
    expect(history.filter((h) => h.action === 'correct')).toHaveLength(1);
    expect(history.filter((h) => h.action === 'clear').map((h) => h.matchNumber)).toEqual([semiAfter.matchNumber]);
  });

  it('a correction that keeps the winner clears nothing and needs no confirmation', async () => {
    const { id, semi } = await eightPlayedToSemi();
    const semiNow = (await bracketOf(t, id)).find((m) => m.id === semi.id)!;
    const qf = (await bracketOf(t, id)).find((m) => m.round === 1 && m.winnerId === semiNow.teamA!.id)!;
    await json(await report(admin, id, qf, { scoreA: 2, scoreB: 1 }));
    expect((await bracketOf(t, id)).find((m) => m.id === semi.id)!.status).toBe('completed');
  });

  it('after completion: corrections recompute points as a difference, reopen on a top-four change, and close after 7 days', async () => {
    const { id } = await tournamentWithPlayers(t, { n: 4, prizePool: 1000 });
    await json(await start(admin, id));
    let bracket = await playToCompletion(t, admin, id);
    expect(await statusOf(t, id)).toBe('completed');
    expect(await ledgerPoints(t, id)).toEqual(await expectedPoints(t, id));
    const rowsAfterFirst = (await t.db.select().from(pointsLedger).where(eq(pointsLedger.tournamentId, id))).length;

    // The same score again, and a score change that keeps the champion: no double counting.
    const final = bracket.find((m) => m.stage === 'main' && m.round === 2)!;
    await json(await report(admin, id, final, { scoreA: final.teamA!.score, scoreB: final.teamB!.score }));
    await json(await report(admin, id, final, winningScore(final, final.winnerId === final.teamA!.id, true)));
    expect((await t.db.select().from(pointsLedger).where(eq(pointsLedger.tournamentId, id))).length).toBe(rowsAfterFirst);
    expect(await ledgerPoints(t, id)).toEqual(await expectedPoints(t, id));

    // Flipping a semi-final changes the top four: the final is cleared and the tournament is live again.
    const semi = bracket.find((m) => m.stage === 'main' && m.round === 1)!;
    const flip = winningScore(semi, semi.winnerId !== semi.teamA!.id);
    const refused = await report(admin, id, semi, flip);
    expect(refused.status).toBe(409);
    const { dependents } = (await refused.json()) as CorrectionConflict;
    await json(await report(admin, id, semi, { ...flip, confirm: dependents.map((d) => d.id) }));
    expect(await statusOf(t, id)).toBe('live');
    bracket = await playToCompletion(t, admin, id);
    expect(await statusOf(t, id)).toBe('completed');
    expect(await ledgerPoints(t, id)).toEqual(await expectedPoints(t, id));
    const sums = await t.db.select({ id: users.id, points: users.wtaPoints }).from(users);
    const expected = await expectedPoints(t, id);
    for (const [userId, points] of expected) expect(sums.find((u) => u.id === userId)!.points).toBe(points);

    // Day 8 after completion: refused, nothing changed.
    t.advance(8 * DAY);
    const last = bracket.find((m) => m.stage === 'third-place')!;
    const late = await report(admin, id, last, winningScore(last, last.winnerId !== last.teamA!.id));
    expect(late.status).toBe(409);
    expect(((await late.json()) as { message: string }).message).toContain('7 days');
  });
});

describe('withdrawal (D20)', () => {
  it('a withdrawn entrant forfeits: the opponent advances without games or match-win points', async () => {
    const { id, players } = await tournamentWithPlayers(t, { n: 4 });
    await json(await start(admin, id));
    const [m] = playable(await bracketOf(t, id));
    const leaving = m!.teamA!;
    await json(await admin.agent.post(`/api/tournaments/${id}/withdraw`, { userId: leaving.userId }));
    const done = (await bracketOf(t, id)).find((b) => b.id === m!.id)!;
    expect(done.status).toBe('completed');
    expect(done.forfeit).toBe(true);
    expect(done.winnerId).toBe(m!.teamB!.id);
    expect(done.teamA!.score).toBeNull();
    const [winner] = await t.db.select().from(users).where(eq(users.id, m!.teamB!.userId!));
    expect(winner!.wins).toBe(0);
    expect(winner!.gamesPlayed).toBe(0);
    await playToCompletion(t, admin, id);
    expect(await ledgerPoints(t, id)).toEqual(await expectedPoints(t, id));
    expect(players).toHaveLength(4);
  });

  it('before the start a withdrawal cancels the registration; a completed tournament refuses', async () => {
    const { id, players } = await tournamentWithPlayers(t, { n: 3 });
    await json(await admin.agent.post(`/api/tournaments/${id}/withdraw`, { userId: players[0]!.id }));
    const [reg] = await t.db.select().from(tournamentRegistrations).where(eq(tournamentRegistrations.userId, players[0]!.id));
    expect(reg!.status).toBe('cancelled');
    await t.db.update(tournaments).set({ status: 'completed' }).where(eq(tournaments.id, id));
    expect((await admin.agent.post(`/api/tournaments/${id}/withdraw`, { userId: players[1]!.id })).status).toBe(409);
  });
});

describe('matches called and scheduled', () => {
  it('marking a match live notifies both sides; a start time shows on the match', async () => {
    const { id } = await tournamentWithPlayers(t, { n: 2 });
    await json(await start(admin, id));
    const [m] = await bracketOf(t, id);
    const live = await json<BracketMatch>(await admin.agent.patch(`/api/tournaments/${id}/matches/${m!.id}`, { status: 'live' }));
    expect(live.status).toBe('live');
    const called = await t.db.select().from(notifications).where(eq(notifications.kind, 'match_called'));
    expect(called.map((n) => n.userId).sort()).toEqual([m!.teamA!.userId, m!.teamB!.userId].sort());
    const at = '2026-11-21T15:30:00.000Z';
    const timed = await json<BracketMatch>(await admin.agent.patch(`/api/tournaments/${id}/matches/${m!.id}`, { startTime: at }));
    expect(timed.startTime).toBe(at);
    expect(timed.startTimeEstimated).toBe(false);
    expect((await admin.agent.patch(`/api/tournaments/${id}/matches/${m!.id}`, {})).status).toBe(400);
  });
});

describe('the player dashboard', () => {
  it('lists the member own matches with opponent, score and result', async () => {
    const { id, players } = await tournamentWithPlayers(t, { n: 4, points: (i) => 100 - i });
    await json(await start(admin, id));
    await playToCompletion(t, admin, id);
    const mine = await json<{ result: string; opponent: { name: string } | null; scoreFor: number; roundName: string }[]>(
      await players[0]!.agent.get('/api/player/matches'),
    );
    expect(mine.map((m) => m.result)).toEqual(['win', 'win']);
    expect(mine.every((m) => m.opponent !== null && m.opponent.name.length > 0)).toBe(true);
    expect(mine.map((m) => m.roundName).sort()).toEqual(['Final', 'Semi-Finals']);
  });
});
