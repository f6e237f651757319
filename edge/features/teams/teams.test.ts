import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import { fastMember } from '../../test/fast-members.ts';
import type { MyTeam } from './schema.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

/** GET /api/teams/my-teams through the whole app with the agent's session. */
function getMyTeams(agent: TestAgent) {
  return agent.get('/api/teams/my-teams');
}

/**
 * A signed-in member written straight into the database: seven sign-ups' password hashes (64 MiB of scrypt each) took
 * one test past its 30 s on a loaded CI machine, and signing up is not what these tests are about.
 */
function signedIn(role: 'player' | 'owner' | 'fan', firstName = 'Test', lastName = 'User') {
  return fastMember(t, { role, firstName, lastName });
}

async function addTeam(ownerId: string, name: string, fields: Partial<typeof teams.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(teams)
    .values({ name, ownerId, ...fields })
    .returning({ id: teams.id });
  return row!.id;
}

describe('GET /api/teams/my-teams', () => {
  it('answers 401 when signed out', async () => {
    const res = await getMyTeams(t.agent());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 403 to players, fans and admins', async () => {
    for (const role of ['player', 'fan'] as const) {
      const { agent } = await signedIn(role);
      const res = await getMyTeams(agent);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'Team owner access only' });
    }
    const admin = await signedIn('player');
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    expect((await getMyTeams(admin.agent)).status).toBe(403);
  });

  it('gives an owner with no team an empty list', async () => {
    const { agent } = await signedIn('owner');
    const res = await getMyTeams(agent);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('gives the owner only their own teams, oldest first, with rosters captain, coach, then by points', async () => {
    const owner = await signedIn('owner');
    const rival = await signedIn('owner');
    const star = await signedIn('player', 'Jasmine', 'Carter');
    const coach = await signedIn('player', 'Darius', 'Moore');
    const rookie = await signedIn('player', 'Ava', 'Lee');
    const veteran = await signedIn('player', 'Ben', 'Cruz');
    const rivalPlayer = await signedIn('player', 'Cal', 'Ng');
    await t.db.update(users).set({ isVerified: true, wtaPoints: 1240 }).where(eq(users.id, star.id));
    await t.db.update(users).set({ wtaPoints: 900 }).where(eq(users.id, coach.id));
    await t.db.update(users).set({ wtaPoints: 10 }).where(eq(users.id, rookie.id));
    await t.db.update(users).set({ wtaPoints: 300 }).where(eq(users.id, veteran.id));

    const newer = await addTeam(owner.id, 'Second Squad', { createdAt: daysAgo(2) });
    const older = await addTeam(owner.id, 'Heat Check', {
      createdAt: daysAgo(200),
      tagline: 'Shoot first.',
      sport: 'basketball',
      wins: 24,
      losses: 8,
    });
    const rivalTeam = await addTeam(rival.id, 'Rivals');
    await t.db.insert(teamMembers).values([
      { teamId: older, userId: rookie.id, joinedAt: daysAgo(1) },
      { teamId: older, userId: coach.id, position: 'coach', joinedAt: daysAgo(5) },
      { teamId: older, userId: veteran.id, joinedAt: daysAgo(9) },
      { teamId: older, userId: star.id, position: 'captain', joinedAt: daysAgo(7) },
      { teamId: rivalTeam, userId: rivalPlayer.id, joinedAt: daysAgo(1) },
    ]);

    const res = await getMyTeams(owner.agent);
    expect(res.status).toBe(200);
    const list = (await res.json()) as MyTeam[];
    expect(list.map((team) => team.name)).toEqual(['Heat Check', 'Second Squad']);
    expect(list[0]).toEqual({
      id: older,
      name: 'Heat Check',
      tagline: 'Shoot first.',
      logoUrl: null,
      sport: 'basketball',
      wins: 24,
      losses: 8,
      coachId: coach.id,
      captainId: star.id,
      roster: [
        {
          id: star.id,
          firstName: 'Jasmine',
          lastName: 'Carter',
          isVerified: true,
          wtaPoints: 1240,
          position: 'captain',
        },
        { id: coach.id, firstName: 'Darius', lastName: 'Moore', isVerified: false, wtaPoints: 900, position: 'coach' },
        { id: veteran.id, firstName: 'Ben', lastName: 'Cruz', isVerified: false, wtaPoints: 300, position: 'player' },
        { id: rookie.id, firstName: 'Ava', lastName: 'Lee', isVerified: false, wtaPoints: 10, position: 'player' },
      ],
    });
    expect(list[1]).toMatchObject({ id: newer, roster: [], tagline: null, sport: null, wins: 0, losses: 0 });
    // Never a password hash or e-mail on a roster.
    expect(JSON.stringify(list)).not.toMatch(/email|password/i);

    const rivalList = (await (await getMyTeams(rival.agent)).json()) as MyTeam[];
    expect(rivalList.map((team) => team.name)).toEqual(['Rivals']);
  });
});
