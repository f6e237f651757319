import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberStandings } from '../../../db/schema/incidents.ts';
import { teams } from '../../../db/schema/teams.ts';
import { tournaments, type TournamentStatus } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import { fastMember, leagueEmail, type FastMemberOptions } from '../../test/fast-members.ts';
import { NEXT_CURSOR_HEADER, SEARCH_PAGE_SIZE, SEARCH_TEXTS, type SearchResult } from './constants.ts';

// GET /api/search (001 s7, D30): what each caller finds, per tab, through the FTS5 indexes kept by triggers.

const NOW = new Date('2026-11-25T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function person(
  options: FastMemberOptions & { city?: string; state?: string; sport?: string; dateOfBirth?: string } = {},
) {
  const { city, state, sport, dateOfBirth, ...rest } = options;
  const created = await fastMember(t, rest);
  await t.db
    .update(users)
    .set({ city, state, sport, dateOfBirth, profileImageUrl: `/uploads/${created.id}.webp` })
    .where(eq(users.id, created.id));
  return created;
}

async function addTeam(name: string, fields: Partial<typeof teams.$inferInsert> = {}) {
  const owner = fields.ownerId ?? (await person({ role: 'owner', firstName: 'Owner', lastName: 'Person' })).id;
  const [row] = await t.db
    .insert(teams)
    .values({ name, ownerId: owner, ...fields })
    .returning({ id: teams.id });
  return row!.id;
}

async function addTournament(title: string, fields: Partial<typeof tournaments.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(tournaments)
    .values({ title, startDate: new Date(NOW.getTime() + 7 * DAY), prizePool: 500, ...fields })
    .returning({ id: tournaments.id });
  return row!.id;
}

async function find(q: string, options: { filter?: string; cursor?: string; agent?: TestAgent } = {}) {
  const params = new URLSearchParams({ q });
  if (options.filter) params.set('filter', options.filter);
  if (options.cursor) params.set('cursor', options.cursor);
  const path = `/api/search?${params}`;
  return options.agent ? options.agent.get(path) : t.request(path);
}

async function results(q: string, options: Parameters<typeof find>[1] = {}) {
  const res = await find(q, options);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SearchResult;
}

const names = (r: SearchResult) => r.users.map((u) => `${u.firstName} ${u.lastName}`);

