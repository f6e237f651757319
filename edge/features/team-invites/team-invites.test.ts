import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../../db/schema/messages.ts';
import { teamInvites } from '../../../db/schema/team-invites.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp, type TestMember } from '../../test/app.ts';
import type { Notification } from '../notifications/schema.ts';
import type { CurrentTeam } from '../players/schema.ts';
import { INVITE_MESSAGES as M, MAX_PENDING_INVITES_PER_TEAM, type TeamInvite } from './schema.ts';

// Team invites (issue 13 item 3; D15, D37): an owner invites a free agent to their team; the player accepts or
// declines from Notifications; accepting joins the roster in one transaction and lapses the player's other invites.

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function ownerWithTeam(name: string, firstName = 'Andre'): Promise<TestMember & { teamId: number }> {
  const owner = await t.member({ role: 'owner', firstName, lastName: 'Mitchell' });
  const [team] = await t.db.insert(teams).values({ name, ownerId: owner.id, wins: 24, losses: 8 }).returning();
  return { ...owner, teamId: team!.id };
}

async function addUser(fields: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await t.db.insert(users).values({ id, email: `${id}@example.test`, firstName: 'Free', lastName: 'Agent', ...fields });
  return id;
}

/** Everything an invite or its answer may change, to assert that a refusal changed nothing. */
async function snapshot() {
  return {
    invites: await t.db.select().from(teamInvites).orderBy(asc(teamInvites.id)),
    rosters: await t.db.select().from(teamMembers).orderBy(asc(teamMembers.userId)),
    notifications: await t.db.select().from(notifications).orderBy(asc(notifications.id)),
  };
}

const invite = (owner: TestMember, teamId: number, playerId: string) =>
  owner.agent.post('/api/team-invites', { teamId, playerId });
const answer = (player: TestMember, id: number | string, status: string) =>
  player.agent.patch(`/api/team-invites/${id}`, { status });

describe('an invite, end to end', () => {
  it('notifies the player, who accepts from Notifications and joins the roster; other invites lapse', async () => {
    const heat = await ownerWithTeam('Atlanta Heat Check');
    const blitz = await ownerWithTeam('Bay Area Blitz', 'Lamar');
    const player = await t.member({ role: 'player', firstName: 'Tyler', lastName: 'Brooks' });

    const sent = await json<TeamInvite>(await invite(heat, heat.teamId, player.id), 201);
    expect(sent).toStrictEqual({
      id: expect.any(Number),
      team: { id: heat.teamId, name: 'Atlanta Heat Check', wins: 24, losses: 8 },
      player: { id: player.id, firstName: 'Tyler', lastName: 'Brooks' },
      status: 'pending',
      createdAt: NOW.toISOString(),
      expiresAt: new Date(NOW.getTime() + 14 * DAY).toISOString(),
      answeredAt: null,
      notificationId: expect.any(Number),
    });
    const other = await json<TeamInvite>(await invite(blitz, blitz.teamId, player.id), 201);

    // D15: a team-invite notification with a link, which the invite points at.
    const inbox = await json<Notification[]>(await player.agent.get('/api/notifications'));
    const note = inbox.find((n) => n.id === sent.notificationId)!;
    expect(note).toMatchObject({
      kind: 'team_invite',
      title: 'Team invite',
      body: 'Andre Mitchell invited you to join Atlanta Heat Check. Accept or decline here within 14 days.',
      link: `/teams/${heat.teamId}`,
      read: false,
    });
    expect((await json<TeamInvite[]>(await player.agent.get('/api/team-invites'))).map((i) => i.id)).toEqual([
      other.id,
      sent.id,
    ]);
    expect((await json<TeamInvite[]>(await heat.agent.get('/api/team-invites'))).map((i) => i.id)).toEqual([sent.id]);

    t.advance(60_000);
    const accepted = await json<TeamInvite>(await answer(player, sent.id, 'accepted'));
    expect(accepted).toMatchObject({ status: 'accepted', answeredAt: new Date(NOW.getTime() + 60_000).toISOString() });
    expect(await t.db.select().from(teamMembers)).toEqual([
      { teamId: heat.teamId, userId: player.id, position: 'player', joinedAt: new Date(NOW.getTime() + 60_000) },
    ]);
    expect(await json<CurrentTeam>(await player.agent.get('/api/player/current-team'))).toEqual({
      hasTeam: true,
      team: { id: heat.teamId, name: 'Atlanta Heat Check', wins: 24, losses: 8 },
    });
    // D37: joining a team lapses the player's other invites; the owners' open lists are empty.
    const mine = await json<TeamInvite[]>(await player.agent.get('/api/team-invites'));
    expect(mine.map((i) => [i.id, i.status])).toEqual([
      [other.id, 'lapsed'],
      [sent.id, 'accepted'],
    ]);
    expect(await json<TeamInvite[]>(await heat.agent.get('/api/team-invites'))).toEqual([]);
    expect(await json<TeamInvite[]>(await blitz.agent.get('/api/team-invites'))).toEqual([]);
    const late = await answer(player, other.id, 'accepted');
    expect(await json(late, 409)).toEqual({ message: M.joinedTeam });
    // The player is not a free agent any more: a new invite is refused.
    expect(await json(await invite(blitz, blitz.teamId, player.id), 409)).toEqual({ message: M.playerOnTeam });
  });

  it('declines: nothing joins, and the owner may invite again later', async () => {
    const heat = await ownerWithTeam('Heat');
    const player = await t.member({ role: 'player' });
    const sent = await json<TeamInvite>(await invite(heat, heat.teamId, player.id), 201);
    const declined = await json<TeamInvite>(await answer(player, sent.id, 'declined'));
    expect(declined).toMatchObject({ status: 'declined', answeredAt: NOW.toISOString() });
    expect(await t.db.select().from(teamMembers)).toEqual([]);
    expect(await json(await answer(player, sent.id, 'accepted'), 409)).toEqual({ message: M.answered });
    const again = await json<TeamInvite>(await invite(heat, heat.teamId, player.id), 201);
    expect(again.id).not.toBe(sent.id);
  });

  it('lapses after 14 days: the answer is refused and the owner may invite again', async () => {
    const heat = await ownerWithTeam('Heat');
    const player = await t.member({ role: 'player' });
    const sent = await json<TeamInvite>(await invite(heat, heat.teamId, player.id), 201);
    t.advance(14 * DAY - 1);
    expect((await json<TeamInvite[]>(await player.agent.get('/api/team-invites')))[0]!.status).toBe('pending');
    t.advance(1);
    expect((await json<TeamInvite[]>(await player.agent.get('/api/team-invites')))[0]!.status).toBe('lapsed');
    expect(await json<TeamInvite[]>(await heat.agent.get('/api/team-invites'))).toEqual([]);
    const before = await snapshot();
    for (const status of ['accepted', 'declined']) {
      expect(await json(await answer(player, sent.id, status), 409)).toEqual({ message: M.lapsed });
    }
    expect(await snapshot()).toEqual(before);
    const again = await json<TeamInvite>(await invite(heat, heat.teamId, player.id), 201);
    expect(again.status).toBe('pending');
    const stored = await t.db.select({ id: teamInvites.id, status: teamInvites.status }).from(teamInvites);
    expect(stored).toEqual([
      { id: sent.id, status: 'lapsed' },
      { id: again.id, status: 'pending' },
    ]);
  });
});

