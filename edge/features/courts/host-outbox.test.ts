// ADR 071, issue 37 item 5: the host's tournament-day actions wait in the phone's outbox and may be sent again when
// an answer was lost. Each must then answer as the first did and change nothing: through the API against a real
// migrated database.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchHistory } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { CLIENT_REQUEST_MESSAGES } from '../../lib/client-request.ts';
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

let t: TestApp;
beforeEach(async () => ({ t } = await competitionApp()));
afterEach(() => t.cleanup());

/** A started round robin of 4 hosted by a member, with two courts. */
async function hosted() {
  const { id, players } = await tournamentWithPlayers(t, { n: 4, format: 'round-robin' });
  const host = await member(t);
  await t.db.update(tournaments).set({ hostId: host.id }).where(eq(tournaments.id, id));
  await json(
    await host.agent.put(`/api/tournaments/${id}/courts`, { courts: ['Court 1', 'Court 2'], noShowMinutes: 10 }),
  );
  await json(await host.agent.post(`/api/tournaments/${id}/start`));
  const [m] = playable(await bracketOf(t, id));
  return { id, host, players, m: m! };
}

const historyOf = async (id: number, m: Pick<BracketMatch, 'matchNumber'>) =>
  (
    await t.db
      .select()
      .from(matchHistory)
      .where(and(eq(matchHistory.tournamentId, id), eq(matchHistory.matchNumber, m.matchNumber)))
  ).map((h) => h.action);

const callTo = (who: Member, id: number, m: Pick<BracketMatch, 'id'>, court: string, init?: RequestInit) =>
  who.agent.patch(`/api/tournaments/${id}/matches/${m.id}`, { status: 'live', court }, init);

describe("the host's actions sent again by the outbox", () => {
  it('a call to court sent twice calls once: the same answer, one history row, one notice each', async () => {
    const { id, host, m } = await hosted();
    const first = await json<BracketMatch>(await callTo(host, id, m, 'Court 1'));
    const again = await json<BracketMatch>(await callTo(host, id, m, 'court 1'));
    expect(again).toEqual(first);
    expect((await historyOf(id, m)).length).toBe(1);
    for (const side of [m.teamA!, m.teamB!]) {
      const told = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, side.userId!), eq(notifications.kind, 'match_called')));
      expect(told).toHaveLength(1);
    }
    // Another court is another call: it moves the match, once.
    const moved = await json<BracketMatch>(await callTo(host, id, m, 'Court 2'));
    expect([moved.court, moved.version]).toEqual(['Court 2', first.version + 1]);
  });

  it("the host's score sent twice with the version it saw is applied once and answered both times", async () => {
    const { id, host, m } = await hosted();
    const live = await json<BracketMatch>(await callTo(host, id, m, 'Court 1'));
    const score = { ...winningScore(live, true), version: live.version };
    await json(await host.agent.post(`/api/tournaments/${id}/matches/${m.id}/result`, score));
    const after = (await bracketOf(t, id)).find((x) => x.id === m.id)!;
    const again = await host.agent.post(`/api/tournaments/${id}/matches/${m.id}/result`, score);
    expect(again.status).toBe(200);
    expect((await bracketOf(t, id)).find((x) => x.id === m.id)).toEqual(after);
    expect((await historyOf(id, m)).filter((a) => a === 'report')).toHaveLength(1);
    // Another score with the old version is still refused with the match as it is (D40).
    const other = await host.agent.post(`/api/tournaments/${id}/matches/${m.id}/result`, {
      ...winningScore(live, false),
      version: live.version,
    });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { match: BracketMatch }).match.version).toBe(after.version);
  });

  it('is refused 409 when queued on the phone by another account, and nothing changes', async () => {
    const { id, host, players, m } = await hosted();
    const queuedBy = { headers: { 'X-Outbox-User': players[0]!.id } };
    const refused = await callTo(host, id, m, 'Court 1', queuedBy);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: CLIENT_REQUEST_MESSAGES.otherAccount });
    const result = await host.agent.post(
      `/api/tournaments/${id}/matches/${m.id}/result`,
      { ...winningScore(m, true), version: m.version },
      queuedBy,
    );
    expect(result.status).toBe(409);
    const decision = await host.agent.post(
      `/api/tournaments/${id}/forfeit-claims/1/decision`,
      { confirm: true },
      queuedBy,
    );
    expect(decision.status).toBe(409);
    expect((await bracketOf(t, id)).find((x) => x.id === m.id)).toMatchObject({
      status: 'upcoming',
      version: m.version,
    });
    expect(await historyOf(id, m)).toEqual([]);
    // Its own account sends it.
    expect((await callTo(host, id, m, 'Court 1', { headers: { 'X-Outbox-User': host.id } })).status).toBe(200);
  });
});
