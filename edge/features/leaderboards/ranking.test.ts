import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStandings } from '../../../db/schema/incidents.ts';
import { leaderboardPoints } from '../../../db/schema/record.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { decodeRankCursor } from './cursor.ts';
import {
  playerBoardPage,
  playerPageStatement,
  rankCountStatement,
  valueCountsStatement,
  type PlayerBoardFilters,
} from './players.ts';
import { pageRanks } from './ranks.ts';
import { teamPageStatement, teamRankCountStatement } from './teams.ts';

// The ranking's rules by properties, against a real database: whatever the members, filters and page size, paging
// through a board gives every listed member once, in order, with the rank a reference ranking of the whole board
// gives (ties shared: 1, 2, 2, 4), and a name search shows the same ranks. Plus the query plans of every variant.

const NOW = new Date('2026-11-21T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(() => t.cleanup());

/** Standard competition ranking of values sorted descending. */
const reference = (values: number[]) => values.map((v) => 1 + values.filter((w) => w > v).length);

describe('pageRanks', () => {
  it('ranks any page of any descending list as the whole list would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        (raw, a, b) => {
          const values = [...raw].sort((x, y) => y - x);
          const start = a % values.length;
          const end = start + 1 + (b % (values.length - start));
          const page = values.slice(start, end);
          const above = values.filter((v) => v > page[0]!).length;
          expect(pageRanks(page, above, start)).toEqual(reference(values).slice(start, end));
        },
      ),
    );
  });
});

interface Person {
  role: 'player' | 'owner';
  sport: 'basketball' | 'slap';
  points: number;
  wins: number;
  threes: number | null;
  hidden: boolean;
  name: 'Jordan' | 'Maya';
}

const person = fc.record<Person>({
  role: fc.constantFrom('player', 'player', 'player', 'owner'),
  sport: fc.constantFrom('basketball', 'slap'),
  points: fc.integer({ min: 0, max: 5 }),
  wins: fc.integer({ min: 0, max: 3 }),
  threes: fc.option(fc.integer({ min: 0, max: 4 })),
  hidden: fc.constantFrom(false, false, false, true),
  name: fc.constantFrom('Jordan', 'Maya'),
});

