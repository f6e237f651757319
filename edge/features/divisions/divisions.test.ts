import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { encodeCursor } from '../tournaments/cursor.ts';
import type { Division, Tournament } from '../tournaments/schema.ts';
import { tournamentsStatement } from '../tournaments/tournament-query.ts';
import { DIVISION_UPCOMING_PAGE } from './routes.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function addUser(fields: Partial<typeof users.$inferInsert>) {
  const id = randomUUID();
  await t.db.insert(users).values({ id, email: `${id}@example.test`, firstName: 'F', lastName: 'L', ...fields });
  return id;
}

async function addTournament(fields: Partial<typeof tournaments.$inferInsert>) {
  const [row] = await t.db
    .insert(tournaments)
    .values({ title: 'Cup', startDate: at(DAY), ...fields })
    .returning({ id: tournaments.id });
  return row!.id;
}

async function division(slug: string) {
  const res = await t.request(`/api/divisions/${slug}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Division;
}

describe('GET /api/divisions/:slug', () => {
  it.each(['curling', 'Hoop', 'flag_football', '1'])('answers 404 for the unknown slug %s', async (slug) => {
    const res = await t.request(`/api/divisions/${slug}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Division not found' });
  });

  it('answers an empty page for a division without tournaments or players', async () => {
    expect(await division('slamball')).toStrictEqual({
      slug: 'slamball',
      name: 'SlamBall',
      upcoming: [],
      upcomingNextCursor: null,
      recent: [],
      topPlayers: [],
    });
  });

  it("lists the division's live and upcoming tournaments soonest first and its recent completed ones", async () => {
    const live = await addTournament({ division: 'hoop', status: 'live', startDate: at(-DAY / 12) });
    const later = await addTournament({ division: 'hoop', status: 'upcoming', startDate: at(9 * DAY) });
    const soon = await addTournament({ division: 'hoop', status: 'upcoming', startDate: at(2 * DAY) });
    await addTournament({ division: 'hoop', status: 'pending', startDate: at(DAY) });
    await addTournament({ division: 'hoop', status: 'rejected', startDate: at(DAY) });
    await addTournament({ division: 'soccer', status: 'upcoming', startDate: at(DAY) });
    await addTournament({ division: 'soccer', status: 'completed', startDate: at(-DAY) });
    const champ = await addUser({ firstName: 'Champ', sport: 'basketball' });
    // Twelve completed hoop tournaments, one a day back: the page shows the ten most recent.
    const completed: number[] = [];
    for (let i = 12; i >= 1; i--) {
      completed.push(
        await addTournament({ division: 'hoop', status: 'completed', startDate: at(-i * DAY), championId: champ }),
      );
    }

    const page = await division('hoop');
    expect(page.slug).toBe('hoop');
    expect(page.name).toBe('Hoop');
    expect(page.upcoming.map((x) => x.id)).toEqual([live, soon, later]);
    expect(page.recent.map((x) => x.id)).toEqual(completed.reverse().slice(0, 10));
    expect(page.recent[0]).toMatchObject({
      status: 'completed',
      division: 'hoop',
      registeredCount: 0,
      waitlisted: 0,
      champion: { id: champ, firstName: 'Champ' },
    });
    // The same shape as the tournament list (the detail adds the host's splits, D21, and its check-in, D39).
    const { hostSplits: _splits, checkIn: _checkIn, ...listed } = (await (await t.request(`/api/tournaments/${soon}`)).json()) as Record<
      string,
      unknown
    >;
    expect(page.upcoming[1]).toStrictEqual(listed);
  });

  it('answers its live and upcoming tournaments a page at a time, each once, in order, from the division index', async () => {
    const live = await addTournament({ division: 'hoop', status: 'live', startDate: at(-DAY / 12) });
    const upcoming: number[] = [];
    for (let i = 1; i <= 2 * DIVISION_UPCOMING_PAGE + 3; i++) {
      upcoming.push(await addTournament({ division: 'hoop', status: 'upcoming', startDate: at(i * DAY) }));
    }
    await addTournament({ division: 'soccer', status: 'upcoming', startDate: at(DAY) });
    await addTournament({ division: 'hoop', status: 'completed', startDate: at(-DAY) });

    const first = await division('hoop');
    expect(first.upcoming).toHaveLength(DIVISION_UPCOMING_PAGE);
    expect(first.upcomingNextCursor).toEqual(expect.any(String));
    const seen = first.upcoming.map((x) => x.id);
    let cursor = first.upcomingNextCursor;
    let pages = 0;
    while (cursor) {
      const res = await t.request(`/api/divisions/hoop/upcoming?cursor=${cursor}`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as Tournament[];
      expect(page.length).toBeLessThanOrEqual(DIVISION_UPCOMING_PAGE);
      seen.push(...page.map((x) => x.id));
      cursor = res.headers.get('X-Next-Cursor');
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual([live, ...upcoming]);

    // The page after the cursor is an index seek in the division's list order, never a scan of the table.
    const { sql, params } = tournamentsStatement(t.db, {
      division: 'hoop',
      status: ['live', 'upcoming'],
      limit: DIVISION_UPCOMING_PAGE + 1,
      cursor: { rank: 1, key: NOW.getTime(), id: 3 },
    }).toSQL();
    const { rows } = await t.client.execute({ sql: `explain query plan ${sql}`, args: params as never });
    const plan = rows.map((r) => String(r.detail)).join('\n');
    expect(plan).toContain('USING INDEX tournaments_division_list_order_idx');
    expect(plan).not.toMatch(/SCAN tournaments/);
  });

  it.each([
    ['not a cursor', 'Cursor must be'],
    [encodeCursor({ rank: 2, key: 0, id: 1 }), 'Cursor must be'],
  ])('refuses the cursor %s with 400 and a message', async (cursor, message) => {
    const res = await t.request(`/api/divisions/hoop/upcoming?cursor=${encodeURIComponent(cursor)}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain(message);
  });

  it('answers 404 for more of an unknown division', async () => {
    const res = await t.request(`/api/divisions/curling/upcoming?cursor=${encodeCursor({ rank: 1, key: 0, id: 1 })}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Division not found' });
  });

  it.each([
    ['hoop', 'basketball'],
    ['flag-football', 'football'],
    ['kickball', 'kickball'],
    ['slap', 'slap'],
    ['slamball', 'slamball'],
    ['soccer', 'soccer'],
    ['boxing', 'boxing'],
    ['pickleball', 'pickleball'],
  ])("ranks the players of %s's sport (%s) by WTA points", async (slug, sport) => {
    const best = await addUser({
      sport,
      firstName: 'Best',
      wtaPoints: 900,
      wins: 9,
      losses: 1,
      isVerified: true,
      city: 'Austin',
    });
    const second = await addUser({ sport, firstName: 'Second', wtaPoints: 500 });
    await addUser({ sport, role: 'owner', wtaPoints: 5000 });
    await addUser({ sport, role: 'fan', wtaPoints: 5000 });
    await addUser({ sport: 'other-sport', wtaPoints: 5000 });
    const page = await division(slug);
    expect(page.topPlayers.map((p) => p.id)).toEqual([best, second]);
    expect(page.topPlayers[0]).toStrictEqual({
      id: best,
      firstName: 'Best',
      lastName: 'L',
      profileImageUrl: null,
      city: 'Austin',
      isVerified: true,
      wtaPoints: 900,
      wins: 9,
      losses: 1,
    });
  });

  it('shows at most ten top players', async () => {
    for (let i = 0; i < 12; i++) await addUser({ sport: 'soccer', wtaPoints: i * 10 });
    const page = await division('soccer');
    expect(page.topPlayers).toHaveLength(10);
    expect(page.topPlayers.map((p) => p.wtaPoints)).toEqual([110, 100, 90, 80, 70, 60, 50, 40, 30, 20]);
  });
});
