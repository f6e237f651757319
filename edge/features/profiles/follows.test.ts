import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { follows } from '../../../db/schema/follows.ts';
import { teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { member } from '../payments/test-helpers.ts';
import type { FollowState } from './schema.ts';

// Follow is real (D31, ADR 031): saved, counted, idempotent, never yourself or your own team, guests refused; every
// refusal changes nothing.

const NOW = new Date('2026-11-21T12:00:00Z');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function addTeam(ownerId: string) {
  const [row] = await t.db.insert(teams).values({ name: 'Heat', ownerId }).returning({ id: teams.id });
  return row!.id;
}

async function state(res: Response): Promise<FollowState> {
  expect(res.status).toBe(200);
  return (await res.json()) as FollowState;
}

const followRows = () => t.db.select().from(follows);

describe('following a player', () => {
  it('PUT follows once however often it is sent; DELETE unfollows, also twice; the count follows along', async () => {
    const player = await member(t);
    const fan = await member(t, { role: 'fan' });
    const other = await member(t);
    const path = `/api/players/${player.id}/follow`;

    expect(await state(await fan.agent.put(path))).toEqual({ following: true, followerCount: 1 });
    expect(await state(await fan.agent.put(path))).toEqual({ following: true, followerCount: 1 });
    expect(await state(await other.agent.put(path))).toEqual({ following: true, followerCount: 2 });
    expect(await followRows()).toHaveLength(2);
    expect((await followRows()).find((f) => f.followerId === fan.id)).toMatchObject({
      playerId: player.id,
      teamId: null,
      createdAt: NOW,
    });

    expect(await state(await fan.agent.delete(path))).toEqual({ following: false, followerCount: 1 });
    expect(await state(await fan.agent.delete(path))).toEqual({ following: false, followerCount: 1 });
    const profile = (await (await other.agent.get(`/api/players/${player.id}/profile`)).json()) as {
      followerCount: number;
      viewer: { following: boolean };
    };
    expect(profile).toMatchObject({ followerCount: 1, viewer: { following: true } });
  });

  it('presses at the same moment leave one row', async () => {
    const player = await member(t);
    const fan = await member(t, { role: 'fan' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => fan.agent.put(`/api/players/${player.id}/follow`)),
    );
    for (const res of answers) expect(res.status).toBe(200);
    expect(await followRows()).toHaveLength(1);
  });

  it('refuses following yourself (400), and the database refuses it too', async () => {
    const player = await member(t);
    const res = await player.agent.put(`/api/players/${player.id}/follow`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'You cannot follow yourself' });
    expect(await followRows()).toHaveLength(0);
    await expect(
      t.db.insert(follows).values({ followerId: player.id, playerId: player.id, createdAt: NOW }),
    ).rejects.toThrow();
    // A row names exactly one of a player and a team.
    const teamId = await addTeam((await member(t, { role: 'owner' })).id);
    const fan = await member(t, { role: 'fan' });
    await expect(t.db.insert(follows).values({ followerId: fan.id, createdAt: NOW })).rejects.toThrow();
    await expect(
      t.db.insert(follows).values({ followerId: fan.id, playerId: player.id, teamId, createdAt: NOW }),
    ).rejects.toThrow();
  });

  it('guests get 401 and nothing is written; an unknown or malformed player is 404', async () => {
    const player = await member(t);
    for (const method of ['PUT', 'DELETE']) {
      const res = await t.request(`/api/players/${player.id}/follow`, { method });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Unauthorized' });
    }
    const fan = await member(t, { role: 'fan' });
    for (const id of ['nobody', 'x'.repeat(65), '%27%3B--']) {
      for (const send of [fan.agent.put, fan.agent.delete]) {
        const res = await send(`/api/players/${id}/follow`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'Player not found' });
      }
    }
    expect(await followRows()).toHaveLength(0);
  });

  it('a request from another site is refused by the Origin check and writes nothing', async () => {
    const player = await member(t);
    const fan = await member(t, { role: 'fan' });
    const res = await fan.agent.put(`/api/players/${player.id}/follow`, undefined, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await followRows()).toHaveLength(0);
  });

  it('a member’s follows go with their account, and a followed member’s followers with theirs', async () => {
    // No waivers: a signed waiver is a legal record that keeps its member's row (D8).
    const player = await member(t, { waiver: false });
    const fan = await member(t, { role: 'fan' });
    const other = await member(t, { waiver: false });
    await state(await fan.agent.put(`/api/players/${player.id}/follow`));
    await state(await fan.agent.put(`/api/players/${other.id}/follow`));
    await state(await other.agent.put(`/api/players/${player.id}/follow`));
    await t.db.delete(users).where(eq(users.id, player.id));
    expect((await followRows()).map((f) => [f.followerId, f.playerId])).toEqual([[fan.id, other.id]]);
    await t.db.delete(users).where(eq(users.id, other.id));
    expect(await followRows()).toHaveLength(0);
  });
});