describe('paged boards against a reference ranking', () => {
  it('every page ranks exactly as the whole board does, searched or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(person, { minLength: 0, maxLength: 25 }),
        fc.constantFrom<PlayerBoardFilters['sport']>('all', 'slap'),
        fc.constantFrom<PlayerBoardFilters['division']>('all', '3v3'),
        fc.constantFrom<PlayerBoardFilters['sort']>('points', 'wins'),
        fc.integer({ min: 1, max: 6 }),
        async (people, sport, division, sort, limit) => {
          await t.db.delete(memberStandings);
          await t.db.delete(leaderboardPoints);
          await t.db.delete(users);
          const rows = people.map((p, i) => ({ ...p, id: `m${String(i).padStart(3, '0')}` }));
          if (rows.length) {
            await t.db.insert(users).values(
              rows.map((p) => ({
                id: p.id,
                email: `${p.id}@example.test`,
                firstName: p.name,
                lastName: 'Tester',
                role: p.role,
                sport: p.sport,
                wtaPoints: p.points,
                wins: p.wins,
              })),
            );
          }
          const threes = rows.filter((p) => p.threes !== null);
          if (threes.length) {
            await t.db
              .insert(leaderboardPoints)
              .values(threes.map((p) => ({ userId: p.id, division: '3v3' as const, points: p.threes!, wins: p.wins })));
          }
          const hidden = rows.filter((p) => p.hidden);
          if (hidden.length) {
            await t.db
              .insert(memberStandings)
              .values(hidden.map((p) => ({ userId: p.id, bannedAt: NOW, updatedAt: NOW })));
          }

          const valueOf = (p: (typeof rows)[number]) =>
            division === 'all' ? (sort === 'wins' ? p.wins : p.points) : sort === 'wins' ? p.wins : p.threes!;
          const listed = rows
            .filter((p) => p.role === 'player' && !p.hidden && (sport === 'all' || p.sport === sport))
            .filter((p) => division === 'all' || p.threes !== null)
            .sort((a, b) => valueOf(b) - valueOf(a) || (a.id < b.id ? 1 : -1));
          const expectedRanks = reference(listed.map(valueOf));
          const rankOf = new Map(listed.map((p, i) => [p.id, expectedRanks[i]!]));

          const filters = { sport, division, sort, limit, now: NOW };
          const seen: { id: string; rank: number }[] = [];
          let cursor: string | null = null;
          for (let guard = 0; guard < 30; guard++) {
            const page = await playerBoardPage(
              t.db,
              { ...filters, cursor: cursor ? decodeRankCursor(cursor)! : undefined },
              null,
            );
            expect(page.players.length).toBeLessThanOrEqual(limit);
            seen.push(...page.players.map((p) => ({ id: p.id, rank: p.rank })));
            cursor = page.nextCursor;
            if (!cursor) break;
          }
          expect(seen).toEqual(listed.map((p, i) => ({ id: p.id, rank: expectedRanks[i] })));

          // A name search lists the members so named, each at their rank on the whole board.
          const searched = await playerBoardPage(t.db, { ...filters, limit: 50, search: 'jor' }, null);
          expect(searched.players.map((p) => ({ id: p.id, rank: p.rank }))).toEqual(
            listed.filter((p) => p.name === 'Jordan').map((p) => ({ id: p.id, rank: rankOf.get(p.id) })),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('query plans', () => {
  type Statement = { toSQL(): { sql: string; params: unknown[] } };
  async function plan(statement: Statement): Promise<string> {
    const { sql, params } = statement.toSQL();
    const { rows } = await t.client.execute({ sql: `explain query plan ${sql}`, args: params as never });
    return rows.map((r) => String(r.detail)).join('\n');
  }
  const cursor = { value: 40, id: 'a-member' };
  const at = { value: 40, id: 'a-member' };

  it('reads every board and its rank count from an index range in order: no scan, no sort', async () => {
    type Board = Pick<PlayerBoardFilters, 'sport' | 'division' | 'sort'>;
    // The board, its index, the index's equality terms and its sort key.
    const cases: [Board, string, string, string][] = [
      [{ sport: 'all', division: 'all', sort: 'points' }, 'users_role_points_idx', 'role=?', '(wta_points,id)'],
      [
        { sport: 'slap', division: 'all', sort: 'points' },
        'users_role_sport_points_idx',
        'role=? AND sport=?',
        '(wta_points,id)',
      ],
      [{ sport: 'all', division: 'all', sort: 'wins' }, 'users_role_wins_idx', 'role=?', '(wins,id)'],
      [
        { sport: 'football', division: 'all', sort: 'wins' },
        'users_role_sport_wins_idx',
        'role=? AND sport=?',
        '(wins,id)',
      ],
      [
        { sport: 'all', division: '3v3', sort: 'points' },
        'leaderboard_points_rank_idx',
        'division=?',
        '(points,user_id)',
      ],
      [
        { sport: 'kickball', division: 'Team', sort: 'points' },
        'leaderboard_points_rank_idx',
        'division=?',
        '(points,user_id)',
      ],
      [{ sport: 'all', division: '1v1', sort: 'wins' }, 'leaderboard_points_wins_idx', 'division=?', '(wins,user_id)'],
      [{ sport: 'slap', division: '5v5', sort: 'wins' }, 'leaderboard_points_wins_idx', 'division=?', '(wins,user_id)'],
    ];
    for (const [f, index, eqs, key] of cases) {
      const table = index.startsWith('users') ? 'users' : 'leaderboard_points';
      const filters = { ...f, limit: 50, now: NOW };
      for (const [statement, range] of [
        [playerPageStatement(t.db, filters), ''],
        [playerPageStatement(t.db, { ...filters, cursor }), ` AND ${key}<(?,?)`],
        [rankCountStatement(t.db, filters, at), ` AND ${key}>(?,?)`],
        // A searched page's ranks: counts per value above its lowest, grouped in the index's order.
        [valueCountsStatement(t.db, filters, 40), ` AND ${key.split(',')[0]!.slice(1)}>?`],
      ] as const) {
        const lines = await plan(statement);
        const label = `${JSON.stringify(f)}\n${lines}`;
        expect(lines, label).toMatch(new RegExp(`^SEARCH ${table} USING (COVERING )?INDEX ${index} `));
        expect(lines, label).toContain(`${index} (${eqs}${range})`);
        expect(lines, label).not.toMatch(/TEMP B-TREE|SCAN /);
        // Hidden members: one key lookup per row; a division's member: one primary key lookup.
        expect(lines).toContain('SEARCH member_standings USING INDEX sqlite_autoindex_member_standings_1 (user_id=?)');
        if (table === 'leaderboard_points')
          expect(lines).toContain('SEARCH users USING INDEX sqlite_autoindex_users_1 (id=?)');
      }
    }
    const count = await plan(
      rankCountStatement(t.db, { sport: 'all', division: 'all', sort: 'points', limit: 50, now: NOW }, at),
    );
    expect(count).toContain('USING COVERING INDEX users_role_points_idx');
  });

  it('a name search starts from members_fts and sorts only the members it found', async () => {
    for (const division of ['all', 'Team'] as const) {
      const lines = await plan(
        playerPageStatement(t.db, {
          sport: 'basketball',
          division,
          sort: 'points',
          limit: 50,
          now: NOW,
          search: 'jor',
          cursor,
        }),
      );
      expect(lines).toContain('SCAN mf VIRTUAL TABLE INDEX');
      expect(lines).toMatch(
        /SEARCH (users|leaderboard_points) USING INDEX sqlite_autoindex_(users|leaderboard_points)_1/,
      );
      expect(lines).not.toMatch(/SCAN (users|leaderboard_points)/);
    }
  });

  it('teams: teams_wins_idx in order, owners by key; a search from teams_fts', async () => {
    const page = await plan(teamPageStatement(t.db, { limit: 50, cursor: { value: 3, id: '9' } }));
    expect(page).toContain('SEARCH teams USING INDEX teams_wins_idx (wins<?)');
    expect(page).toContain('SEARCH users USING INDEX sqlite_autoindex_users_1 (id=?)');
    expect(page).not.toMatch(/TEMP B-TREE|SCAN /);
    expect(await plan(teamPageStatement(t.db, { limit: 50 }))).toMatch(/^SCAN teams USING INDEX teams_wins_idx\n/);
    const count = await plan(teamRankCountStatement(t.db, { wins: 3, id: 9 }));
    expect(count).toBe('SEARCH teams USING COVERING INDEX teams_wins_idx (wins>?)');
    const searched = await plan(teamPageStatement(t.db, { limit: 50, search: 'bulls' }));
    expect(searched).toContain('SCAN teams_fts VIRTUAL TABLE INDEX');
    expect(searched).toContain('SEARCH teams USING INTEGER PRIMARY KEY (rowid=?)');
  });
});
