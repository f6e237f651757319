import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sponsors } from '../../../db/schema/sponsors.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { tournamentsStatement } from './tournament-query.ts';
import type { MyRegistration, NextTournament, Sponsor, Tournament, TournamentRegistration } from './schema.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(NOW.getTime() + ms);

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

type Db = TestApp['db'];
type TournamentRow = typeof tournaments.$inferSelect;

async function addUser(db: Db, fields: Partial<typeof users.$inferInsert> = {}) {
  const id = fields.id ?? randomUUID();
  await db.insert(users).values({
    id,
    email: `${id}@example.test`,
    firstName: 'First',
    lastName: 'Last',
    ...fields,
  });
  return id;
}

async function addTournament(db: Db, fields: Partial<typeof tournaments.$inferInsert> = {}) {
  const [row] = await db
    .insert(tournaments)
    .values({ title: 'Cup', startDate: at(10 * DAY), createdAt: at(-10 * DAY), ...fields })
    .returning({ id: tournaments.id });
  return row!.id;
}

async function register(
  db: Db,
  tournamentId: number,
  userId: string,
  status: 'registered' | 'pending_payment' | 'cancelled' = 'registered',
  createdAt = at(-DAY),
  placement: number | null = null,
) {
  const [row] = await db
    .insert(tournamentRegistrations)
    .values({ tournamentId, userId, status, createdAt, placement })
    .returning({ id: tournamentRegistrations.id });
  return row!.id;
}

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return (await res.json()) as T;
}

const get = (path: string) => t.request(path);