describe('following a team', () => {
  it('follows and unfollows idempotently, with the count', async () => {
    const owner = await member(t, { role: 'owner' });
    const teamId = await addTeam(owner.id);
    const fan = await member(t, { role: 'fan' });
    const player = await member(t);
    expect(await state(await fan.agent.put(`/api/teams/${teamId}/follow`))).toEqual({
      following: true,
      followerCount: 1,
    });
    expect(await state(await fan.agent.put(`/api/teams/${teamId}/follow`))).toEqual({
      following: true,
      followerCount: 1,
    });
    expect(await state(await player.agent.put(`/api/teams/${teamId}/follow`))).toEqual({
      following: true,
      followerCount: 2,
    });
    expect(await state(await fan.agent.delete(`/api/teams/${teamId}/follow`))).toEqual({
      following: false,
      followerCount: 1,
    });
    expect(await state(await fan.agent.delete(`/api/teams/${teamId}/follow`))).toEqual({
      following: false,
      followerCount: 1,
    });
  });

  it('the owner cannot follow their own team (400); another owner can', async () => {
    const owner = await member(t, { role: 'owner' });
    const teamId = await addTeam(owner.id);
    const res = await owner.agent.put(`/api/teams/${teamId}/follow`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'You cannot follow your own team' });
    expect(await followRows()).toHaveLength(0);
    const rival = await member(t, { role: 'owner' });
    expect(await state(await rival.agent.put(`/api/teams/${teamId}/follow`))).toEqual({
      following: true,
      followerCount: 1,
    });
  });

  it('guests get 401; unknown or malformed teams are 404; nothing is written', async () => {
    const owner = await member(t, { role: 'owner' });
    const teamId = await addTeam(owner.id);
    expect((await t.request(`/api/teams/${teamId}/follow`, { method: 'PUT' })).status).toBe(401);
    const fan = await member(t, { role: 'fan' });
    for (const id of ['424242', '0', 'abc', '1.5', '99999999999999999999']) {
      for (const send of [fan.agent.put, fan.agent.delete]) {
        const res = await send(`/api/teams/${id}/follow`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'Team not found' });
      }
    }
    expect(await followRows()).toHaveLength(0);
  });

  it('counting and checking a follow read only the subject’s index (no table scan)', async () => {
    const plans: string[] = [];
    for (const query of [
      "select count(*), coalesce(max(follower_id = 'y'), 0) from follows where team_id = 3",
      "select count(*), coalesce(max(follower_id = 'y'), 0) from follows where player_id = 'x'",
      "select exists (select 1 from follows f where f.player_id = 'x' and f.follower_id = 'y')",
    ]) {
      const rows = await t.db.all<{ detail: string }>(sql.raw(`EXPLAIN QUERY PLAN ${query}`));
      plans.push(rows.map((r) => r.detail).join('\n'));
    }
    expect(plans[0]).toContain('USING COVERING INDEX follows_team_uq (team_id=?)');
    expect(plans[1]).toContain('USING COVERING INDEX follows_player_uq (player_id=?)');
    expect(plans[2]).toContain('USING COVERING INDEX follows_player_uq (player_id=? AND follower_id=?)');
  });
});
