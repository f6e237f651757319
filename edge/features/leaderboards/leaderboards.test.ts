import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberStandings } from '../../../db/schema/incidents.ts';
import { leaderboardPoints } from '../../../db/schema/record.ts';
import { teams } from '../../../db/schema/teams.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { fastMember } from '../../test/fast-members.ts';
import { encodeRankCursor } from './cursor.ts';
import { LEADERBOARD_MESSAGES as M, type LeaderboardPlayer, type LeaderboardTeam } from './schema.ts';

// Leaderboards (001 Leaderboards, s7, s9; D38) against a real migrated database: who is listed, the row fields,
// ranks with ties, the filters, name search that keeps real ranks, paging, hostile input.

const NOW = new Date('2026-11-21T12:00:00Z');

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

type UserFields = Partial<typeof users.$inferInsert>;

async function addPlayer(fields: UserFields = {}): Promise<string> {
  const id = fields.id ?? randomUUID();
  await t.db.insert(users).values({
    id,
    email: `${id}@example.test`,
    firstName: 'Some',
    lastName: 'Player',
    role: 'player',
    ...fields,
  });
  return id;
}

async function get<T>(path: string, agent = t.agent()): Promise<{ rows: T[]; next: string | null }> {
  const res = await agent.get(path);
  expect(res.status, await res.clone().text()).toBe(200);
  return { rows: (await res.json()) as T[], next: res.headers.get('X-Next-Cursor') };
}
const players = (query = '') => get<LeaderboardPlayer>(`/api/leaderboards/players${query}`);
const teamBoard = (query = '') => get<LeaderboardTeam>(`/api/leaderboards/teams${query}`);
const ranked = (rows: { firstName?: string; name?: string; rank: number }[]) =>
  rows.map((r) => `${r.rank}:${r.firstName ?? r.name}`);