describe('GET /api/tournaments', () => {
  it('lists only listed tournaments: live, then upcoming soonest first, then completed most recent first', async () => {
    const add = (title: string, status: TournamentRow['status'], startDate: Date) =>
      addTournament(t.db, { title, status, startDate });
    const ids = {
      upcomingLate: await add('Upcoming late', 'upcoming', at(20 * DAY)),
      completedOld: await add('Completed old', 'completed', at(-60 * DAY)),
      live: await add('Live', 'live', at(-2 * HOUR)),
      pending: await add('Pending', 'pending', at(DAY)),
      upcomingSoon: await add('Upcoming soon', 'upcoming', at(2 * DAY)),
      rejected: await add('Rejected', 'rejected', at(3 * DAY)),
      completedRecent: await add('Completed recent', 'completed', at(-5 * DAY)),
    };
    const list = await json<Tournament[]>(await get('/api/tournaments'));
    expect(list.map((x) => x.id)).toEqual([
      ids.live,
      ids.upcomingSoon,
      ids.upcomingLate,
      ids.completedRecent,
      ids.completedOld,
    ]);
    expect(list.map((x) => x.title)).not.toContain('Pending');
    expect(list.map((x) => x.title)).not.toContain('Rejected');
  });

  it('answers an empty array when nothing is listed', async () => {
    await addTournament(t.db, { status: 'pending' });
    expect(await json<Tournament[]>(await get('/api/tournaments'))).toEqual([]);
  });

  it('answers every field of the contract, dates as ISO strings', async () => {
    const createdAt = new Date('2026-10-01T08:09:10.123Z');
    const id = await addTournament(t.db, {
      title: 'Hoop Kings',
      description: 'One court.',
      location: 'Atlanta, GA',
      division: 'hoop',
      startDate: new Date('2026-12-05T15:30:00.007Z'),
      endDate: new Date('2026-12-05T23:00:00Z'),
      format: 'double-elimination',
      status: 'upcoming',
      buyIn: 50,
      prizePool: 640,
      maxPlayers: 16,
      flyerUrl: '/uploads/flyer.png',
      createdAt,
    });
    const bare = await addTournament(t.db, { title: 'Bare', startDate: new Date('2026-12-06T00:00:00Z') });
    const list = await json<Tournament[]>(await get('/api/tournaments'));
    expect(list[0]).toStrictEqual({
      id,
      title: 'Hoop Kings',
      description: 'One court.',
      location: 'Atlanta, GA',
      division: 'hoop',
      startDate: '2026-12-05T15:30:00.007Z',
      endDate: '2026-12-05T23:00:00.000Z',
      startedAt: null,
      completedAt: null,
      format: 'double-elimination',
      status: 'upcoming',
      buyIn: 50,
      prizePool: 640,
      maxPlayers: 16,
      maxTeams: null,
      teamSize: 1,
      flyerUrl: '/uploads/flyer.png',
      createdAt: '2026-10-01T08:09:10.123Z',
      hostId: null,
      cancellationReason: null,
      registeredCount: 0,
      waitlisted: 0,
      champion: null,
      championTeam: null,
    } satisfies Tournament);
    // Defaults of a minimal row: nulls stay null, the format and money defaults come through.
    expect(list[1]).toMatchObject({
      id: bare,
      description: null,
      location: null,
      division: null,
      endDate: null,
      format: 'single-elimination',
      buyIn: 0,
      prizePool: 0,
      maxPlayers: null,
      flyerUrl: null,
    });
  });

  it('counts registered and pending-payment registrations, never cancelled ones', async () => {
    const full = await addTournament(t.db, { title: 'Full', startDate: at(DAY) });
    const empty = await addTournament(t.db, { title: 'Empty', startDate: at(2 * DAY) });
    const cancelledOnly = await addTournament(t.db, { title: 'Cancelled only', startDate: at(3 * DAY) });
    const players = await Promise.all([1, 2, 3, 4].map(() => addUser(t.db)));
    await register(t.db, full, players[0]!, 'registered');
    await register(t.db, full, players[1]!, 'registered');
    // An unpaid hold counts while it is younger than 30 minutes (D9).
    await register(t.db, full, players[2]!, 'pending_payment', at(-10 * 60 * 1000));
    await register(t.db, full, players[3]!, 'cancelled');
    await register(t.db, cancelledOnly, players[0]!, 'cancelled');

    const list = await json<Tournament[]>(await get('/api/tournaments'));
    const count = (id: number) => list.find((x) => x.id === id)?.registeredCount;
    expect(count(full)).toBe(3);
    expect(count(empty)).toBe(0);
    expect(count(cancelledOnly)).toBe(0);
  });

  it('names the champion of a completed tournament, and null otherwise', async () => {
    const champ = await addUser(t.db, {
      firstName: 'Dre',
      lastName: 'Jordan',
      city: 'Atlanta',
      isVerified: true,
      profileImageUrl: '/uploads/dre.png',
    });
    const done = await addTournament(t.db, { status: 'completed', startDate: at(-DAY), championId: champ });
    const noChampion = await addTournament(t.db, { status: 'completed', startDate: at(-2 * DAY) });
    const list = await json<Tournament[]>(await get('/api/tournaments'));
    expect(list.find((x) => x.id === done)!.champion).toStrictEqual({
      id: champ,
      firstName: 'Dre',
      lastName: 'Jordan',
      profileImageUrl: '/uploads/dre.png',
      city: 'Atlanta',
      isVerified: true,
    });
    expect(list.find((x) => x.id === noChampion)!.champion).toBeNull();

    const unverified = await addUser(t.db, { firstName: 'Sam' });
    await t.db.update(tournaments).set({ championId: unverified }).where(eq(tournaments.id, noChampion));
    const again = await json<Tournament[]>(await get('/api/tournaments'));
    expect(again.find((x) => x.id === noChampion)!.champion).toMatchObject({ firstName: 'Sam', isVerified: false });
  });

  describe('query parameters', () => {
    let ids: Record<string, number>;
    beforeEach(async () => {
      ids = {
        hoopLive: await addTournament(t.db, { division: 'hoop', status: 'live', startDate: at(-HOUR) }),
        hoopSoon: await addTournament(t.db, { division: 'hoop', status: 'upcoming', startDate: at(DAY) }),
        soccerLater: await addTournament(t.db, { division: 'soccer', status: 'upcoming', startDate: at(2 * DAY) }),
        hoopPending: await addTournament(t.db, { division: 'hoop', status: 'pending', startDate: at(3 * DAY) }),
        hoopDone: await addTournament(t.db, { division: 'hoop', status: 'completed', startDate: at(-DAY) }),
        soccerDone: await addTournament(t.db, { division: 'soccer', status: 'completed', startDate: at(-2 * DAY) }),
      };
    });
    const idsOf = async (query: string) =>
      (await json<Tournament[]>(await get(`/api/tournaments${query}`))).map((x) => x.id);

    it('filters by status and by division, and pages with limit and offset', async () => {
      expect(await idsOf('?status=upcoming')).toEqual([ids.hoopSoon, ids.soccerLater]);
      expect(await idsOf('?status=live')).toEqual([ids.hoopLive]);
      expect(await idsOf('?status=completed')).toEqual([ids.hoopDone, ids.soccerDone]);
      expect(await idsOf('?division=hoop')).toEqual([ids.hoopLive, ids.hoopSoon, ids.hoopDone]);
      expect(await idsOf('?division=soccer&status=completed')).toEqual([ids.soccerDone]);
      expect(await idsOf('?division=kickball')).toEqual([]);
      expect(await idsOf('?limit=2')).toEqual([ids.hoopLive, ids.hoopSoon]);
      expect(await idsOf('?limit=2&offset=2')).toEqual([ids.soccerLater, ids.hoopDone]);
      expect(await idsOf('?offset=4')).toEqual([ids.soccerDone]);
      expect(await idsOf('?limit=100&offset=0')).toHaveLength(5);
    });

    it.each([
      ['?status=pending', 'Status must be upcoming, live or completed'],
      ['?status=rejected', 'Status must be upcoming, live or completed'],
      ['?status=LIVE', 'Status must be upcoming, live or completed'],
      ['?status=upcoming&status=live', 'Status must be upcoming, live or completed'],
      [
        '?division=curling',
        'Division must be one of hoop, flag-football, kickball, slap, slamball, soccer, boxing, pickleball',
      ],
      ['?limit=0', 'Limit must be a whole number from 1 to 100'],
      ['?limit=101', 'Limit must be a whole number from 1 to 100'],
      ['?limit=500', 'Limit must be a whole number from 1 to 100'],
      ['?limit=ten', 'Limit must be a whole number from 1 to 100'],
      ['?limit=2.5', 'Limit must be a whole number from 1 to 100'],
      ['?offset=-1', 'Offset must be a whole number of 0 or more'],
      ['?offset=x', 'Offset must be a whole number of 0 or more'],
    ])('refuses %s with 400 and a message', async (query, message) => {
      const body = await json<{ message: string }>(await get(`/api/tournaments${query}`), 400);
      expect(body.message).toBe(message);
    });
  });
});

