import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../../db/schema/messages.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { transferRequests } from '../../../db/schema/transfers.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp, type TestMember } from '../../test/app.ts';
import {
  TRANSFER_MESSAGES as M,
  TRANSFER_PAGE_SIZE,
  type TransferDestination,
  type TransferRequest,
} from './schema.ts';
import { transfersStatement } from './service.ts';

// The Transfer Portal (000 s2-s7, issue 13 item 4, D37): a player on a team asks to move to another team or to free
// agency; the owner D37 names approves or rejects; approval moves the player in one transaction; the player is told.

const NOW = new Date('2026-11-21T12:00:00Z');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

type Owner = TestMember & { teamId: number };

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function ownerWithTeam(name: string): Promise<Owner> {
  const owner = await t.member({ role: 'owner', firstName: name.split(' ')[0], lastName: 'Owner' });
  const [team] = await t.db.insert(teams).values({ name, ownerId: owner.id }).returning({ id: teams.id });
  return { ...owner, teamId: team!.id };
}

async function rostered(teamId: number, position: 'player' | 'captain' | 'coach' = 'player'): Promise<TestMember> {
  const player = await t.member({ role: 'player', firstName: 'Jasmine', lastName: 'Carter' });
  await t.db.insert(teamMembers).values({ teamId, userId: player.id, position, joinedAt: NOW });
  return player;
}

async function rosterOf(teamId: number) {
  return t.db
    .select({ userId: teamMembers.userId, position: teamMembers.position })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
}

async function snapshot() {
  return {
    requests: await t.db.select().from(transferRequests).orderBy(asc(transferRequests.id)),
    rosters: await t.db.select().from(teamMembers).orderBy(asc(teamMembers.userId)),
    notifications: await t.db.select().from(notifications).orderBy(asc(notifications.id)),
  };
}

const submit = (player: TestMember, body: object) => player.agent.post('/api/transfers', body);
const decide = (owner: TestMember, id: number | string, status: string) =>
  owner.agent.patch(`/api/transfers/${id}`, { status });
const list = async (member: TestMember) => json<TransferRequest[]>(await member.agent.get('/api/transfers'));
const inbox = async (userId: string) =>
  t.db
    .select({
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));

describe('a transfer, end to end', () => {
  let heat: Owner;
  let blitz: Owner;
  beforeEach(async () => {
    heat = await ownerWithTeam('Heat Check');
    blitz = await ownerWithTeam('Bay Blitz');
  });

  it('to free agency: the owner of the team left approves; the captain leaves with the role and is notified', async () => {
    const player = await rostered(heat.teamId, 'captain');
    const sent = await json<TransferRequest>(await submit(player, { reason: '  Moving to Denver.  ' }), 201);
    expect(sent).toStrictEqual({
      id: expect.any(Number),
      reason: 'Moving to Denver.',
      status: 'pending',
      player: { id: player.id, firstName: 'Jasmine', lastName: 'Carter' },
      fromTeam: { id: heat.teamId, name: 'Heat Check' },
      createdAt: NOW.toISOString(),
      decidedAt: null,
    });
    expect('toTeamId' in sent).toBe(false);
    expect(await list(player)).toEqual([sent]);
    expect(await list(heat)).toEqual([sent]);
    expect(await list(blitz)).toEqual([]);

    t.advance(3_600_000);
    const approved = await json<TransferRequest>(await decide(heat, sent.id, 'approved'));
    expect(approved).toMatchObject({
      status: 'approved',
      decidedAt: new Date(NOW.getTime() + 3_600_000).toISOString(),
    });
    expect(await rosterOf(heat.teamId)).toEqual([]);
    expect(await json(await player.agent.get('/api/player/current-team'))).toEqual({ hasTeam: false, team: null });
    expect(await inbox(player.id)).toEqual([
      {
        kind: 'transfer_decided',
        title: 'Transfer approved',
        body: 'You left Heat Check and are now a free agent.',
        link: '/transfer-portal',
      },
    ]);
    // A free agent again: in the pool.
    const pool = await json<{ id: string }[]>(await blitz.agent.get('/api/free-agency'));
    expect(pool.map((p) => p.id)).toContain(player.id);
    expect(await json(await decide(heat, sent.id, 'rejected'), 409)).toEqual({ message: M.decided });
  });

  it('to another team: that team owner decides (not the old one); the player joins as a player', async () => {
    const player = await rostered(heat.teamId, 'coach');
    const sent = await json<TransferRequest>(await submit(player, { toTeamId: blitz.teamId }), 201);
    expect(sent).toMatchObject({
      toTeamId: blitz.teamId,
      toTeam: { id: blitz.teamId, name: 'Bay Blitz' },
      reason: null,
    });
    expect(await list(heat)).toEqual([]);
    expect(await list(blitz)).toEqual([sent]);
    const before = await snapshot();
    expect(await json(await decide(heat, sent.id, 'approved'), 403)).toEqual({ message: M.notYours });
    expect(await snapshot()).toEqual(before);

    await json(await decide(blitz, sent.id, 'approved'));
    expect(await rosterOf(heat.teamId)).toEqual([]);
    expect(await rosterOf(blitz.teamId)).toEqual([{ userId: player.id, position: 'player' }]);
    expect(await inbox(player.id)).toEqual([
      expect.objectContaining({ title: 'Transfer approved', body: 'You moved from Heat Check to Bay Blitz.' }),
    ]);
    // The old team's owner learns that their player left.
    expect(await inbox(heat.id)).toEqual([
      {
        kind: 'transfer_decided',
        title: 'Player transferred',
        body: 'Jasmine Carter moved from Heat Check to Bay Blitz.',
        link: '/teams',
      },
    ]);
    expect(await inbox(blitz.id)).toEqual([]);
  });

  it('rejected: nobody moves, the player is told and may ask again', async () => {
    const player = await rostered(heat.teamId);
    const sent = await json<TransferRequest>(
      await submit(player, { toTeamId: blitz.teamId, reason: 'More minutes' }),
      201,
    );
    const rejected = await json<TransferRequest>(await decide(blitz, sent.id, 'rejected'));
    expect(rejected.status).toBe('rejected');
    expect(await rosterOf(heat.teamId)).toEqual([{ userId: player.id, position: 'player' }]);
    expect(await inbox(player.id)).toEqual([
      expect.objectContaining({
        title: 'Transfer rejected',
        body: 'Your request to move from Heat Check to Bay Blitz was rejected.',
      }),
    ]);
    expect(await inbox(heat.id)).toEqual([]);
    const again = await json<TransferRequest>(await submit(player, {}), 201);
    expect((await list(player)).map((r) => [r.id, r.status])).toEqual([
      [again.id, 'pending'],
      [sent.id, 'rejected'],
    ]);
  });

  it('is cancelled when the player leaves the team before a decision, which frees them to ask again elsewhere', async () => {
    const player = await rostered(heat.teamId);
    const sent = await json<TransferRequest>(await submit(player, { toTeamId: blitz.teamId }), 201);
    await json(await heat.agent.delete(`/api/teams/${heat.teamId}/roster/${player.id}`));
    expect((await list(player))[0]!.status).toBe('cancelled');
    const before = await snapshot();
    expect(await json(await decide(blitz, sent.id, 'approved'), 409)).toEqual({ message: M.cancelled });
    expect(await snapshot()).toEqual(before);
    await t.db.insert(teamMembers).values({ teamId: blitz.teamId, userId: player.id, joinedAt: NOW });
    await json(await submit(player, {}), 201);
  });
});

