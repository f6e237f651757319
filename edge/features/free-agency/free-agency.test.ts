import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp, type TestMember } from '../../test/app.ts';
import { encodePoolCursor } from './cursor.ts';
import { FREE_AGENCY_MESSAGES as M, type FreeAgent } from './schema.ts';
import { freeAgentsStatement } from './service.ts';

// The Free Agency Pool (000 s2, s6, s7): the players without a team, searched and filtered on the server, a page at
// a time from an index.

const NOW = new Date('2026-11-21T12:00:00Z');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

type PlayerFields = Partial<typeof users.$inferInsert>;

async function addUser(fields: PlayerFields = {}): Promise<string> {
  const id = fields.id ?? randomUUID();
  await t.db
    .insert(users)
    .values({ id, email: `${id}@example.test`, firstName: 'Free', lastName: 'Agent', role: 'player', ...fields });
  return id;
}

async function addTeamWith(...playerIds: string[]): Promise<number> {
  const ownerId = await addUser({ role: 'owner', firstName: 'Team', lastName: 'Owner' });
  const [team] = await t.db.insert(teams).values({ name: 'Rostered', ownerId }).returning({ id: teams.id });
  if (playerIds.length) {
    await t.db.insert(teamMembers).values(playerIds.map((userId) => ({ teamId: team!.id, userId, joinedAt: NOW })));
  }
  return team!.id;
}