describe('GET /api/tournaments pages (keyset cursor, ADR 025)', () => {
  type Status = TournamentRow['status'];
  const rankOf: Record<string, number> = { live: 0, upcoming: 1, completed: 2 };
  /** The screen order, computed here independently of the SQL: live, upcoming soonest, completed most recent; id. */
  const screenOrder = (rows: { id: number; status: Status; startDate: Date }[]) =>
    rows
      .filter((r) => r.status in rankOf)
      .map((r) => ({
        id: r.id,
        sort: [rankOf[r.status]!, r.status === 'completed' ? -r.startDate.getTime() : r.startDate.getTime(), r.id],
      }))
      .sort((a, b) => a.sort[0]! - b.sort[0]! || a.sort[1]! - b.sort[1]! || a.sort[2]! - b.sort[2]!)
      .map((r) => r.id);

  /** Follows X-Next-Cursor from `first` to the last page; the ids of every page, in order. */
  async function walk(first: string): Promise<number[][]> {
    const pages: number[][] = [];
    let path: string | null = first;
    while (path !== null) {
      const res = await get(path);
      pages.push((await json<Tournament[]>(res)).map((x) => x.id));
      const cursor = res.headers.get('x-next-cursor');
      const url: URL = new URL(first, 'http://x');
      if (cursor) url.searchParams.set('cursor', cursor);
      path = cursor ? `${url.pathname}${url.search}` : null;
      if (pages.length > 500) throw new Error('the cursor never ends');
    }
    return pages;
  }

  it('answers at most 24 tournaments without parameters, and names the next page in X-Next-Cursor and Link', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await addTournament(t.db, { startDate: at((i + 1) * HOUR) }));
    const res = await get('/api/tournaments');
    expect((await json<Tournament[]>(res)).map((x) => x.id)).toEqual(ids.slice(0, 24));
    const cursor = res.headers.get('x-next-cursor');
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(res.headers.get('link')).toBe(`</api/tournaments?cursor=${cursor}>; rel="next"`);

    const next = await get(`/api/tournaments?cursor=${cursor}`);
    expect((await json<Tournament[]>(next)).map((x) => x.id)).toEqual(ids.slice(24));
    expect(next.headers.get('x-next-cursor')).toBeNull();
    expect(next.headers.get('link')).toBeNull();
  });

  it('names no next page when the last page is exactly full, nor for an empty list', async () => {
    for (let i = 0; i < 4; i++) await addTournament(t.db, { startDate: at((i + 1) * HOUR) });
    expect(await walk('/api/tournaments?limit=2')).toHaveLength(2);
    await t.client.execute('delete from tournaments');
    expect(await walk('/api/tournaments')).toEqual([[]]);
  });

  it('walks every listed tournament exactly once, in screen order, for any league, filter and page size', async () => {
    const statuses: Status[] = ['live', 'upcoming', 'completed', 'pending', 'rejected', 'cancelled'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            status: fc.constantFrom(...statuses),
            // A few distinct instants, so equal start dates (ties broken by id) are common.
            hours: fc.integer({ min: -6, max: 6 }),
            division: fc.constantFrom('hoop' as const, 'soccer' as const),
          }),
          { maxLength: 40 },
        ),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom(undefined, 'live' as const, 'upcoming' as const, 'completed' as const),
        fc.constantFrom(undefined, 'hoop' as const),
        async (rows, limit, status, division) => {
          await t.client.execute('delete from tournaments');
          const inserted = rows.length
            ? await t.db
                .insert(tournaments)
                .values(rows.map((r) => ({ title: 'Cup', status: r.status, division: r.division, startDate: at(r.hours * HOUR) })))
                .returning({ id: tournaments.id, status: tournaments.status, startDate: tournaments.startDate, division: tournaments.division })
            : [];
          const expected = screenOrder(
            inserted.filter((r) => (!status || r.status === status) && (!division || r.division === division)),
          );
          const query = new URLSearchParams({ limit: String(limit) });
          if (status) query.set('status', status);
          if (division) query.set('division', division);
          const pages = await walk(`/api/tournaments?${query}`);
          expect(pages.flat()).toEqual(expected);
          // Full pages until the last, which is never empty unless the whole list is.
          expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
          expect(pages.at(-1)!.length).toBe(expected.length === 0 ? 0 : expected.length - (pages.length - 1) * limit);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps its place when tournaments are added before the cursor (no row repeated, none skipped)', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await addTournament(t.db, { startDate: at((i + 2) * DAY) }));
    const first = await get('/api/tournaments?limit=2');
    expect((await json<Tournament[]>(first)).map((x) => x.id)).toEqual(ids.slice(0, 2));
    // A sooner tournament and a live one now sort before the page already seen.
    await addTournament(t.db, { startDate: at(DAY) });
    await addTournament(t.db, { status: 'live', startDate: at(-HOUR) });
    const next = await get(`/api/tournaments?limit=2&cursor=${first.headers.get('x-next-cursor')}`);
    expect((await json<Tournament[]>(next)).map((x) => x.id)).toEqual(ids.slice(2));
  });

  it('pages one status with the cursors of that status', async () => {
    const done = [];
    for (let i = 0; i < 5; i++) done.push(await addTournament(t.db, { status: 'completed', startDate: at(-(i + 1) * DAY) }));
    await addTournament(t.db, { status: 'upcoming', startDate: at(DAY) });
    expect(await walk('/api/tournaments?status=completed&limit=2')).toEqual([done.slice(0, 2), done.slice(2, 4), done.slice(4)]);
  });

  it('refuses a malformed or foreign cursor with 400 and a message, never a 500', async () => {
    await addTournament(t.db, { status: 'upcoming', startDate: at(DAY) });
    await addTournament(t.db, { status: 'upcoming', startDate: at(2 * DAY) });
    const upcomingCursor = (await get('/api/tournaments?limit=1')).headers.get('x-next-cursor')!;
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const cases: [string, string][] = [
      ['?cursor=', 'Cursor must be the X-Next-Cursor of an earlier page, unchanged'],
      ['?cursor=not-a-cursor', 'Cursor must be the X-Next-Cursor of an earlier page, unchanged'],
      ['?cursor=%E2%9C%93', 'Cursor must be the X-Next-Cursor of an earlier page, unchanged'],
      [`?cursor=${b64('1.abc.3')}`, 'Cursor must be the X-Next-Cursor of an earlier page, unchanged'],
      [`?cursor=${b64('3.10.3')}`, 'Cursor must be the X-Next-Cursor of an earlier page, unchanged'],
      [`?cursor=${b64('1.10.0')}`, 'Cursor must be the X-Next-Cursor of an earlier page, unchanged'],
      [`?cursor=${b64('1.99999999999999999.3')}`, 'Cursor must be the X-Next-Cursor of an earlier page, unchanged'],
      [`?cursor=${b64('1.10.3')}&cursor=${b64('1.10.4')}`, 'Cursor must be the X-Next-Cursor of an earlier page, unchanged'],
      [`?cursor=${upcomingCursor}&status=completed`, 'Cursor belongs to another status filter'],
      [`?cursor=${upcomingCursor}&offset=1`, 'Offset cannot be combined with a cursor'],
    ];
    for (const [query, message] of cases) {
      const body = await json<{ message: string }>(await get(`/api/tournaments${query}`), 400);
      expect(body.message, query).toBe(message);
    }
    // A cursor of the All list whose row is upcoming is good for the Upcoming list: it starts right after that row.
    expect((await json<Tournament[]>(await get(`/api/tournaments?status=upcoming&cursor=${upcomingCursor}`))).length).toBe(1);
  });

  it('reads a cursor page by seeking the list-order index: no scan of earlier rows, no sort of the table', async () => {
    const plan = async (filters: Parameters<typeof tournamentsStatement>[1]) => {
      const { sql, params } = tournamentsStatement(t.db, filters).toSQL();
      const { rows } = await t.client.execute({ sql: `explain query plan ${sql}`, args: params as never });
      return rows.map((r) => String(r.detail));
    };
    const cursor = { rank: 1, key: NOW.getTime(), id: 7 };
    const all = await plan({ limit: 25, cursor });
    expect(all).toContain('SEARCH tournaments USING INDEX tournaments_list_order_idx ((list_rank,list_key)>(?,?))');
    const one = await plan({ status: 'upcoming', limit: 25, cursor });
    expect(one).toContain('SEARCH tournaments USING INDEX tournaments_list_order_idx (list_rank=? AND list_key>?)');
    const firstPage = await plan({ limit: 25 });
    expect(firstPage).toContain('SEARCH tournaments USING INDEX tournaments_list_order_idx (list_rank>?)');
    for (const p of [all, one, firstPage]) {
      expect(p.join('\n')).not.toMatch(/SCAN tournaments/);
      // The only sort is the outer one, of the page's own LIMIT + 1 rows after the JSON is built.
      expect(p.filter((line) => line.includes('TEMP B-TREE'))).toEqual(['USE TEMP B-TREE FOR ORDER BY']);
      expect(p.at(-1)).toBe('USE TEMP B-TREE FOR ORDER BY');
    }
  });
});

