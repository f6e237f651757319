import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp, type TestMember } from '../../test/app.ts';
import { TEAM_MESSAGES as M, type MyTeam, type RosterPlayer } from './schema.ts';
import { setRoles } from './service.ts';

// The team owner page's writes (001 s2, s5, s6, s7): create, edit, roster removal, coach and captain. Only an owner
// changes a team, and only their own; everyone else is refused and nothing changes.

const NOW = new Date('2026-11-21T12:00:00Z');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function addPlayer(firstName: string): Promise<string> {
  const id = randomUUID();
  await t.db.insert(users).values({ id, email: `${id}@example.test`, firstName, lastName: 'Roster', role: 'player' });
  return id;
}

async function addTeam(ownerId: string, name = 'Heat Check'): Promise<number> {
  const [row] = await t.db.insert(teams).values({ name, ownerId }).returning({ id: teams.id });
  return row!.id;
}

async function putOnRoster(teamId: number, ...playerIds: string[]) {
  await t.db.insert(teamMembers).values(playerIds.map((userId) => ({ teamId, userId, joinedAt: NOW })));
}

async function teamRow(teamId: number) {
  const [team] = await t.db.select().from(teams).where(eq(teams.id, teamId));
  const roster = await t.db
    .select({ userId: teamMembers.userId, position: teamMembers.position })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  return { team, roster: roster.sort((a, b) => a.userId.localeCompare(b.userId)) };
}

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

