import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entrants } from '../../../db/schema/competition.ts';
import { followAlerts, follows } from '../../../db/schema/follows.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teams } from '../../../db/schema/teams.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTournament, json, member, type Member } from '../payments/test-helpers.ts';
import {
  claimLiveAlert,
  claimWonAlert,
  drainFollowAlerts,
  FOLLOWED_LIVE_KIND,
  FOLLOWED_WON_KIND,
  FOLLOWER_BATCH,
} from './follower-alerts.ts';
import type { BracketMatch, CorrectionConflict } from './schema.ts';
import { playToCompletion, statusOf, tournamentWithPlayers, winningScore } from './test-helpers.ts';

// D31: followers hear (D15) when a followed player's or team's tournament goes live and when they win one, once,
// whatever is retried or settled again.

let t: TestApp;
let admin: Member;

beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  admin = await member(t, { role: 'admin', email: `boss-${Math.random().toString(36).slice(2)}@wta.local` });
});
afterEach(() => t.cleanup());

const start = (id: number) => admin.agent.post(`/api/tournaments/${id}/start`);

async function follow(follower: Member, subject: { playerId?: string; teamId?: number }) {
  await t.db.insert(follows).values({ followerId: follower.id, ...subject, createdAt: t.now() });
}

async function alertsOf(userId: string, kind?: string) {
  const rows = await t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.kind, [FOLLOWED_LIVE_KIND, FOLLOWED_WON_KIND])));
  return rows.filter((n) => kind === undefined || n.kind === kind);
}

async function rename(userId: string, firstName: string, lastName: string) {
  await t.db.update(users).set({ firstName, lastName }).where(eq(users.id, userId));
}

describe('a followed player’s tournament goes live', () => {
  it('each follower hears once, naming the best-seeded player they follow; entrants and strangers do not', async () => {
    const { id, players } = await tournamentWithPlayers(t, { n: 4, points: (i) => 100 - i });
    await rename(players[0]!.id, 'Ava', 'Top');
    await rename(players[2]!.id, 'Cy', 'Third');
    await t.db.update(tournaments).set({ title: 'Hoop Kings' }).where(eq(tournaments.id, id));
    const fan = await member(t, { role: 'fan' });
    const other = await member(t, { role: 'fan' });
    const stranger = await member(t, { role: 'fan' });
    await follow(fan, { playerId: players[2]!.id });
    await follow(fan, { playerId: players[0]!.id });
    await follow(other, { playerId: players[2]!.id });
    // An entrant who follows another entrant is playing: no alert.
    await follow(players[1]!, { playerId: players[0]!.id });

    await json(await start(id));
    const [fanAlert, ...more] = await alertsOf(fan.id);
    expect(more).toEqual([]);
    expect(fanAlert).toMatchObject({
      kind: FOLLOWED_LIVE_KIND,
      title: 'Hoop Kings is live',
      body: 'Ava Top and 1 other you follow play in Hoop Kings now.',
      link: `/tournaments/${id}#bracket`,
      read: false,
      createdAt: t.now(),
    });
    expect((await alertsOf(other.id)).map((n) => n.body)).toEqual(['Cy Third plays in Hoop Kings now.']);
    expect(await alertsOf(players[1]!.id)).toEqual([]);
    expect(await alertsOf(stranger.id)).toEqual([]);

    // A retried start is refused and writes nothing; so does the alert itself, run again in a transaction.
    expect((await start(id)).status).toBe(409);
    await t.db.transaction((tx) => claimLiveAlert(tx, { id, title: 'Hoop Kings' }, t.now()));
    await drainFollowAlerts(t.db, t.now());
    await t.clock();
    expect(await alertsOf(fan.id)).toHaveLength(1);
    expect(await alertsOf(other.id)).toHaveLength(1);
  });

  it('a followed team entered in a tournament: its followers hear, not the followers of the owner who entered it', async () => {
    const owner = await member(t, { role: 'owner' });
    const [team] = await t.db
      .insert(teams)
      .values({ name: 'Heat Check', ownerId: owner.id })
      .returning({ id: teams.id });
    const id = await addTournament(t, { title: 'Team Jam', status: 'live' });
    const solo = await member(t);
    await rename(solo.id, 'Solo', 'Player');
    await t.db.insert(entrants).values([
      { tournamentId: id, userId: owner.id, teamId: team!.id, name: 'Heat Check', seed: 1, createdAt: t.now() },
      { tournamentId: id, userId: solo.id, name: 'Solo Player', seed: 2, createdAt: t.now() },
    ]);
    const teamFan = await member(t, { role: 'fan' });
    const ownerFan = await member(t, { role: 'fan' });
    const bothFan = await member(t, { role: 'fan' });
    await follow(teamFan, { teamId: team!.id });
    await follow(ownerFan, { playerId: owner.id });
    await follow(bothFan, { teamId: team!.id });
    await follow(bothFan, { playerId: solo.id });

    await t.db.transaction((tx) => claimLiveAlert(tx, { id, title: 'Team Jam' }, t.now()));
    await drainFollowAlerts(t.db, t.now());
    expect((await alertsOf(teamFan.id)).map((n) => n.body)).toEqual(['Heat Check plays in Team Jam now.']);
    expect(await alertsOf(ownerFan.id)).toEqual([]);
    expect((await alertsOf(bothFan.id)).map((n) => n.body)).toEqual([
      'Heat Check and 1 other you follow play in Team Jam now.',
    ]);

    // The team wins: its followers hear, once.
    const champion = { userId: owner.id, teamId: team!.id, name: 'Heat Check' };
    for (let i = 0; i < 2; i++) {
      await t.db.transaction((tx) => claimWonAlert(tx, { id, title: 'Team Jam' }, champion, t.now()));
      await drainFollowAlerts(t.db, t.now());
    }
    expect((await alertsOf(teamFan.id, FOLLOWED_WON_KIND)).map((n) => [n.title, n.body])).toEqual([
      ['Heat Check won Team Jam', 'Heat Check is the champion of Team Jam. See the final bracket and standings.'],
    ]);
    expect(await alertsOf(ownerFan.id)).toEqual([]);
  });
});