describe('GET /api/tournaments/next', () => {
  it('answers the soonest upcoming tournament that has not started by the injected clock', async () => {
    await addTournament(t.db, { title: 'Live now', status: 'live', startDate: at(-HOUR) });
    // Still marked upcoming but its start has passed (the clock job has not run yet): not "next".
    await addTournament(t.db, { title: 'Overdue', status: 'upcoming', startDate: at(-10 * 60 * 1000) });
    await addTournament(t.db, { title: 'Pending sooner', status: 'pending', startDate: at(HOUR) });
    const soon = await addTournament(t.db, { title: 'Soon', status: 'upcoming', startDate: at(3 * HOUR) });
    const later = await addTournament(t.db, { title: 'Later', status: 'upcoming', startDate: at(5 * DAY) });

    expect(await json<NextTournament>(await get('/api/tournaments/next'))).toStrictEqual({
      id: soon,
      title: 'Soon',
      startDate: at(3 * HOUR).toISOString(),
    });

    t.advance(3 * HOUR);
    expect((await json<NextTournament>(await get('/api/tournaments/next'))).id).toBe(later);
  });

  it('answers all nulls when nothing is scheduled', async () => {
    await addTournament(t.db, { status: 'completed', startDate: at(-DAY) });
    await addTournament(t.db, { status: 'upcoming', startDate: at(-HOUR) });
    expect(await json<NextTournament>(await get('/api/tournaments/next'))).toStrictEqual({
      id: null,
      title: null,
      startDate: null,
    });
  });
});

