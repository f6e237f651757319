// D40 / ADR 052: every match carries a version raised by each change to it; a report or correction names the version
// it saw, and one made against a stale version is refused with 409 and the match as it is, nothing overwritten.
// Against a real migrated database, through the API.
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matches, matchHistory } from '../../../db/schema/competition.ts';
import type { TestApp } from '../../test/app.ts';
import { json, member, type Member } from '../payments/test-helpers.ts';
import { compute, engineInput, loadBracket, StaleMatchError, writeState } from './bracket-store.ts';
import { matchStateLabel, type BracketMatch, type StaleMatchConflict } from './schema.ts';
import { leagueAdmin } from './money-fixtures.ts';
import { bracketOf, competitionApp, playable, tournamentWithPlayers, winningScore } from './test-helpers.ts';

let t: TestApp;
let admin: Member;
beforeEach(async () => ({ t, admin } = await competitionApp()));
afterEach(() => t.cleanup());

const resultPath = (id: number, m: Pick<BracketMatch, 'id'>) => `/api/tournaments/${id}/matches/${m.id}/result`;

async function started(n: number) {
  const { id, players } = await tournamentWithPlayers(t, { n });
  await json(await admin.agent.post(`/api/tournaments/${id}/start`));
  return { id, players, bracket: await bracketOf(t, id) };
}

const versions = (bracket: BracketMatch[]) => new Map(bracket.map((m) => [m.id, m.version]));

async function reportsOf(id: number, m: Pick<BracketMatch, 'matchNumber'>) {
  const rows = await t.db
    .select()
    .from(matchHistory)
    .where(and(eq(matchHistory.tournamentId, id), eq(matchHistory.matchNumber, m.matchNumber)));
  return rows.filter((h) => h.action === 'report' || h.action === 'correct');
}