describe('a followed player wins a tournament', () => {
  it('the champion’s followers hear once; settling again does not repeat it; a corrected champion is news', async () => {
    const { id, players } = await tournamentWithPlayers(t, { n: 4, points: (i) => 100 - i });
    const [seed1, seed2] = [players[0]!, players[1]!];
    await rename(seed1.id, 'Ava', 'One');
    await rename(seed2.id, 'Ben', 'Two');
    const fanOf1 = await member(t, { role: 'fan' });
    const fanOf2 = await member(t, { role: 'fan' });
    await follow(fanOf1, { playerId: seed1.id });
    await follow(fanOf2, { playerId: seed2.id });

    await json(await start(id));
    // The better seed wins every match: seed 1 is champion.
    let bracket = await playToCompletion(t, admin, id);
    expect(await statusOf(t, id)).toBe('completed');
    expect((await alertsOf(fanOf1.id, FOLLOWED_WON_KIND)).map((n) => n.title)).toEqual(['Ava One won Summer Slam']);
    expect(await alertsOf(fanOf2.id, FOLLOWED_WON_KIND)).toEqual([]);

    // The final's result sent again, and a score change that keeps the champion: settled again, no second alert.
    const final = bracket.find((m: BracketMatch) => m.stage === 'main' && m.round === 2)!;
    await json(
      await admin.agent.post(`/api/tournaments/${id}/matches/${final.id}/result`, {
        scoreA: final.teamA!.score,
        scoreB: final.teamB!.score,
        version: final.version,
      }),
    );
    await json(
      await admin.agent.post(
        `/api/tournaments/${id}/matches/${final.id}/result`,
        { ...winningScore(final, final.winnerId === final.teamA!.id, true), version: final.version },
      ),
    );
    expect(await alertsOf(fanOf1.id, FOLLOWED_WON_KIND)).toHaveLength(1);

    // D20: seed 1's semi-final flipped; the new final goes to seed 2, whose followers now hear it, once.
    const semi = bracket.find(
      (m: BracketMatch) =>
        m.stage === 'main' && m.round === 1 && (m.teamA?.userId === seed1.id || m.teamB?.userId === seed1.id),
    )!;
    const flip = { ...winningScore(semi, semi.winnerId !== semi.teamA!.id), version: semi.version };
    const refused = await admin.agent.post(`/api/tournaments/${id}/matches/${semi.id}/result`, flip);
    const { dependents } = (await refused.json()) as CorrectionConflict;
    await json(
      await admin.agent.post(`/api/tournaments/${id}/matches/${semi.id}/result`, {
        ...flip,
        confirm: dependents.map((d) => d.id),
      }),
    );
    bracket = await playToCompletion(t, admin, id);
    expect(await statusOf(t, id)).toBe('completed');
    expect((await alertsOf(fanOf2.id, FOLLOWED_WON_KIND)).map((n) => n.title)).toEqual(['Ben Two won Summer Slam']);
    expect(await alertsOf(fanOf1.id, FOLLOWED_WON_KIND)).toHaveLength(1);
    expect(bracket.length).toBeGreaterThan(0);
    // Going live was announced once in all this (the reopening is no new start).
    expect(await alertsOf(fanOf1.id, FOLLOWED_LIVE_KIND)).toHaveLength(1);
  });
});