async function pool(member: TestMember, query = ''): Promise<{ players: FreeAgent[]; next: string | null }> {
  const res = await member.agent.get(`/api/free-agency${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return { players: (await res.json()) as FreeAgent[], next: res.headers.get('X-Next-Cursor') };
}

const names = (players: FreeAgent[]) => players.map((p) => `${p.firstName} ${p.lastName}`);

describe('GET /api/free-agency: who may read it', () => {
  it('answers guests 401 and fans 403 with the upgrade message; players, owners and admins read the pool', async () => {
    expect((await t.agent().get('/api/free-agency')).status).toBe(401);
    const fan = await t.member({ role: 'fan' });
    const refused = await fan.agent.get('/api/free-agency');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: M.fansUpgrade });

    const admin = await t.member({ role: 'player' });
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    for (const role of ['player', 'owner'] as const) {
      expect((await t.agent().get('/api/free-agency')).status).toBe(401);
      await pool(await t.member({ role }));
    }
    await pool(admin);
  });
});

describe('GET /api/free-agency: the pool', () => {
  let reader: TestMember;
  beforeEach(async () => {
    reader = await t.member({ role: 'owner', firstName: 'Reading', lastName: 'Owner' });
  });

  it('lists only players without a team, best first, with the card fields and nothing private', async () => {
    const star = await addUser({
      firstName: 'Jasmine',
      lastName: 'Carter',
      wtaPoints: 1240,
      wins: 38,
      losses: 12,
      gamesPlayed: 50,
      isVerified: true,
      city: 'Atlanta',
      state: 'GA',
      sport: 'basketball',
      tagline: 'Buckets.',
      dateOfBirth: '1997-06-14',
    });
    const rookie = await addUser({ firstName: 'Tyler', lastName: 'Brooks', wtaPoints: 35 });
    const rostered = await addUser({ firstName: 'On', lastName: 'Roster', wtaPoints: 5000 });
    await addTeamWith(rostered);
    await addUser({ role: 'fan', firstName: 'Just', lastName: 'Fan' });
    await addUser({ role: 'admin', firstName: 'An', lastName: 'Admin' });

    const { players, next } = await pool(reader);
    expect(next).toBeNull();
    expect(players.map((p) => p.id)).toEqual([star, rookie]);
    expect(players[0]).toStrictEqual({
      id: star,
      firstName: 'Jasmine',
      lastName: 'Carter',
      profileImageUrl: null,
      isVerified: true,
      tagline: 'Buckets.',
      city: 'Atlanta',
      state: 'GA',
      sport: 'basketball',
      wtaPoints: 1240,
      wins: 38,
      losses: 12,
      gamesPlayed: 50,
    });
    expect(JSON.stringify(players)).not.toMatch(/email|password|dateOfBirth/i);
    // The reading owner and the rostered player's owner are owners, not free agents.
    expect(names(players)).not.toContain('Reading Owner');
  });

  it('searches names (first, last or both, any case; wildcards are plain text) and filters sport and verified', async () => {
    await addUser({ firstName: 'Jasmine', lastName: 'Carter', sport: 'basketball', isVerified: true, wtaPoints: 90 });
    await addUser({ firstName: 'Carter', lastName: 'Jones', sport: 'football', wtaPoints: 80 });
    await addUser({ firstName: 'Maya', lastName: 'Davis', sport: 'football', isVerified: true, wtaPoints: 70 });
    await addUser({ firstName: 'Vic', lastName: 'Morris', sport: 'slap', wtaPoints: 60 });
    await addUser({ firstName: 'Grace', lastName: 'Sullivan', sport: 'kickball', wtaPoints: 50 });
    await addUser({ firstName: 'Fem_i', lastName: '100%', sport: 'soccer', wtaPoints: 40 });

    const cases: [string, string[]][] = [
      ['?q=carter', ['Jasmine Carter', 'Carter Jones']],
      ['?q=JASMINE%20car', ['Jasmine Carter']],
      ['?q=%20%20', ['Jasmine Carter', 'Carter Jones', 'Maya Davis', 'Vic Morris', 'Grace Sullivan', 'Fem_i 100%']],
      ['?q=f_m', []],
      ['?q=fem_', ['Fem_i 100%']],
      ['?q=100%25', ['Fem_i 100%']],
      ['?q=%25', ['Fem_i 100%']],
      ['?sport=football', ['Carter Jones', 'Maya Davis']],
      ['?sport=slap', ['Vic Morris']],
      ['?sport=kickball', ['Grace Sullivan']],
      ['?sport=basketball&verified=verified', ['Jasmine Carter']],
      ['?verified=verified', ['Jasmine Carter', 'Maya Davis']],
      ['?verified=unverified&sport=all', ['Carter Jones', 'Vic Morris', 'Grace Sullivan', 'Fem_i 100%']],
      ['?q=carter&sport=football&verified=unverified', ['Carter Jones']],
      ['?q=nobody', []],
    ];
    for (const [query, expected] of cases) {
      expect(names((await pool(reader, query)).players), query).toEqual(expected);
    }
  });

  it('pages by cursor: every player once, in order, even when players join teams between pages', async () => {
    const ids: string[] = [];
    // Ties on points are broken by id, so equal scores still page without repeats.
    for (let i = 0; i < 9; i += 1) ids.push(await addUser({ wtaPoints: [50, 50, 50, 40, 40, 30, 20, 20, 10][i] }));
    const expected = (await pool(reader, '?limit=100')).players.map((p) => p.id);
    expect([...expected].sort()).toEqual([...ids].sort());

    const seen: string[] = [];
    let page = await pool(reader, '?limit=2');
    seen.push(...page.players.map((p) => p.id));
    // A player already shown and one not shown yet join a team: the walk neither repeats nor skips anyone else.
    const joined = expected[5]!;
    await addTeamWith(expected[0]!, joined);
    while (page.next) {
      const res = await reader.agent.get(`/api/free-agency?limit=2&cursor=${page.next}`);
      page = { players: (await res.json()) as FreeAgent[], next: res.headers.get('X-Next-Cursor') };
      seen.push(...page.players.map((p) => p.id));
    }
    expect(seen).toEqual(expected.filter((id) => id !== joined));
  });

  it('points to the next page with X-Next-Cursor and Link, and the last page with neither', async () => {
    for (let i = 0; i < 3; i += 1) await addUser({ wtaPoints: i, sport: 'slap' });
    const res = await reader.agent.get('/api/free-agency?sport=slap&limit=2');
    const cursor = res.headers.get('X-Next-Cursor');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(res.headers.get('Link')).toBe(`</api/free-agency?sport=slap&limit=2&cursor=${cursor}>; rel="next"`);
    const last = await reader.agent.get(`/api/free-agency?sport=slap&limit=2&cursor=${cursor}`);
    expect(((await last.json()) as FreeAgent[]).length).toBe(1);
    expect(last.headers.get('X-Next-Cursor')).toBeNull();
    expect(last.headers.get('Link')).toBeNull();
    // A full last page does not point at an empty one.
    const exact = await reader.agent.get('/api/free-agency?sport=slap&limit=3');
    expect(exact.headers.get('X-Next-Cursor')).toBeNull();
  });

  it('refuses bad input with 400 and a message, never a 500', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const cases: [string, string][] = [
      ['?sport=soccer', M.sport],
      ['?sport=', M.sport],
      ['?verified=yes', M.verified],
      ['?limit=0', M.limit],
      ['?limit=101', M.limit],
      ['?limit=2.5', M.limit],
      ['?limit=abc', M.limit],
      [`?q=${'x'.repeat(101)}`, M.search],
      ['?cursor=', M.cursor],
      ['?cursor=not-a-cursor!', M.cursor],
      [`?cursor=${b64('12.')}`, M.cursor],
      [`?cursor=${b64('abc.123')}`, M.cursor],
      [`?cursor=${b64("1.x' or 1=1 --")}`, M.cursor],
      [`?cursor=${b64('99999999999999999.a')}`, M.cursor],
    ];
    for (const [query, message] of cases) {
      const res = await reader.agent.get(`/api/free-agency${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toBe(message);
    }
    expect(decodeURIComponent(encodePoolCursor({ points: -5, id: 'a-b' }))).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('the pool statement', () => {
  async function plan(filters: Parameters<typeof freeAgentsStatement>[1]): Promise<string[]> {
    const { sql, params } = freeAgentsStatement(t.db, filters).toSQL();
    const { rows } = await t.client.execute({ sql: `explain query plan ${sql}`, args: params as never });
    return rows.map((r) => String(r.detail));
  }
  const cursor = { points: 500, id: '8b0c7d9e-0000-4000-8000-000000000000' };

  it('reads pages in order from the pool indexes: no scan of users, no sort, the roster check by index', async () => {
    const cases: [Parameters<typeof freeAgentsStatement>[1], string][] = [
      [{ limit: 24 }, 'SEARCH users USING INDEX users_role_points_idx (role=?)'],
      [{ limit: 24, cursor }, 'SEARCH users USING INDEX users_role_points_idx (role=? AND (wta_points,id)<(?,?))'],
      [
        { limit: 24, verified: 'verified', cursor },
        'SEARCH users USING INDEX users_role_points_idx (role=? AND (wta_points,id)<(?,?))',
      ],
      [{ limit: 24, search: 'car' }, 'SEARCH users USING INDEX users_role_points_idx (role=?)'],
      [{ limit: 24, sport: 'football' }, 'SEARCH users USING INDEX users_role_sport_points_idx (role=? AND sport=?)'],
      [
        { limit: 24, sport: 'slap', cursor },
        'SEARCH users USING INDEX users_role_sport_points_idx (role=? AND sport=? AND (wta_points,id)<(?,?))',
      ],
    ];
    for (const [filters, search] of cases) {
      const lines = await plan(filters);
      expect(lines, JSON.stringify(filters)).toContain(search);
      expect(lines.join('\n')).not.toMatch(/SCAN users|TEMP B-TREE/);
      expect(lines).toContain('SEARCH team_members USING COVERING INDEX team_members_user_uq (user_id=?)');
    }
  });
});