describe('a match version (D40)', () => {
  it('is in every bracket answer and moves with each change to that match only', async () => {
    const { id, bracket } = await started(8);
    expect(bracket.every((m) => m.version === 1)).toBe(true);
    const [qf] = playable(bracket);

    // A report: the match itself, and the semi-final its winner advances into.
    const after = await json<BracketMatch[]>(await admin.agent.post(resultPath(id, qf!), { ...winningScore(qf!, true), version: 1 }));
    const winner = qf!.teamA!.id;
    const semi = after.find((m) => m.round === 2 && (m.teamA?.id === winner || m.teamB?.id === winner))!;
    const moved = after.filter((m) => m.version !== versions(bracket).get(m.id)).map((m) => m.id);
    expect(moved.sort()).toEqual([qf!.id, semi.id].sort());
    expect(after.find((m) => m.id === qf!.id)!.version).toBe(2);

    // Marked live, and a start time: each raises it (the PATCH answer carries it too).
    const [other] = playable(after);
    const live = await json<BracketMatch>(await admin.agent.patch(`/api/tournaments/${id}/matches/${other!.id}`, { status: 'live' }));
    expect(live.version).toBe(other!.version + 1);
    const timed = await json<BracketMatch>(
      await admin.agent.patch(`/api/tournaments/${id}/matches/${other!.id}`, { startTime: '2026-11-21T15:00:00Z' }),
    );
    expect(timed.version).toBe(other!.version + 2);

    // A withdrawal: the forfeit is a change to the match.
    const target = playable(await bracketOf(t, id)).find((m) => m.id !== other!.id)!;
    await json(await admin.agent.post(`/api/tournaments/${id}/withdraw`, { userId: target.teamA!.userId }));
    const forfeited = (await bracketOf(t, id)).find((m) => m.id === target.id)!;
    expect(forfeited.forfeit).toBe(true);
    expect(forfeited.version).toBe(target.version + 1);
  });

  it('refuses a report made against a stale version with 409 and the match as it is, writing nothing', async () => {
    const { id, bracket } = await started(4);
    const semi = playable(bracket)[0]!;
    const first = { ...winningScore(semi, true), version: semi.version };
    await json(await admin.agent.post(resultPath(id, semi), first));
    const before = await bracketOf(t, id);

    // Another admin saw the same version and reports another score: refused, the first result kept.
    const other = await leagueAdmin(t, 'other');
    const res = await other.agent.post(resultPath(id, semi), { ...winningScore(semi, false, true), version: semi.version });
    expect(res.status).toBe(409);
    const body = (await res.json()) as StaleMatchConflict;
    const now = before.find((m) => m.id === semi.id)!;
    expect(body.match).toEqual(now);
    expect(body.message).toBe(
      `This match was just updated - Match ${semi.matchNumber}: ${semi.teamA!.name} ${first.scoreA}-${first.scoreB} ${semi.teamB!.name}`,
    );
    expect(await bracketOf(t, id)).toEqual(before);
    expect(await reportsOf(id, semi)).toHaveLength(1);

    // With the version it now sees, the same request is a correction and goes through.
    await json(await other.agent.post(resultPath(id, semi), { ...winningScore(semi, true, true), version: now.version }));
    expect((await bracketOf(t, id)).find((m) => m.id === semi.id)!.teamB!.score).toBe(2);
  });

  it('refuses a report on a match marked live since the reporter saw it', async () => {
    const { id, bracket } = await started(4);
    const semi = playable(bracket)[0]!;
    await json(await admin.agent.patch(`/api/tournaments/${id}/matches/${semi.id}`, { status: 'live' }));
    const res = await admin.agent.post(resultPath(id, semi), { ...winningScore(semi, true), version: semi.version });
    expect(res.status).toBe(409);
    const body = (await res.json()) as StaleMatchConflict;
    expect(body.message).toBe(
      `This match was just updated - Match ${semi.matchNumber}: ${semi.teamA!.name} vs ${semi.teamB!.name}, live now`,
    );
    expect(body.match.status).toBe('live');
    expect((await bracketOf(t, id)).find((m) => m.id === semi.id)!.status).toBe('live');
  });

  it('answers a report identical to the stored result with 200 and changes nothing, even with a stale version', async () => {
    const { id, bracket } = await started(4);
    const semi = playable(bracket)[0]!;
    const score = winningScore(semi, true, true);
    await json(await admin.agent.post(resultPath(id, semi), { ...score, version: semi.version }));
    const before = await bracketOf(t, id);
    const again = await json<BracketMatch[]>(await admin.agent.post(resultPath(id, semi), { ...score, version: semi.version }));
    expect(again).toEqual(before);
    expect(await reportsOf(id, semi)).toHaveLength(1);
  });

  it('requires the version (400 with a message, nothing changed)', async () => {
    const { id, bracket } = await started(4);
    const semi = playable(bracket)[0]!;
    for (const version of [undefined, 0, 1.5, '1', null]) {
      const res = await admin.agent.post(resultPath(id, semi), { ...winningScore(semi, true), version });
      expect(res.status, String(version)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toContain('version');
    }
    expect(await bracketOf(t, id)).toEqual(bracket);
  });

  it('of six concurrent reports against the same version (admin and super admin, different scores) applies exactly one', async () => {
    const superAdmin = await member(t, { role: 'super_admin', email: `super-${Math.random().toString(36).slice(2)}@wta.local` });
    const { id, bracket } = await started(4);
    // A semi-final is best of 5: six different valid scores.
    const semi = playable(bracket)[0]!;
    expect(semi.bestOf).toBe(5);
    const scores = [
      [3, 0],
      [0, 3],
      [3, 1],
      [1, 3],
      [3, 2],
      [2, 3],
    ] as const;
    const responses = await Promise.all(
      scores.map(([scoreA, scoreB], i) =>
        (i % 2 === 0 ? admin : superAdmin).agent.post(resultPath(id, semi), { scoreA, scoreB, version: semi.version }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);

    const winner = scores[statuses.indexOf(200)]!;
    const stored = (await bracketOf(t, id)).find((m) => m.id === semi.id)!;
    expect([stored.teamA!.score, stored.teamB!.score]).toEqual(winner);
    expect(stored.version).toBe(semi.version + 1);
    for (const res of responses.filter((r) => r.status === 409)) {
      const body = (await res.json()) as StaleMatchConflict;
      expect(body.match).toEqual(stored);
      expect(body.message).toBe(`This match was just updated - ${matchStateLabel(stored)}`);
    }
    // The history holds the one report applied.
    expect((await reportsOf(id, semi)).map((h) => JSON.parse(h.after!) as { scoreA: number; scoreB: number })).toMatchObject([
      { scoreA: winner[0], scoreB: winner[1] },
    ]);
  });

  it('two reports of different matches at once both apply: the one that finds the bracket moved reads it again', async () => {
    const { id, bracket } = await started(4);
    const [semiA, semiB] = playable(bracket);
    const responses = await Promise.all(
      [semiA!, semiB!].map((m) => admin.agent.post(resultPath(id, m), { ...winningScore(m, true), version: m.version })),
    );
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const after = await bracketOf(t, id);
    // Each answer is the bracket as it stood after its own report; the later one holds both.
    const answers = await Promise.all(responses.map((r) => r.json() as Promise<BracketMatch[]>));
    expect(answers).toContainEqual(after);
    const final = after.find((m) => m.stage === 'main' && m.round === 2)!;
    expect([final.teamA?.id, final.teamB?.id].sort()).toEqual([semiA!.teamA!.id, semiB!.teamA!.id].sort());
    for (const m of [semiA!, semiB!]) expect(await reportsOf(id, m)).toHaveLength(1);
  });

  it('a withdrawal that changes no match still moves the bracket, so its poll is no 304', async () => {
    const { id, bracket } = await started(4);
    const semi = playable(bracket)[0]!;
    await json(await admin.agent.post(resultPath(id, semi), { ...winningScore(semi, true), version: semi.version }));
    const seen = await t.request(`/api/tournaments/${id}/bracket`);
    // The semi-final's loser has no match left: withdrawing them writes no match, only the entrant.
    await json(await admin.agent.post(`/api/tournaments/${id}/withdraw`, { userId: semi.teamB!.userId }));
    const polled = await t.request(`/api/tournaments/${id}/bracket`, { headers: { 'If-None-Match': seen.headers.get('ETag')! } });
    expect(polled.status).toBe(200);
    const shown = ((await polled.json()) as BracketMatch[]).find((m) => m.id === semi.id)!;
    expect(shown.teamB!.withdrawn).toBe(true);
  });

  it('a correction names the version too: the D20 confirmation resends it, a correction made meanwhile makes it stale', async () => {
    const { id } = await started(4);
    for (const m of playable(await bracketOf(t, id))) {
      await json(await admin.agent.post(resultPath(id, m), { ...winningScore(m, true), version: m.version }));
    }
    const bracket = await bracketOf(t, id);
    const semi = bracket.find((m) => m.stage === 'main' && m.round === 1)!;
    const final = bracket.find((m) => m.stage === 'main' && m.round === 2)!;
    await json(await admin.agent.post(resultPath(id, final), { ...winningScore(final, true), version: final.version }));

    const flip = { ...winningScore(semi, false), version: semi.version };
    const refused = await admin.agent.post(resultPath(id, semi), flip);
    expect(refused.status).toBe(409);
    const { dependents } = (await refused.json()) as { dependents: { id: number }[] };
    expect(dependents.length).toBeGreaterThan(0);

    // Meanwhile another correction of the semi-final that keeps its winner.
    await json(await admin.agent.post(resultPath(id, semi), { ...winningScore(semi, true, true), version: semi.version }));
    const stale = await admin.agent.post(resultPath(id, semi), { ...flip, confirm: dependents.map((d) => d.id) });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as StaleMatchConflict).match.teamB!.score).toBe(2);

    const current = (await bracketOf(t, id)).find((m) => m.id === semi.id)!;
    await json(
      await admin.agent.post(resultPath(id, semi), { ...flip, version: current.version, confirm: dependents.map((d) => d.id) }),
    );
    expect((await bracketOf(t, id)).find((m) => m.id === semi.id)!.winnerId).toBe(semi.teamB!.id);
  });

  it('writes each match conditionally on the version it loaded: a row changed behind the lock fails the whole write', async () => {
    const { id, bracket } = await started(4);
    const semi = playable(bracket)[0]!;
    const write = t.db.transaction(async (tx) => {
      const loaded = (await loadBracket(tx, id))!;
      const row = loaded.matches.find((m) => m.id === semi.id)!;
      // What a second writer that skipped the lock would do between the load and the write.
      await tx.update(matches).set({ version: sql`${matches.version} + 1` }).where(eq(matches.id, semi.id));
      const result = { key: row.key, entrantAId: row.entrantAId!, entrantBId: row.entrantBId!, scoreA: 3, scoreB: 0, seq: 1 };
      const state = await compute(engineInput(loaded, [result]));
      await writeState(tx, loaded, state, { actorId: null, now: t.now(), completedKey: row.key });
    });
    await expect(write).rejects.toBeInstanceOf(StaleMatchError);
    expect(await bracketOf(t, id)).toEqual(bracket);
  });
});