describe('one pending request per player', () => {
  it('refuses a second request, also when several are sent at once', async () => {
    const heat = await ownerWithTeam('Heat Check');
    const player = await rostered(heat.teamId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(player, { reason: 'Go' })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await json(answers.find((r) => r.status === 409)!, 409)).toEqual({ message: M.pendingExists });
    expect(await t.db.select().from(transferRequests)).toHaveLength(1);
    // The database holds the rule whatever the code path.
    await expect(
      t.db.insert(transferRequests).values({ userId: player.id, fromTeamId: heat.teamId, createdAt: NOW }),
    ).rejects.toThrow();
  });

  it('lets an owner decide once when Approve is pressed twice at once', async () => {
    const heat = await ownerWithTeam('Heat Check');
    const player = await rostered(heat.teamId);
    const sent = await json<TransferRequest>(await submit(player, {}), 201);
    const answers = await Promise.all([decide(heat, sent.id, 'approved'), decide(heat, sent.id, 'rejected')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await inbox(player.id)).toHaveLength(1);
  });
});

describe('refusals change nothing', () => {
  let heat: Owner;
  let blitz: Owner;
  let player: TestMember;
  let sent: TransferRequest;
  beforeEach(async () => {
    heat = await ownerWithTeam('Heat Check');
    blitz = await ownerWithTeam('Bay Blitz');
    player = await rostered(heat.teamId);
    sent = await json<TransferRequest>(await submit(player, { toTeamId: blitz.teamId }), 201);
  });

  it('refuses requests from guests, owners, fans, players without a team, and bad input', async () => {
    const other = await rostered(blitz.teamId);
    const free = await t.member({ role: 'player' });
    const fan = await t.member({ role: 'fan' });
    const before = await snapshot();
    expect((await t.agent().post('/api/transfers', { reason: 'x' })).status).toBe(401);
    const cases: [TestMember, unknown, number, string][] = [
      [heat, {}, 403, M.playersOnly],
      [fan, {}, 403, M.playersOnly],
      [free, {}, 409, M.notOnTeam],
      [player, {}, 409, M.pendingExists],
      [other, { toTeamId: 99999 }, 404, M.teamNotFound],
      [other, { toTeamId: blitz.teamId }, 409, M.sameTeam],
      [other, { toTeamId: 'abc' }, 400, M.toTeamId],
      [other, { toTeamId: 0 }, 400, M.toTeamId],
      [other, { reason: 'x'.repeat(501) }, 400, M.reason],
      [other, { reason: 42 }, 400, M.reason],
    ];
    for (const [who, body, status, message] of cases) {
      const res = await submit(who, body as object);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { message: string }).message, JSON.stringify(body)).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses decisions from guests, players, fans, other owners, on unknown ids and with bad input', async () => {
    const fan = await t.member({ role: 'fan' });
    const before = await snapshot();
    expect((await t.agent().patch(`/api/transfers/${sent.id}`, { status: 'approved' })).status).toBe(401);
    const cases: [TestMember, string, unknown, number, string][] = [
      [player, String(sent.id), { status: 'approved' }, 403, M.ownersOnly],
      [fan, String(sent.id), { status: 'approved' }, 403, M.ownersOnly],
      [heat, String(sent.id), { status: 'approved' }, 403, M.notYours],
      [blitz, '99999', { status: 'approved' }, 404, M.notFound],
      [blitz, 'abc', { status: 'approved' }, 404, M.notFound],
      [blitz, String(sent.id), { status: 'pending' }, 400, M.status],
      [blitz, String(sent.id), {}, 400, M.status],
    ];
    for (const [who, id, body, status, message] of cases) {
      const res = await who.agent.patch(`/api/transfers/${id}`, body);
      expect(res.status, `${id} ${JSON.stringify(body)}`).toBe(status);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
    const admin = await t.member({ role: 'player' });
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    expect(await json(await admin.agent.get('/api/transfers'), 403)).toEqual({ message: M.portalRoles });
    expect(await json(await fan.agent.get('/api/transfers'), 403)).toEqual({ message: M.portalRoles });
    expect((await t.agent().get('/api/transfers')).status).toBe(401);
  });
});

describe('GET /api/transfers paging and GET /api/transfers/teams', () => {
  it('pages newest first by cursor and refuses a bad cursor', async () => {
    const heat = await ownerWithTeam('Heat Check');
    const player = await rostered(heat.teamId);
    const history = Array.from({ length: TRANSFER_PAGE_SIZE + 3 }, (_, i) => ({
      userId: player.id,
      fromTeamId: heat.teamId,
      status: 'rejected' as const,
      createdAt: new Date(NOW.getTime() - (100 - i) * 60_000),
    }));
    await t.db.insert(transferRequests).values(history);
    const first = await player.agent.get('/api/transfers');
    const page = await json<TransferRequest[]>(first);
    expect(page).toHaveLength(TRANSFER_PAGE_SIZE);
    const cursor = first.headers.get('X-Next-Cursor')!;
    expect(cursor).toBe(String(page.at(-1)!.id));
    const second = await player.agent.get(`/api/transfers?cursor=${cursor}`);
    const rest = await json<TransferRequest[]>(second);
    expect(second.headers.get('X-Next-Cursor')).toBeNull();
    const ids = [...page, ...rest].map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(TRANSFER_PAGE_SIZE + 3);
    expect((await json<TransferRequest[]>(await heat.agent.get('/api/transfers'))).length).toBe(TRANSFER_PAGE_SIZE);
    for (const bad of ['abc', '0', '-1', '1.5']) {
      const res = await player.agent.get(`/api/transfers?cursor=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(M.cursor);
    }
  });

  it('reads each list from its index, newest first, without scanning or sorting requests', async () => {
    const cases = [
      [{ playerId: 'p' }, 'SEARCH transfer_requests USING INDEX transfer_requests_user_idx (user_id=? AND id<?)'],
      [
        { deciderTeamIds: [7] },
        'SEARCH transfer_requests USING INDEX transfer_requests_decider_idx (decider_team_id=? AND id<?)',
      ],
    ] as const;
    for (const [scope, search] of cases) {
      const { sql, params } = transfersStatement(t.db, scope, { limit: 25, cursor: 1000 }).toSQL();
      const { rows } = await t.client.execute({ sql: `explain query plan ${sql}`, args: params as never });
      const plan = rows.map((r) => String(r.detail));
      expect(plan, JSON.stringify(scope)).toContain(search);
      expect(plan.join('\n')).not.toMatch(/SCAN transfer_requests|TEMP B-TREE/);
    }
  });

  it('lists the teams a player may ask for: not their own, by name, searchable; players only', async () => {
    const heat = await ownerWithTeam('Heat Check');
    await ownerWithTeam('bay Blitz');
    await ownerWithTeam('Chicago Kick Kings');
    const player = await rostered(heat.teamId);
    const names = async (query = '') =>
      (await json<TransferDestination[]>(await player.agent.get(`/api/transfers/teams${query}`))).map((d) => d.name);
    expect(await names()).toEqual(['bay Blitz', 'Chicago Kick Kings']);
    expect(await names('?q=KICK')).toEqual(['Chicago Kick Kings']);
    expect(await names('?q=%25')).toEqual([]);
    expect(await json(await heat.agent.get('/api/transfers/teams'), 403)).toEqual({ message: M.playersOnly });
    expect((await player.agent.get(`/api/transfers/teams?q=${'x'.repeat(61)}`)).status).toBe(400);
  });
});