describe('one team per player', () => {
  it('gives exactly one team when a player accepts several invites at once', async () => {
    const owners = [await ownerWithTeam('One'), await ownerWithTeam('Two'), await ownerWithTeam('Three')];
    for (let round = 0; round < 3; round += 1) {
      const player = await t.member({ role: 'player' });
      const sent = await Promise.all(
        owners.map(async (o) => json<TeamInvite>(await invite(o, o.teamId, player.id), 201)),
      );
      // The player presses Accept on every invite twice (two tabs) at the same moment.
      const answers = await Promise.all(
        sent.flatMap((s) => [answer(player, s.id, 'accepted'), answer(player, s.id, 'accepted')]),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const rows = await t.db.select().from(teamMembers).where(eq(teamMembers.userId, player.id));
      expect(rows).toHaveLength(1);
      const statuses = await t.db
        .select({ teamId: teamInvites.teamId, status: teamInvites.status })
        .from(teamInvites)
        .where(eq(teamInvites.userId, player.id));
      expect(statuses.filter((s) => s.status === 'accepted')).toEqual([
        { teamId: rows[0]!.teamId, status: 'accepted' },
      ]);
      expect(statuses.filter((s) => s.status === 'lapsed')).toHaveLength(2);
    }
  });
});

describe('refusals change nothing', () => {
  let heat: TestMember & { teamId: number };
  let rival: TestMember & { teamId: number };
  let freeAgent: string;
  beforeEach(async () => {
    heat = await ownerWithTeam('Heat');
    rival = await ownerWithTeam('Rivals', 'Lamar');
    freeAgent = await addUser({ role: 'player' });
  });

  it('refuses invites from guests, players, fans, other owners, and for the wrong player or team', async () => {
    const rostered = await addUser({ role: 'player' });
    await t.db.insert(teamMembers).values({ teamId: rival.teamId, userId: rostered, joinedAt: NOW });
    const fanId = await addUser({ role: 'fan' });
    await json(await invite(heat, heat.teamId, freeAgent), 201);
    const before = await snapshot();

    const guest = await t.request('/api/team-invites', {
      method: 'POST',
      body: JSON.stringify({ teamId: heat.teamId, playerId: freeAgent }),
      headers: { 'content-type': 'application/json' },
    });
    expect(guest.status).toBe(401);
    const player = await t.member({ role: 'player' });
    const fan = await t.member({ role: 'fan' });
    const other = await addUser({ role: 'player' });
    const cases: [TestMember, unknown, number, string][] = [
      [player, { teamId: heat.teamId, playerId: other }, 403, M.ownersOnly],
      [fan, { teamId: heat.teamId, playerId: other }, 403, M.ownersOnly],
      [rival, { teamId: heat.teamId, playerId: other }, 403, M.notYourTeam],
      [heat, { teamId: 99999, playerId: other }, 404, M.teamNotFound],
      [heat, { teamId: heat.teamId, playerId: 'no-such-player' }, 404, M.playerNotFound],
      [heat, { teamId: heat.teamId, playerId: fanId }, 409, M.notAPlayer],
      [heat, { teamId: heat.teamId, playerId: rival.id }, 409, M.notAPlayer],
      [heat, { teamId: heat.teamId, playerId: rostered }, 409, M.playerOnTeam],
      [heat, { teamId: heat.teamId, playerId: freeAgent }, 409, M.alreadyInvited],
      [heat, { teamId: String(heat.teamId), playerId: other }, 400, M.teamId],
      [heat, { teamId: 1.5, playerId: other }, 400, M.teamId],
      [heat, { teamId: heat.teamId }, 400, M.playerId],
      [heat, { teamId: heat.teamId, playerId: 'x'.repeat(65) }, 400, M.playerId],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await who.agent.post('/api/team-invites', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { message: string }).message, JSON.stringify(body)).toBe(message);
    }
    const malformed = await heat.agent.post('/api/team-invites', '{"teamId":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses answers from anyone but the invited player, for unknown invites and bad input', async () => {
    const player = await t.member({ role: 'player' });
    const sent = await json<TeamInvite>(await invite(heat, heat.teamId, player.id), 201);
    const before = await snapshot();
    expect((await t.agent().patch(`/api/team-invites/${sent.id}`, { status: 'accepted' })).status).toBe(401);
    const stranger = await t.member({ role: 'player' });
    const cases: [TestMember, string, unknown, number, string][] = [
      [stranger, String(sent.id), { status: 'accepted' }, 403, M.notYours],
      [heat, String(sent.id), { status: 'accepted' }, 403, M.notYours],
      [rival, String(sent.id), { status: 'declined' }, 403, M.notYours],
      [player, '99999', { status: 'accepted' }, 404, M.notFound],
      [player, 'abc', { status: 'accepted' }, 404, M.notFound],
      [player, String(sent.id), { status: 'pending' }, 400, M.status],
      [player, String(sent.id), {}, 400, M.status],
    ];
    for (const [who, id, body, status, message] of cases) {
      const res = await who.agent.patch(`/api/team-invites/${id}`, body);
      expect(res.status, `${id} ${JSON.stringify(body)}`).toBe(status);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses an accept once the player is no longer a player (D34), and lists only for players and owners', async () => {
    const player = await t.member({ role: 'player' });
    const sent = await json<TeamInvite>(await invite(heat, heat.teamId, player.id), 201);
    await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, player.id));
    const before = await snapshot();
    expect(await json(await answer(player, sent.id, 'accepted'), 409)).toEqual({ message: M.playersOnly });
    expect(await snapshot()).toEqual(before);
    const fan = await t.member({ role: 'fan' });
    expect(await json(await fan.agent.get('/api/team-invites'), 403)).toEqual({ message: M.listRoles });
    expect((await t.agent().get('/api/team-invites')).status).toBe(401);
  });

  it(`holds a team to ${MAX_PENDING_INVITES_PER_TEAM} open invites`, async () => {
    const ids = await Promise.all(
      Array.from({ length: MAX_PENDING_INVITES_PER_TEAM }, () => addUser({ role: 'player' })),
    );
    await t.db.insert(teamInvites).values(
      ids.map((userId) => ({
        teamId: heat.teamId,
        userId,
        invitedBy: heat.id,
        createdAt: NOW,
        expiresAt: new Date(NOW.getTime() + 14 * DAY),
      })),
    );
    await t.db.delete(teamInvites).where(eq(teamInvites.userId, freeAgent));
    const before = await snapshot();
    expect(await json(await invite(heat, heat.teamId, freeAgent), 409)).toEqual({ message: M.tooMany });
    expect(await snapshot()).toEqual(before);
    // Another team's invites do not count.
    await json(await invite(rival, rival.teamId, freeAgent), 201);
  });
});