describe('GET /api/tournaments/:id', () => {
  it('answers a listed tournament in the same shape as the list, plus the host’s splits (D21)', async () => {
    const champ = await addUser(t.db, { firstName: 'Ava' });
    const id = await addTournament(t.db, {
      title: 'Done',
      status: 'completed',
      startDate: at(-DAY),
      championId: champ,
    });
    await register(t.db, id, champ, 'registered', at(-2 * DAY), 1);
    const detail = await json<Tournament>(await get(`/api/tournaments/${id}`));
    const [fromList] = await json<Tournament[]>(await get('/api/tournaments'));
    // Only the detail carries the host's declared splits; a tournament no host form made has none.
    expect(detail).toStrictEqual({ ...fromList, hostSplits: null, checkIn: false });
    expect(detail).toMatchObject({ id, title: 'Done', registeredCount: 1, champion: { id: champ } });
  });

  it.each(['999', 'abc', '1.5', '-1', '0', '01', '1e3', '99999999999999999999'])(
    'answers 404 for the unknown or malformed id %s',
    async (id) => {
      await addTournament(t.db);
      const body = await json<{ message: string }>(await get(`/api/tournaments/${id}`), 404);
      expect(body).toEqual({ message: 'Tournament not found' });
    },
  );

  it.each(['pending', 'rejected'] as const)('answers 404 for a %s (unlisted) tournament', async (status) => {
    const id = await addTournament(t.db, { status });
    expect(await json(await get(`/api/tournaments/${id}`), 404)).toEqual({ message: 'Tournament not found' });
    expect(await json(await get(`/api/tournaments/${id}/registrations`), 404)).toEqual({
      message: 'Tournament not found',
    });
    expect(await json(await get(`/api/tournaments/${id}/sponsors`), 404)).toEqual({
      message: 'Tournament not found',
    });
  });
});