describe('a player with many followers', () => {
  async function addFollowers(playerId: string, n: number, prefix: string) {
    const ids = Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(6, '0')}`);
    for (let i = 0; i < n; i += 500) {
      const chunk = ids.slice(i, i + 500);
      await t.db.insert(users).values(
        chunk.map((uid) => ({
          id: uid,
          email: `${uid}@example.test`,
          firstName: 'F',
          lastName: 'L',
          role: 'fan' as const,
        })),
      );
      await t.db.insert(follows).values(chunk.map((uid) => ({ followerId: uid, playerId, createdAt: t.now() })));
    }
    return ids;
  }

  /** A live tournament with two solo entrants, as a start leaves it (without the start's own alert). */
  async function liveTournament() {
    const id = await addTournament(t, { status: 'live' });
    const players = [await member(t), await member(t)];
    await t.db
      .insert(entrants)
      .values(
        players.map((p, i) => ({
          tournamentId: id,
          userId: p.id,
          name: `Player ${i + 1}`,
          seed: i + 1,
          createdAt: t.now(),
        })),
      );
    return { id, players };
  }

  const liveCounts = () =>
    t.db.all<{ n: number; people: number }>(
      sql`select count(*) as n, count(distinct user_id) as people from notifications where kind = ${FOLLOWED_LIVE_KIND}`,
    );

  it('followers are written in batches after the start; an interrupted run resumes at its cursor, each once', async () => {
    const { id, players } = await liveTournament();
    const n = FOLLOWER_BATCH * 2 + 500;
    const ids = await addFollowers(players[0]!.id, n, 'fol');
    // Some follow both entrants: still one notification each, whichever batch they fall in.
    for (const uid of ids.filter((_, i) => i % 7 === 0))
      await t.db.insert(follows).values({ followerId: uid, playerId: players[1]!.id, createdAt: t.now() });

    // A start whose drain never ran (the process stopped right after the commit): claimed, nothing written yet.
    await t.db.transaction((tx) => claimLiveAlert(tx, { id, title: 'Summer Slam' }, t.now()));
    expect(await liveCounts()).toEqual([{ n: 0, people: 0 }]);
    // Half-way: the first batch was written and its cursor saved, then the run stopped.
    const [first] = await t.db.all<{ id: string }>(
      sql`select id from users where id like 'fol-%' order by id limit 1 offset ${FOLLOWER_BATCH - 1}`,
    );
    await t.db.run(sql`insert into notifications (user_id, kind, title, body, link, read, created_at)
      select id, ${FOLLOWED_LIVE_KIND}, 'x', 'x', null, 0, 0 from users where id like 'fol-%' and id <= ${first!.id}`);
    await t.db.update(followAlerts).set({ cursor: first!.id }).where(eq(followAlerts.tournamentId, id));

    // The clock's next tick finishes it.
    await t.clock();
    expect(await liveCounts()).toEqual([{ n, people: n }]);
    const [alert] = await t.db.select().from(followAlerts).where(eq(followAlerts.tournamentId, id));
    expect(alert).toMatchObject({ cursor: ids.at(-1), doneAt: t.now() });
    // Nothing left to do: another drain writes nothing.
    await drainFollowAlerts(t.db, t.now());
    expect(await liveCounts()).toEqual([{ n, people: n }]);
  });

  it('10,000 followers: each batch is a short transaction', async () => {
    const { id, players } = await liveTournament();
    const N = 10_000;
    await addFollowers(players[0]!.id, N, 'many');
    await t.db.transaction((tx) => claimLiveAlert(tx, { id, title: 'Summer Slam' }, t.now()));
    const began = performance.now();
    await drainFollowAlerts(t.db, t.now());
    const ms = performance.now() - began;
    expect(await liveCounts()).toEqual([{ n: N, people: N }]);
    const batches = Math.ceil(N / FOLLOWER_BATCH) + (N % FOLLOWER_BATCH === 0 ? 1 : 0);
    console.log(
      `[follower-alerts] ${N} followers in ${batches} batches: ${ms.toFixed(0)} ms, ${(ms / batches).toFixed(0)} ms a batch`,
    );
    // Generous on a loaded 2-core machine: the point is that no single transaction holds the lock for the whole.
    expect(ms / batches).toBeLessThan(500);
  });
});