describe('matching', () => {
  it('finds members, teams and tournaments by the first letters of a word, any case, accents folded', async () => {
    const jordan = await person({
      firstName: 'Jordan',
      lastName: 'Banks',
      city: 'Atlanta',
      state: 'GA',
      sport: 'Basketball',
      wtaPoints: 120,
    });
    await person({ firstName: 'José', lastName: 'Núñez' });
    await person({ firstName: 'Maya', lastName: 'Reed' });
    const team = await addTeam('Jordan Lake Ballers', {
      tagline: 'Run it back',
      wins: 7,
      logoUrl: '/uploads/logo.webp',
    });
    const cup = await addTournament('Jordan Classic', { status: 'upcoming', prizePool: 2500 });

    const r = await results('jor');
    expect(r.users).toEqual([
      {
        id: jordan.id,
        firstName: 'Jordan',
        lastName: 'Banks',
        isVerified: false,
        city: 'Atlanta',
        state: 'GA',
        sport: 'Basketball',
        wtaPoints: 120,
        profileImageUrl: `/uploads/${jordan.id}.webp`,
      },
    ]);
    expect(r.teams).toEqual([
      { id: team, name: 'Jordan Lake Ballers', tagline: 'Run it back', logoUrl: '/uploads/logo.webp', wins: 7 },
    ]);
    expect(r.tournaments).toEqual([
      {
        id: cup,
        title: 'Jordan Classic',
        startDate: new Date(NOW.getTime() + 7 * DAY).toISOString(),
        startedAt: null,
        completedAt: null,
        prizePool: 2500,
        approvalStatus: 'approved',
        status: 'upcoming',
      },
    ]);
    expect(r.counts).toEqual({ users: 1, teams: 1, tournaments: 1 });

    expect(names(await results('NUNEZ'))).toEqual(['José Núñez']);
    expect(names(await results('jose nu'))).toEqual(['José Núñez']);
    // Every word must match: Jordan plays in Atlanta, Maya does not.
    expect(names(await results('jordan atl'))).toEqual(['Jordan Banks']);
    expect(names(await results('maya atl'))).toEqual([]);
    // Only the last word is a prefix.
    expect(names(await results('jor banks'))).toEqual([]);
  });

  it('ranks a name above a city and counts every tab; All shows 3 of each, a tab pages with a cursor', async () => {
    await person({ firstName: 'Sam', lastName: 'Lee', city: 'Atlanta' });
    await person({ firstName: 'Atlanta', lastName: 'Jones' });
    for (let i = 0; i < 2 * SEARCH_PAGE_SIZE + 3; i += 1) await person({ firstName: `Fan${i}`, lastName: 'Atlanta' });
    for (let i = 0; i < 5; i += 1) await addTeam(`Atlanta Hawks ${i}`);
    await addTournament('Peach Cup', { location: 'Atlanta, GA' });

    const all = await results('atlanta');
    expect(all.counts).toEqual({ users: 2 * SEARCH_PAGE_SIZE + 5, teams: 5, tournaments: 1 });
    expect(all.countsCapped).toEqual({ users: false, teams: false, tournaments: false });
    expect([all.users.length, all.teams.length, all.tournaments.length]).toEqual([3, 3, 1]);
    expect(names(all)).not.toContain('Sam Lee');

    const first = await find('atlanta', { filter: 'players' });
    const page1 = (await first.json()) as SearchResult;
    expect(page1.users).toHaveLength(SEARCH_PAGE_SIZE);
    expect([page1.teams, page1.tournaments]).toEqual([[], []]);
    expect(page1.counts.users).toBe(2 * SEARCH_PAGE_SIZE + 5);
    const seen = page1.users.map((u) => u.id);
    let cursor = first.headers.get(NEXT_CURSOR_HEADER);
    while (cursor) {
      const res = await find('atlanta', { filter: 'players', cursor });
      seen.push(...((await res.json()) as SearchResult).users.map((u) => u.id));
      cursor = res.headers.get(NEXT_CURSOR_HEADER);
    }
    expect(new Set(seen).size).toBe(2 * SEARCH_PAGE_SIZE + 5);
    // Sam matched by the city only: ranked after every name match.
    const sam = await t.db.select({ id: users.id }).from(users).where(eq(users.firstName, 'Sam'));
    expect(seen.at(-1)).toBe(sam[0]!.id);

    const teamsTab = await results('atlanta', { filter: 'teams' });
    expect(teamsTab.teams).toHaveLength(5);
    expect(teamsTab.users).toEqual([]);
  });

  it('caps a count at 1000 (countsCapped) and still pages that type, then in index order', async () => {
    await t.client.execute(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1005)
      INSERT INTO users (id, email, first_name, last_name) SELECT 'many' || i, 'many' || i || '@x.test', 'Manny', 'No' || i FROM n`);
    const first = await find('manny', { filter: 'players' });
    const page = (await first.json()) as SearchResult;
    expect(page.counts.users).toBe(1000);
    expect(page.countsCapped.users).toBe(true);
    expect(page.users).toHaveLength(SEARCH_PAGE_SIZE);
    const next = await find('manny', { filter: 'players', cursor: first.headers.get(NEXT_CURSOR_HEADER)! });
    const second = (await next.json()) as SearchResult;
    expect(second.users).toHaveLength(SEARCH_PAGE_SIZE);
    expect(second.users.some((u) => page.users.some((p) => p.id === u.id))).toBe(false);
  });

  it('keeps the indexes current: a renamed member, team or tournament is found by the new name, not the old', async () => {
    const member = await person({ firstName: 'Quincy', lastName: 'Oldname' });
    const team = await addTeam('Falcons');
    const cup = await addTournament('Winter Bash');
    await t.db.update(users).set({ lastName: 'Newname' }).where(eq(users.id, member.id));
    await t.db.update(teams).set({ name: 'Ravens' }).where(eq(teams.id, team));
    await t.db.update(tournaments).set({ title: 'Summer Slam' }).where(eq(tournaments.id, cup));

    const old = await results('oldname');
    expect(old.users).toEqual([]);
    expect((await results('falc')).teams).toEqual([]);
    expect((await results('winter')).tournaments).toEqual([]);
    expect((await results('newna')).users.map((u) => u.id)).toEqual([member.id]);
    expect((await results('raven')).teams.map((x) => x.id)).toEqual([team]);
    expect((await results('summer sl')).tournaments.map((x) => x.id)).toEqual([cup]);
  });
});

describe('who sees what (D30, D36)', () => {
  it('hides suspended and banned members, and shows a suspended one again once the suspension ends', async () => {
    const suspended = await person({ firstName: 'Riley', lastName: 'Stone' });
    const banned = await person({ firstName: 'Riley', lastName: 'Banned' });
    const fine = await person({ firstName: 'Riley', lastName: 'Fine' });
    await t.db.insert(memberStandings).values([
      { userId: suspended.id, suspendedUntil: new Date(NOW.getTime() + DAY), updatedAt: NOW },
      { userId: banned.id, bannedAt: NOW, updatedAt: NOW },
    ]);
    const r = await results('riley');
    expect(r.users.map((u) => u.id)).toEqual([fine.id]);
    expect(r.counts.users).toBe(1);

    t.advance(2 * DAY);
    expect((await results('riley', { filter: 'players' })).users.map((u) => u.id).sort()).toEqual(
      [suspended.id, fine.id].sort(),
    );
  });

  it('shows a guest no photo and no city of a minor; a signed-in member sees them', async () => {
    const minor = await person({
      firstName: 'Kid',
      lastName: 'Hooper',
      city: 'Macon',
      state: 'GA',
      dateOfBirth: '2012-01-01',
    });
    await person({ firstName: 'Kid', lastName: 'Grown', city: 'Macon', dateOfBirth: '1990-01-01' });
    const guest = await results('kid');
    const seenByGuest = guest.users.find((u) => u.id === minor.id)!;
    expect(seenByGuest).toMatchObject({ city: null, profileImageUrl: null, state: 'GA' });
    expect(guest.users.find((u) => u.id !== minor.id)).toMatchObject({ city: 'Macon' });

    const viewer = await person({ firstName: 'Viewer', lastName: 'One' });
    const member = await results('kid', { agent: viewer.agent });
    expect(member.users.find((u) => u.id === minor.id)).toMatchObject({
      city: 'Macon',
      profileImageUrl: `/uploads/${minor.id}.webp`,
    });
  });

  it('lists pending and rejected tournaments only to their host and to admins, with their approval status', async () => {
    const host = await person({ firstName: 'Hannah', lastName: 'Host' });
    const other = await person({ firstName: 'Otto', lastName: 'Other' });
    const admin = await fastMember(t, { role: 'admin', email: leagueEmail() });
    const foreignAdmin = await fastMember(t, { role: 'admin', email: 'root@elsewhere.example' });
    const statuses: TournamentStatus[] = ['pending', 'rejected', 'cancelled', 'upcoming', 'live', 'completed'];
    const ids: Record<string, number> = {};
    for (const status of statuses) ids[status] = await addTournament(`Harbor ${status}`, { status, hostId: host.id });
    const otherPending = await addTournament('Harbor elsewhere', { status: 'pending', hostId: other.id });

    const seen = async (agent?: TestAgent) => {
      const r = await results('harbor', { filter: 'tournaments', agent });
      expect(r.counts.tournaments).toBe(r.tournaments.length);
      return Object.fromEntries(r.tournaments.map((x) => [x.id, x.approvalStatus]));
    };
    const listed = { [ids.upcoming!]: 'approved', [ids.live!]: 'approved', [ids.completed!]: 'approved' };
    expect(await seen()).toEqual(listed);
    expect(await seen(other.agent)).toEqual({ ...listed, [otherPending]: 'pending' });
    expect(await seen(foreignAdmin.agent)).toEqual(listed);
    const own = { ...listed, [ids.pending!]: 'pending', [ids.rejected!]: 'rejected', [ids.cancelled!]: 'approved' };
    expect(await seen(host.agent)).toEqual(own);
    expect(await seen(admin.agent)).toEqual({ ...own, [otherPending]: 'pending' });
  });

  it("the quick search 'Verified' lists the verified members (any case), and matches teams and tournaments by text", async () => {
    const star = await person({ firstName: 'Star', lastName: 'Player', isVerified: true, wtaPoints: 900 });
    const owner = await person({
      role: 'owner',
      firstName: 'Vera',
      lastName: 'Owner',
      isVerified: true,
      wtaPoints: 10,
    });
    const hidden = await person({ firstName: 'Gone', lastName: 'Verified', isVerified: true });
    await person({ firstName: 'Plain', lastName: 'Player' });
    await t.db.insert(memberStandings).values({ userId: hidden.id, bannedAt: NOW, updatedAt: NOW });
    const team = await addTeam('Verified Crew');

    const r = await results('  VeRiFiEd ');
    expect(r.users.map((u) => u.id)).toEqual([star.id, owner.id]);
    expect(r.users.every((u) => u.isVerified)).toBe(true);
    expect(r.counts).toEqual({ users: 2, teams: 1, tournaments: 0 });
    expect(r.teams.map((x) => x.id)).toEqual([team]);
    // Not the quick search: 'verified crew' is an ordinary text search.
    expect((await results('verified crew')).users).toEqual([]);
  });
});

describe('the query (D30)', () => {
  it('refuses an empty or blank query and one over 100 characters with 400 and a message', async () => {
    for (const q of ['', '   ']) {
      const res = await find(q);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(SEARCH_TEXTS.queryRequired);
    }
    expect((await t.request('/api/search')).status).toBe(400);
    const long = await find('a'.repeat(101));
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toBe(SEARCH_TEXTS.queryTooLong);
    // 100 characters after trimming, emoji counted as one each.
    expect((await find(` ${'😀'.repeat(100)} `)).status).toBe(200);
    expect((await find('a', { filter: 'coaches' })).status).toBe(400);
    expect((await find('a', { filter: 'players', cursor: 'not a cursor' })).status).toBe(400);
    expect((await find('a', { filter: 'players', cursor: 'OTk5OQ' })).status).toBe(400);
  });

  it('answers hostile and odd queries 200: no search operator reaches the engine', async () => {
    await person({ firstName: 'Near', lastName: 'Andor' });
    await person({ firstName: 'Col', lastName: 'Xavier' });
    const hostile = [
      '"',
      '""',
      '"""*',
      '*',
      '* *',
      'NEAR(a b)',
      'NEAR',
      'a OR b',
      'a AND b',
      'NOT a',
      '-x',
      'col:x',
      '^a',
      '(a',
      'a)',
      "o'neil",
      'name:near',
      '{name}: x',
      '😀',
      '👍🏽 🎉',
      '中文',
      'ñ',
      '\u0000',
      'jo\u0000rdan',
      'Ⴀ\u0000',
      '%',
      '_',
      '\\',
      "'; drop table users; --",
    ];
    for (const q of hostile) {
      const res = await find(q);
      expect(res.status, `${q}: ${await res.clone().text()}`).toBe(200);
    }
    // Operators are words: NEAR finds the member named Near; 'col:x' is the words col and x, not a column filter.
    expect(names(await results('NEAR(a b)'))).toEqual([]);
    expect(names(await results('near'))).toEqual(['Near Andor']);
    expect(names(await results('col:x'))).toEqual(['Col Xavier']);
    expect(names(await results('name:near'))).toEqual([]);
    // Only punctuation: no word to look for, so nothing (and no error).
    expect(await results('"""*')).toMatchObject({
      users: [],
      teams: [],
      tournaments: [],
      counts: { users: 0, teams: 0, tournaments: 0 },
    });
  });
});

describe('plans', () => {
  it('reads each query from the FTS index (or the verified index), never scanning users, teams or tournaments', async () => {
    const { membersQuery, teamsQuery, tournamentsQuery, verifiedMembersQuery } = await import('./service.ts');
    const w = { limit: 4, offset: 0 };
    const searcher = { id: 'someone', isAdmin: false };
    const plan = async (query: ReturnType<typeof teamsQuery>) =>
      (await t.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`)).map((r) => r.detail).join('\n');
    for (const query of [
      membersQuery('"jor"*', NOW, w),
      membersQuery('"jor"*', NOW, { ...w, ranked: false }),
      membersQuery('"jor"*', NOW),
    ]) {
      const p = await plan(query);
      expect(p).toMatch(/SCAN members_fts VIRTUAL TABLE INDEX/);
      expect(p).toContain('SEARCH r USING INTEGER PRIMARY KEY (rowid=?)');
      expect(p).toMatch(/SEARCH u USING (COVERING )?INDEX sqlite_autoindex_users_1 \(id=\?\)/);
      expect(p).toMatch(/SEARCH s USING INDEX sqlite_autoindex_member_standings_1 \(user_id=\?\)/);
      expect(p).not.toMatch(/SCAN (u|r|s)\b|TEMP B-TREE/);
    }
    for (const query of [
      teamsQuery('"hawk"*', w),
      teamsQuery('"hawk"*', { ...w, ranked: false }),
      teamsQuery('"hawk"*'),
    ]) {
      const p = await plan(query);
      expect(p).toMatch(/SCAN teams_fts VIRTUAL TABLE INDEX/);
      expect(p).toContain('SEARCH t USING INTEGER PRIMARY KEY (rowid=?)');
      expect(p).not.toMatch(/SCAN t\b|TEMP B-TREE/);
    }
    for (const query of [
      tournamentsQuery('"cup"*', searcher, w),
      tournamentsQuery('"cup"*', { id: null, isAdmin: true }),
    ]) {
      const p = await plan(query);
      expect(p).toMatch(/SCAN tournaments_fts VIRTUAL TABLE INDEX/);
      expect(p).toContain('SEARCH t USING INTEGER PRIMARY KEY (rowid=?)');
      expect(p).not.toMatch(/SCAN t\b|TEMP B-TREE/);
    }
    for (const query of [verifiedMembersQuery(NOW, w), verifiedMembersQuery(NOW)]) {
      const p = await plan(query);
      expect(p).toMatch(/SCAN u USING (COVERING )?INDEX users_role_points_idx/);
      expect(p).not.toMatch(/TEMP B-TREE/);
    }
  });
});