describe('GET /api/tournaments/:id/registrations', () => {
  it('lists spot-holding registrations oldest first, with the player', async () => {
    const id = await addTournament(t.db);
    const other = await addTournament(t.db);
    const ana = await addUser(t.db, { firstName: 'Ana', city: 'Austin', isVerified: true });
    const ben = await addUser(t.db, { firstName: 'Ben' });
    const cat = await addUser(t.db, { firstName: 'Cat' });
    const benReg = await register(t.db, id, ben, 'pending_payment', at(-HOUR / 6));
    const anaReg = await register(t.db, id, ana, 'registered', at(-2 * HOUR));
    await register(t.db, id, cat, 'cancelled', at(-3 * HOUR));
    await register(t.db, other, cat, 'registered', at(-3 * HOUR));

    const list = await json<TournamentRegistration[]>(await get(`/api/tournaments/${id}/registrations`));
    expect(list).toStrictEqual([
      {
        id: anaReg,
        userId: ana,
        status: 'registered',
        createdAt: at(-2 * HOUR).toISOString(),
        player: {
          id: ana,
          firstName: 'Ana',
          lastName: 'Last',
          profileImageUrl: null,
          city: 'Austin',
          isVerified: true,
        },
        team: null,
        checkedInAt: null,
      },
      {
        id: benReg,
        userId: ben,
        status: 'pending_payment',
        createdAt: at(-HOUR / 6).toISOString(),
        player: { id: ben, firstName: 'Ben', lastName: 'Last', profileImageUrl: null, city: null, isVerified: false },
        team: null,
        checkedInAt: null,
      },
    ] satisfies TournamentRegistration[]);
  });

  it('answers an empty list for a tournament without entrants, 404 for unknown and malformed ids', async () => {
    const id = await addTournament(t.db);
    expect(await json(await get(`/api/tournaments/${id}/registrations`))).toEqual([]);
    expect(await json(await get('/api/tournaments/4242/registrations'), 404)).toEqual({
      message: 'Tournament not found',
    });
    expect(await json(await get('/api/tournaments/x/registrations'), 404)).toEqual({
      message: 'Tournament not found',
    });
  });
});

