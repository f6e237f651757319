import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import type { CurrentTeam } from './schema.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function signedIn(role: 'player' | 'owner' | 'fan' = 'player'): Promise<{ agent: TestAgent; id: string }> {
  const agent = t.agent();
  const res = await agent.register({ role });
  expect(res.status).toBe(201);
  return { agent, id: ((await res.json()) as { id: string }).id };
}

async function addTeam(ownerId: string, name: string, fields: Partial<typeof teams.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(teams)
    .values({ name, ownerId, wins: 0, losses: 0, ...fields })
    .returning({ id: teams.id });
  return row!.id;
}

async function currentTeam(agent: TestAgent): Promise<CurrentTeam> {
  const res = await agent.get('/api/player/current-team');
  expect(res.status).toBe(200);
  return (await res.json()) as CurrentTeam;
}

describe('GET /api/player/current-team', () => {
  it('answers 401 when signed out', async () => {
    const res = await t.agent().get('/api/player/current-team');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('gives a player on a roster that team with its record', async () => {
    const owner = await signedIn('owner');
    const player = await signedIn();
    const teamId = await addTeam(owner.id, 'Atlanta Heat Check', { wins: 24, losses: 8 });
    await t.db.insert(teamMembers).values({ teamId, userId: player.id, joinedAt: daysAgo(3) });

    expect(await currentTeam(player.agent)).toEqual({
      hasTeam: true,
      team: { id: teamId, name: 'Atlanta Heat Check', wins: 24, losses: 8 },
    });
  });

  it('keeps a player on one roster: the database refuses a second team', async () => {
    const owner = await signedIn('owner');
    const player = await signedIn();
    const oldTeam = await addTeam(owner.id, 'Old Squad');
    const newTeam = await addTeam(owner.id, 'New Squad', { wins: 3, losses: 1 });
    await t.db.insert(teamMembers).values({ teamId: oldTeam, userId: player.id, joinedAt: daysAgo(90) });
    await expect(
      t.db.insert(teamMembers).values({ teamId: newTeam, userId: player.id, joinedAt: daysAgo(1) }),
    ).rejects.toSatisfy(isUniqueViolation);
    expect((await currentTeam(player.agent)).team?.name).toBe('Old Squad');
  });

  it('gives an owner without a roster spot the first team they own', async () => {
    const owner = await signedIn('owner');
    await addTeam(owner.id, 'Second Team', { createdAt: daysAgo(5) });
    const first = await addTeam(owner.id, 'First Team', { createdAt: daysAgo(50), wins: 9, losses: 2 });
    expect(await currentTeam(owner.agent)).toEqual({
      hasTeam: true,
      team: { id: first, name: 'First Team', wins: 9, losses: 2 },
    });
  });

  it('says hasTeam false for a teamless user, whatever teams others have', async () => {
    const owner = await signedIn('owner');
    const teamId = await addTeam(owner.id, 'Somebody Else’s');
    const rostered = await signedIn();
    await t.db.insert(teamMembers).values({ teamId, userId: rostered.id, joinedAt: daysAgo(1) });

    const loner = await signedIn();
    expect(await currentTeam(loner.agent)).toEqual({ hasTeam: false, team: null });
    const fan = await signedIn('fan');
    expect(await currentTeam(fan.agent)).toEqual({ hasTeam: false, team: null });
  });
});