describe('GET /api/leaderboards/players', () => {
  it('lists players only, best first, with the row fields; suspended and banned members are hidden', async () => {
    const star = await addPlayer({
      firstName: 'Jasmine',
      lastName: 'Carter',
      isVerified: true,
      sport: 'basketball',
      bestDivision: '1v1 Basketball',
      wtaPoints: 1240,
      wins: 38,
      losses: 12,
      gamesPlayed: 51,
      profileImageUrl: '/uploads/jasmine.webp',
      city: 'Atlanta',
      dateOfBirth: '1997-06-14',
    });
    await addPlayer({ firstName: 'Rookie', wtaPoints: 35 });
    await addPlayer({ firstName: 'Owner', role: 'owner', wtaPoints: 9000 });
    await addPlayer({ firstName: 'Fan', role: 'fan', wtaPoints: 9000 });
    const banned = await addPlayer({ firstName: 'Banned', wtaPoints: 5000 });
    const suspended = await addPlayer({ firstName: 'Suspended', wtaPoints: 4000 });
    const served = await addPlayer({ firstName: 'Served', wtaPoints: 3000 });
    await t.db.insert(memberStandings).values([
      { userId: banned, bannedAt: NOW, updatedAt: NOW },
      { userId: suspended, suspendedUntil: new Date(NOW.getTime() + 60_000), updatedAt: NOW },
      // A suspension that has ended hides nobody.
      { userId: served, suspendedUntil: new Date(NOW.getTime() - 60_000), updatedAt: NOW },
    ]);

    const { rows, next } = await players();
    expect(next).toBeNull();
    expect(ranked(rows)).toEqual(['1:Served', '2:Jasmine', '3:Rookie']);
    expect(rows[1]).toStrictEqual({
      id: star,
      firstName: 'Jasmine',
      lastName: 'Carter',
      profileImageUrl: '/uploads/jasmine.webp',
      isVerified: true,
      sport: 'basketball',
      bestDivision: '1v1 Basketball',
      points: 1240,
      wins: 38,
      losses: 12,
      gamesPlayed: 51,
      // 38 / 51 = 74.5 %, rounded.
      winRate: 75,
      rank: 2,
    });
    // No games: a win rate of 0, not NaN.
    expect(rows[2]).toMatchObject({ gamesPlayed: 0, winRate: 0 });
    expect(JSON.stringify(rows)).not.toMatch(/email|password|dateOfBirth|city/i);
  });

  it('rounds a win rate of exactly a half up: 23 wins in 40 games is 58 (001 "rounded")', async () => {
    await addPlayer({ firstName: 'Half', wins: 23, losses: 17, gamesPlayed: 40 });
    expect((await players()).rows[0]).toMatchObject({ firstName: 'Half', winRate: 58 });
    expect((await players('?sort=wins')).rows[0]).toMatchObject({ firstName: 'Half', winRate: 58 });
  });

  it('D36: a minor’s photo is withheld from guests only', async () => {
    await addPlayer({ firstName: 'Minor', profileImageUrl: '/uploads/minor.webp', dateOfBirth: '2010-01-01' });
    expect((await players()).rows[0]!.profileImageUrl).toBeNull();
    const reader = await fastMember(t, { role: 'fan' });
    const { rows } = await get<LeaderboardPlayer>('/api/leaderboards/players', reader.agent);
    expect(rows[0]!.profileImageUrl).toBe('/uploads/minor.webp');
  });

  it('ties share a rank (1, 2, 2, 4) and the wins sort ranks by wins', async () => {
    await addPlayer({ firstName: 'A', wtaPoints: 300, wins: 1, gamesPlayed: 3 });
    await addPlayer({ firstName: 'B', wtaPoints: 200, wins: 9, gamesPlayed: 10 });
    await addPlayer({ firstName: 'C', wtaPoints: 200, wins: 9, gamesPlayed: 9 });
    await addPlayer({ firstName: 'D', wtaPoints: 100, wins: 4, gamesPlayed: 8 });
    const byPoints = (await players()).rows;
    expect(byPoints.map((r) => r.rank)).toEqual([1, 2, 2, 4]);
    expect(byPoints.map((r) => r.firstName).slice(0, 1)).toEqual(['A']);
    const byWins = (await players('?sort=wins')).rows;
    expect(byWins.map((r) => [r.rank, r.firstName, r.wins, r.winRate]).sort()).toEqual([
      [1, 'B', 9, 90],
      [1, 'C', 9, 100],
      [3, 'D', 4, 50],
      [4, 'A', 1, 33],
    ]);
  });

  it('filters by sport and by division (D38: the division’s own points), ranks within the filters', async () => {
    const hoops = await addPlayer({ firstName: 'Hoops', sport: 'basketball', wtaPoints: 500 });
    const flag = await addPlayer({ firstName: 'Flag', sport: 'football', wtaPoints: 400 });
    const slap = await addPlayer({ firstName: 'Slap', sport: 'slap', wtaPoints: 300 });
    await addPlayer({ firstName: 'Kick', sport: 'kickball', wtaPoints: 200 });
    expect(ranked((await players('?sport=football')).rows)).toEqual(['1:Flag']);
    expect(ranked((await players('?sport=kickball')).rows)).toEqual(['1:Kick']);
    await t.db.insert(leaderboardPoints).values([
      { userId: hoops, division: '3v3', points: 20, wins: 0 },
      { userId: flag, division: '3v3', points: 90, wins: 0 },
      { userId: slap, division: '1v1', points: 70, wins: 0 },
      { userId: flag, division: 'Team', points: 90, wins: 0 },
    ]);
    const threes = (await players('?division=3v3')).rows;
    expect(threes.map((r) => [r.rank, r.firstName, r.points])).toEqual([
      [1, 'Flag', 90],
      [2, 'Hoops', 20],
    ]);
    expect(ranked((await players('?division=3v3&sport=basketball')).rows)).toEqual(['1:Hoops']);
    expect(ranked((await players('?division=1v1')).rows)).toEqual(['1:Slap']);
    expect((await players('?division=5v5')).rows).toEqual([]);
    expect((await players('?division=Team&sport=slap')).rows).toEqual([]);
  });

  it('searches names by their beginnings, any case, and shows each found member’s real rank', async () => {
    await addPlayer({ firstName: 'Jordan', lastName: 'Miles', wtaPoints: 900 });
    await addPlayer({ firstName: 'Maya', lastName: 'Jordan', wtaPoints: 800 });
    await addPlayer({ firstName: 'Tyler', lastName: 'Brooks', wtaPoints: 800 });
    await addPlayer({ firstName: 'José', lastName: 'Núñez', wtaPoints: 100 });
    expect(ranked((await players('?search=jor')).rows)).toEqual(['1:Jordan', '2:Maya']);
    expect(ranked((await players('?search=BROO')).rows)).toEqual(['2:Tyler']);
    expect(ranked((await players('?search=maya%20jo')).rows)).toEqual(['2:Maya']);
    // Accents folded (D30): "jose nunez" finds José Núñez, fourth.
    expect(ranked((await players('?search=jose%20nun')).rows)).toEqual(['4:José']);
    expect((await players('?search=zzz')).rows).toEqual([]);
    // A blank search is no search.
    expect((await players('?search=%20%20')).rows).toHaveLength(4);
  });

  it('answers hostile or odd input 200 or 400 with a clear message, never 500', async () => {
    await addPlayer({ firstName: 'Jordan', lastName: 'Near', wtaPoints: 10 });
    for (const q of ['"', '*', 'NEAR(', 'near(jordan', '"jor"*', 'jor OR 1', '^jor', 'name:jor', '-', "o'neil", '😀']) {
      const res = await t.agent().get(`/api/leaderboards/players?search=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect(ranked((await players(`?search=${encodeURIComponent('NEAR(jor')}`)).rows)).toEqual(['1:Jordan']);
    expect((await players(`?search=${encodeURIComponent('"*')}`)).rows).toEqual([]);
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const cases: [string, string][] = [
      [`?search=${'a'.repeat(101)}`, M.search],
      ['?sport=Basketball', M.sport],
      ['?sport=soccer', M.sport],
      ['?division=2v2', M.division],
      ['?division=team', M.division],
      ['?sort=losses', M.sort],
      ['?cursor=not-a-cursor!', M.cursor],
      [`?cursor=${b64('12.')}`, M.cursor],
      [`?cursor=${b64("1.x' or 1=1 --")}`, M.cursor],
      [`?cursor=${b64('99999999999999999.a')}`, M.cursor],
    ];
    for (const [query, message] of cases) {
      const res = await t.agent().get(`/api/leaderboards/players${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toBe(message);
    }
    expect((await players(`?search=${'a'.repeat(100)}`)).rows).toEqual([]);
  });

  it('pages 50 at a time with X-Next-Cursor; ranks stay right past page 1, ties across a page boundary too', async () => {
    // 120 players, all points different except places 50-53 (1-based), which tie across the first page's end.
    const values = Array.from({ length: 120 }, (_, i) => (i < 49 ? 1000 - i : i <= 52 ? 900 : 800 - i));
    await t.db.insert(users).values(
      values.map((wtaPoints, i) => {
        const id = randomUUID();
        return {
          id,
          email: `${id}@example.test`,
          firstName: `P${i}`,
          lastName: 'Paged',
          role: 'player' as const,
          wtaPoints,
        };
      }),
    );
    const seen: LeaderboardPlayer[] = [];
    let query = '';
    for (let page = 0; page < 5; page++) {
      const { rows, next } = await players(query);
      seen.push(...rows);
      if (!next) break;
      query = `?cursor=${next}`;
    }
    expect(seen).toHaveLength(120);
    expect(seen.map((r) => r.points)).toEqual([...values].sort((a, b) => b - a));
    expect(seen.slice(48, 54).map((r) => r.rank)).toEqual([49, 50, 50, 50, 50, 54]);
    expect(seen[119]!.rank).toBe(120);
    expect(new Set(seen.map((r) => r.id)).size).toBe(120);
  });
});

describe('GET /api/leaderboards/teams', () => {
  it('ranks teams by wins (ties shared), with owner, record and tournaments played; searches names', async () => {
    const owner = await addPlayer({ firstName: 'Olivia', lastName: 'Owner', role: 'owner', isVerified: true });
    const other = await addPlayer({ firstName: 'Omar', lastName: 'Other', role: 'owner' });
    const [bulls] = await t.db
      .insert(teams)
      .values({
        name: 'Atlanta Bulls',
        ownerId: owner,
        wins: 12,
        losses: 3,
        tournamentsPlayed: 4,
        logoUrl: '/u/b.webp',
      })
      .returning({ id: teams.id });
    await t.db.insert(teams).values([
      { name: 'Bay Hawks', ownerId: other, wins: 7, losses: 1, tournamentsPlayed: 2 },
      { name: 'Cedar Stars', ownerId: other, wins: 7, losses: 5, tournamentsPlayed: 3 },
      { name: 'Dune Atlas', ownerId: other, wins: 0, tournamentsPlayed: 0 },
    ]);
    const { rows, next } = await teamBoard();
    expect(next).toBeNull();
    expect(ranked(rows)).toEqual(['1:Atlanta Bulls', '2:Cedar Stars', '2:Bay Hawks', '4:Dune Atlas']);
    expect(rows[0]).toStrictEqual({
      id: bulls!.id,
      name: 'Atlanta Bulls',
      logoUrl: '/u/b.webp',
      owner: { firstName: 'Olivia', lastName: 'Owner', isVerified: true },
      wins: 12,
      losses: 3,
      tournamentsPlayed: 4,
      rank: 1,
    });
    expect(ranked((await teamBoard('?search=atl')).rows)).toEqual(['1:Atlanta Bulls', '4:Dune Atlas']);
    expect(ranked((await teamBoard('?search=HAWK')).rows)).toEqual(['2:Bay Hawks']);
    for (const q of ['"', '*', 'NEAR(', 'tagline:x', '"bay']) {
      const res = await t.agent().get(`/api/leaderboards/teams?search=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const query of [`?search=${'x'.repeat(101)}`, `?cursor=${b64('3.abc')}`, '?cursor=%25%25']) {
      const res = await t.agent().get(`/api/leaderboards/teams${query}`);
      expect(res.status, query).toBe(400);
    }
    // A renamed team is found by its new name (teams_fts kept by triggers).
    await t.db.update(teams).set({ name: 'Peachtree Bulls' }).where(eq(teams.id, bulls!.id));
    expect(ranked((await teamBoard('?search=peach')).rows)).toEqual(['1:Peachtree Bulls']);
  });

  it('pages by cursor with ranks carried over the boundary', async () => {
    const owner = await addPlayer({ role: 'owner' });
    await t.db
      .insert(teams)
      .values(Array.from({ length: 60 }, (_, i) => ({ name: `Team ${i}`, ownerId: owner, wins: Math.floor(i / 4) })));
    const first = await teamBoard();
    expect(first.rows).toHaveLength(50);
    const second = await teamBoard(`?cursor=${first.next}`);
    expect(second.next).toBeNull();
    const all = [...first.rows, ...second.rows];
    // 15 win totals 14..0, four teams each: ranks 1, 5, 9, ...
    expect(all.map((r) => r.rank)).toEqual(all.map((r) => (14 - r.wins) * 4 + 1));
    expect(encodeRankCursor({ value: 1, id: '2' })).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