describe('POST /api/teams', () => {
  it('creates the owner first team with its name and tagline and answers it with its id (201)', async () => {
    const owner = await t.member({ role: 'owner' });
    const res = await owner.agent.post('/api/teams', { name: '  Heat Check ', tagline: 'Shoot first.', logoUrl: null });
    expect(res.status).toBe(201);
    const team = await json<MyTeam>(res);
    expect(team).toEqual({
      id: expect.any(Number),
      name: 'Heat Check',
      tagline: 'Shoot first.',
      logoUrl: null,
      sport: null,
      wins: 0,
      losses: 0,
      coachId: null,
      captainId: null,
      roster: [],
    });
    const mine = await json<MyTeam[]>(await owner.agent.get('/api/teams/my-teams'));
    expect(mine).toEqual([team]);
    // An empty tagline is none.
    const other = await t.member({ role: 'owner' });
    const bare = await json<MyTeam>(await other.agent.post('/api/teams', { name: 'Bare', tagline: '  ' }));
    expect(bare.tagline).toBeNull();
  });

  it.each([
    [{}, M.nameRequired],
    [{ name: '   ' }, M.nameRequired],
    [{ name: 42 }, M.nameRequired],
    [{ name: 'x'.repeat(61) }, M.nameTooLong],
    [{ name: 'Fine', tagline: 'x'.repeat(121) }, M.taglineTooLong],
  ])('refuses %j with 400 and a message, creating nothing', async (body, message) => {
    const owner = await t.member({ role: 'owner' });
    const res = await owner.agent.post('/api/teams', body);
    expect(res.status).toBe(400);
    expect((await json<{ message: string }>(res)).message).toBe(message);
    expect(await t.db.select().from(teams)).toEqual([]);
  });

  it('refuses guests (401), players and fans (403); nothing is created', async () => {
    expect(
      (
        await t.request('/api/teams', {
          method: 'POST',
          body: JSON.stringify({ name: 'X' }),
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(401);
    for (const role of ['player', 'fan'] as const) {
      const member = await t.member({ role });
      const res = await member.agent.post('/api/teams', { name: 'Not Mine' });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: M.ownersOnly });
    }
    expect(await t.db.select().from(teams)).toEqual([]);
  });

  it('gives an owner one team: a second is refused (409), even when both are sent at once', async () => {
    const owner = await t.member({ role: 'owner' });
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => owner.agent.post('/api/teams', { name: `Team ${i}` })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.json()).toEqual({ message: M.alreadyOwns });
    expect(await t.db.select().from(teams).where(eq(teams.ownerId, owner.id))).toHaveLength(1);
  });
});

describe('changing a team: only its owner', () => {
  let owner: TestMember;
  let teamId: number;
  let star: string;
  let coach: string;
  beforeEach(async () => {
    owner = await t.member({ role: 'owner' });
    teamId = await addTeam(owner.id);
    star = await addPlayer('Star');
    coach = await addPlayer('Coach');
    await putOnRoster(teamId, star, coach);
  });

  const writes = () =>
    [
      ['PATCH', `/api/teams/${teamId}`, { name: 'Stolen' }],
      ['DELETE', `/api/teams/${teamId}/roster/${star}`, undefined],
      ['PATCH', `/api/teams/${teamId}/roles`, { captainId: star }],
    ] as const;

  it('refuses another owner, a player, a fan (403) and a guest (401), and nothing changes', async () => {
    const before = await teamRow(teamId);
    const rival = await t.member({ role: 'owner' });
    await addTeam(rival.id, 'Rivals');
    const player = await t.member({ role: 'player' });
    const fan = await t.member({ role: 'fan' });
    for (const [method, path, body] of writes()) {
      const asRival = await (method === 'PATCH' ? rival.agent.patch(path, body) : rival.agent.delete(path));
      expect(asRival.status, `${method} ${path} as another owner`).toBe(403);
      expect(await asRival.json()).toEqual({ message: M.notYours });
      for (const member of [player, fan]) {
        const res = await (method === 'PATCH' ? member.agent.patch(path, body) : member.agent.delete(path));
        expect(res.status, `${method} ${path} as ${member.id}`).toBe(403);
        expect(await res.json()).toEqual({ message: M.ownersOnly });
      }
      const guest = await (method === 'PATCH' ? t.agent().patch(path, body) : t.agent().delete(path));
      expect(guest.status).toBe(401);
    }
    expect(await teamRow(teamId)).toEqual(before);
  });

  it('answers 404 for a team that does not exist', async () => {
    for (const path of ['/api/teams/99999', '/api/teams/abc', '/api/teams/0']) {
      const res = await owner.agent.patch(path, { name: 'Ghost' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: M.notFound });
    }
  });

  it('edits the name and tagline (either alone) and answers the team', async () => {
    const renamed = await owner.agent.patch(`/api/teams/${teamId}`, { name: 'Heat Check II' });
    expect(renamed.status).toBe(200);
    expect(await json<MyTeam>(renamed)).toMatchObject({ id: teamId, name: 'Heat Check II', tagline: null });
    const tagged = await json<MyTeam>(await owner.agent.patch(`/api/teams/${teamId}`, { tagline: 'Run it back.' }));
    expect(tagged).toMatchObject({ name: 'Heat Check II', tagline: 'Run it back.' });
    const nothing = await owner.agent.patch(`/api/teams/${teamId}`, {});
    expect(nothing.status).toBe(400);
    expect((await json<{ message: string }>(nothing)).message).toBe(M.nothingToChange);
    const blank = await owner.agent.patch(`/api/teams/${teamId}`, { name: '' });
    expect((await json<{ message: string }>(blank)).message).toBe(M.nameRequired);
    expect((await teamRow(teamId)).team).toMatchObject({ name: 'Heat Check II', tagline: 'Run it back.' });
  });

  it('sets coach and captain from the roster, or none; refuses anyone else and one player in both roles', async () => {
    const set = (body: object) => owner.agent.patch(`/api/teams/${teamId}/roles`, body);
    const both = await set({ coachId: coach, captainId: star });
    expect(both.status).toBe(200);
    const team = await json<MyTeam>(both);
    expect(team).toMatchObject({ coachId: coach, captainId: star });
    expect(team.roster.map((p: RosterPlayer) => [p.id, p.position])).toEqual([
      [star, 'captain'],
      [coach, 'coach'],
    ]);
    // One role alone leaves the other as it was.
    expect(await json<MyTeam>(await set({ captainId: null }))).toMatchObject({ coachId: coach, captainId: null });

    const outsider = await addPlayer('Outsider');
    for (const [body, message] of [
      [{ coachId: outsider }, M.coachNotOnRoster],
      [{ captainId: outsider }, M.captainNotOnRoster],
      [{ captainId: coach }, M.sameCoachAndCaptain],
      [{}, M.noRoleGiven],
      [{ coachId: 7 }, 'Player ids are text'],
    ] as const) {
      const res = await set(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ message: string }>(res)).message).toBe(message);
    }
    expect((await teamRow(teamId)).roster).toEqual(
      [
        { userId: star, position: 'player' },
        { userId: coach, position: 'coach' },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );
  });

  it('removes a player from the roster; removing the captain or coach clears the role', async () => {
    await owner.agent.patch(`/api/teams/${teamId}/roles`, { coachId: coach, captainId: star });
    const res = await owner.agent.delete(`/api/teams/${teamId}/roster/${star}`);
    expect(res.status).toBe(200);
    expect(await json<MyTeam>(res)).toMatchObject({ captainId: null, coachId: coach, roster: [{ id: coach }] });
    const again = await owner.agent.delete(`/api/teams/${teamId}/roster/${star}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: M.notOnRoster });
    const roster = await json<RosterPlayer[]>(await t.request(`/api/teams/${teamId}/roster`));
    expect(roster.map((p) => p.id)).toEqual([coach]);
    expect((await t.request('/api/teams/99999/roster')).status).toBe(404);
  });
});

describe('coach and captain under any sequence of changes', () => {
  it('always leaves at most one coach and one captain, two different roster members', async () => {
    const ownerId = await addPlayer('Owner');
    await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, ownerId));
    const teamId = await addTeam(ownerId);
    const roster = [await addPlayer('A'), await addPlayer('B'), await addPlayer('C')];
    await putOnRoster(teamId, ...roster);
    const outsider = await addPlayer('Z');
    const who = fc.constantFrom<string | null | undefined>(...roster, outsider, null, undefined);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ coachId: who, captainId: who }), { maxLength: 6 }), async (changes) => {
        for (const change of changes) {
          const before = await teamRow(teamId);
          const result = await setRoles(t.db, teamId, change);
          if (result !== 'ok') expect(await teamRow(teamId)).toEqual(before);
        }
        const positions = (await teamRow(teamId)).roster.map((m) => m.position);
        expect(positions.filter((p) => p === 'coach').length).toBeLessThanOrEqual(1);
        expect(positions.filter((p) => p === 'captain').length).toBeLessThanOrEqual(1);
        expect(positions).toHaveLength(roster.length);
      }),
      { numRuns: 40 },
    );
  });
});
