import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { follows } from '../../../db/schema/follows.ts';
import { teamMembers } from '../../../db/schema/teams.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { member } from '../payments/test-helpers.ts';
import type { TeamProfile } from './schema.ts';
import { addTeam, NOW, setUser, teamOf } from './test-fixtures.ts';

// GET /api/teams/{id}/profile (001 s3, s7) against a real migrated database: every field of the team, its owner and
// roster in order, D36 on the roster, and the follower count and viewer's state (D31).

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

describe('GET /api/teams/{id}/profile', () => {
  it('answers every field of 001 s3 Team with the owner, the roster in order and winRate', async () => {
    const owner = await member(t, { role: 'owner', verified: true });
    await setUser(t, owner.id, { firstName: 'Olivia', lastName: 'Owens', dateOfBirth: '1980-01-01' });
    const teamId = await addTeam(t, owner.id, {
      tagline: 'Heat checks only.',
      motto: 'Shoot first.',
      logoUrl: '/uploads/logo.jpg',
      sport: 'basketball',
      city: 'Atlanta',
      wins: 24,
      losses: 8,
      tournamentsPlayed: 9,
      championshipWins: 3,
    });
    const [captain, coach, star, rookie] = [await member(t), await member(t), await member(t), await member(t)];
    await setUser(t, captain!.id, {
      firstName: 'Cap',
      lastName: 'Tain',
      wtaPoints: 10,
      city: 'Macon',
      wins: 3,
      gamesPlayed: 4,
    });
    await setUser(t, coach!.id, { firstName: 'Co', lastName: 'Ach', wtaPoints: 5 });
    await setUser(t, star!.id, {
      firstName: 'Star',
      lastName: 'Player',
      wtaPoints: 900,
      isVerified: true,
      profileImageUrl: '/uploads/s.jpg',
    });
    await setUser(t, rookie!.id, { firstName: 'Roo', lastName: 'Kie', wtaPoints: 40 });
    await t.db.insert(teamMembers).values([
      { teamId, userId: rookie!.id, joinedAt: NOW },
      { teamId, userId: star!.id, joinedAt: NOW },
      { teamId, userId: coach!.id, position: 'coach', joinedAt: NOW },
      { teamId, userId: captain!.id, position: 'captain', joinedAt: NOW },
    ]);

    const res = await t.request(`/api/teams/${teamId}/profile`);
    const text = await res.clone().text();
    const team = (await res.json()) as TeamProfile;
    expect(team).toMatchObject({
      id: teamId,
      name: 'Atlanta Heat Check',
      tagline: 'Heat checks only.',
      motto: 'Shoot first.',
      logoUrl: '/uploads/logo.jpg',
      sport: 'basketball',
      city: 'Atlanta',
      wins: 24,
      losses: 8,
      tournamentsPlayed: 9,
      championshipWins: 3,
      coachId: coach!.id,
      captainId: captain!.id,
      owner: { firstName: 'Olivia', lastName: 'Owens', isVerified: true },
      winRate: 75,
      followerCount: 0,
      viewer: null,
    });
    expect(team.roster.map((p) => p.firstName)).toEqual(['Cap', 'Co', 'Star', 'Roo']);
    expect(team.roster[0]).toEqual({
      id: captain!.id,
      firstName: 'Cap',
      lastName: 'Tain',
      profileImageUrl: null,
      city: 'Macon',
      isVerified: false,
      wtaPoints: 10,
      wins: 3,
      gamesPlayed: 4,
      position: 'captain',
    });
    expect(team.roster[2]).toMatchObject({ isVerified: true, profileImageUrl: '/uploads/s.jpg' });
    // Nobody's e-mail or date of birth, the owner's included.
    for (const secret of [owner.email, captain!.email, '1980-01-01']) expect(text).not.toContain(secret);
    expect(team.owner).not.toHaveProperty('email');
    expect(team).not.toHaveProperty('ownerId');
  });

  it('D36 on the roster: a minor’s photo and city are hidden from guests, shown to members', async () => {
    const owner = await member(t, { role: 'owner' });
    const teamId = await addTeam(t, owner.id);
    const minor = await member(t);
    await setUser(t, minor.id, { dateOfBirth: '2012-03-04', city: 'Decatur', profileImageUrl: '/uploads/kid.jpg' });
    await t.db.insert(teamMembers).values({ teamId, userId: minor.id, joinedAt: NOW });
    expect((await teamOf(t, teamId)).roster[0]).toMatchObject({ city: null, profileImageUrl: null });
    expect((await teamOf(t, teamId, owner)).roster[0]).toMatchObject({
      city: 'Decatur',
      profileImageUrl: '/uploads/kid.jpg',
    });
  });

  it('rounds a team win rate of exactly a half up: 23 wins and 17 losses is 58', async () => {
    const owner = await member(t, { role: 'owner' });
    const teamId = await addTeam(t, owner.id, { wins: 23, losses: 17 });
    expect((await teamOf(t, teamId)).winRate).toBe(58);
  });

  it('an empty team has winRate 0 and no roster; the owner sees it as their own', async () => {
    const owner = await member(t, { role: 'owner' });
    const teamId = await addTeam(t, owner.id);
    const fan = await member(t, { role: 'fan' });
    await t.db.insert(follows).values({ followerId: fan.id, teamId, createdAt: NOW });
    expect(await teamOf(t, teamId)).toMatchObject({
      winRate: 0,
      roster: [],
      coachId: null,
      captainId: null,
      followerCount: 1,
    });
    expect((await teamOf(t, teamId, owner)).viewer).toEqual({ following: false, self: true });
    expect((await teamOf(t, teamId, fan)).viewer).toEqual({ following: true, self: false });
  });

  it('answers 404 "Team not found" for an unknown or malformed id, never a 500', async () => {
    for (const id of ['424242', '0', '-1', '1.5', 'abc', '99999999999999999999', '1e3']) {
      const res = await t.request(`/api/teams/${id}/profile`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Team not found' });
    }
  });
});