describe('GET /api/tournaments/:id/sponsors', () => {
  it('orders sponsors title, gold, silver, bronze, then by company name', async () => {
    const id = await addTournament(t.db);
    const other = await addTournament(t.db);
    const add = (tier: Sponsor['tier'], companyName: string, tournamentId: number | null = id) =>
      t.db.insert(sponsors).values({ tournamentId, tier, companyName });
    await add('bronze', 'Zed Bronze');
    await add('silver', 'Silver Co');
    await add('gold', 'beta Gold');
    await add('title', 'Title Co');
    await add('gold', 'Alpha Gold');
    await add('bronze', 'Ace Bronze');
    await add('title', 'Elsewhere', other);
    await add('title', 'League-wide', null);
    await t.db.insert(sponsors).values({
      tournamentId: id,
      tier: 'silver',
      companyName: 'Full',
      website: 'https://full.example',
      description: 'Hi',
      logoUrl: '/l.png',
    });

    const list = await json<Sponsor[]>(await get(`/api/tournaments/${id}/sponsors`));
    expect(list.map((s) => `${s.tier}:${s.companyName}`)).toEqual([
      'title:Title Co',
      'gold:Alpha Gold',
      'gold:beta Gold',
      'silver:Full',
      'silver:Silver Co',
      'bronze:Ace Bronze',
      'bronze:Zed Bronze',
    ]);
    expect(list.find((s) => s.companyName === 'Full')).toStrictEqual({
      id: expect.any(Number),
      tier: 'silver',
      companyName: 'Full',
      website: 'https://full.example',
      description: 'Hi',
      logoUrl: '/l.png',
    });
    expect(list.find((s) => s.companyName === 'Title Co')).toMatchObject({
      website: null,
      description: null,
      logoUrl: null,
    });
  });

  it('answers an empty list without sponsors and 404 for an unknown id', async () => {
    const id = await addTournament(t.db);
    expect(await json(await get(`/api/tournaments/${id}/sponsors`))).toEqual([]);
    expect(await json(await get('/api/tournaments/777/sponsors'), 404)).toEqual({ message: 'Tournament not found' });
  });
});

describe('GET /api/tournament-registrations/my-registrations', () => {
  it('answers 401 when signed out', async () => {
    const res = await t.agent().get('/api/tournament-registrations/my-registrations');
    expect(await json(res, 401)).toEqual({ message: 'Unauthorized' });
  });

  it("lists the signed-in user's registrations, newest tournament first, without cancelled ones", async () => {
    const me = t.agent();
    expect((await me.register()).status).toBe(201);
    const { id: myId } = (await (await me.get('/api/auth/user')).json()) as { id: string };
    expect(await json(await me.get('/api/tournament-registrations/my-registrations'))).toEqual([]);

    const someone = await addUser(t.db);
    const old = await addTournament(t.db, {
      title: 'Old',
      status: 'completed',
      startDate: at(-30 * DAY),
      // Started three hours early by the admin (D12), completed that evening: the screens date it by these.
      startedAt: at(-30 * DAY - 3 * HOUR),
      completedAt: at(-30 * DAY + 4 * HOUR),
      location: 'Tampa, FL',
      buyIn: 25,
    });
    const soon = await addTournament(t.db, { title: 'Soon', status: 'upcoming', startDate: at(2 * DAY) });
    const far = await addTournament(t.db, { title: 'Far', status: 'upcoming', startDate: at(20 * DAY) });
    const dropped = await addTournament(t.db, { title: 'Dropped', status: 'upcoming', startDate: at(30 * DAY) });
    const oldReg = await register(t.db, old, myId, 'registered', at(-40 * DAY), 2);
    const soonReg = await register(t.db, soon, myId, 'pending_payment', at(-HOUR / 6));
    const farReg = await register(t.db, far, myId, 'registered', at(-2 * HOUR));
    await register(t.db, dropped, myId, 'cancelled');
    await register(t.db, soon, someone, 'registered');

    const mine = await json<MyRegistration[]>(await me.get('/api/tournament-registrations/my-registrations'));
    expect(mine.map((r) => r.id)).toEqual([farReg, soonReg, oldReg]);
    expect(mine[2]).toStrictEqual({
      id: oldReg,
      tournamentId: old,
      status: 'registered',
      createdAt: at(-40 * DAY).toISOString(),
      placement: 2,
      checkedInAt: null,
      teamName: null,
      mayCheckIn: true,
      tournament: {
        id: old,
        checkIn: false,
        title: 'Old',
        startDate: at(-30 * DAY).toISOString(),
        startedAt: at(-30 * DAY - 3 * HOUR).toISOString(),
        completedAt: at(-30 * DAY + 4 * HOUR).toISOString(),
        status: 'completed',
        location: 'Tampa, FL',
        buyIn: 25,
      },
    } satisfies MyRegistration);
    expect(mine[1]).toMatchObject({ status: 'pending_payment', placement: null, tournament: { title: 'Soon' } });

    // Another user sees only their own.
    const other = t.agent();
    await other.register();
    expect(await json(await other.get('/api/tournament-registrations/my-registrations'))).toEqual([]);
  });
});
