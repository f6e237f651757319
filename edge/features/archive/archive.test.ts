import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import { addTournament, member } from '../payments/test-helpers.ts';
import { ARCHIVE_MESSAGES as M, type ArchiveTournament } from './schema.ts';
import { archivePageStatement, titleMatchExpression } from './service.ts';

// GET /api/tournaments/archive (001 s7, D30) against a real migrated database: completed tournaments only, newest
// first and paged by cursor, filtered by a quoted FTS5 title search, division and inclusive dates.

let t: TestApp;

beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
});
afterEach(() => t.cleanup());

const at = (iso: string) => new Date(`${iso}T15:00:00Z`);

async function completed(fields: Parameters<typeof addTournament>[1] = {}) {
  return addTournament(t, { status: 'completed', startDate: at('2026-10-01'), ...fields });
}

async function archive(query = '', agent?: TestAgent) {
  const res = await (agent ?? t).request(`/api/tournaments/archive${query}`);
  return { res, items: res.status === 200 ? ((await res.json()) as ArchiveTournament[]) : [] };
}

const names = (items: ArchiveTournament[]) => items.map((i) => i.name);

describe('GET /api/tournaments/archive', () => {
  it('lists only completed tournaments, most recent first, in pages joined by X-Next-Cursor', async () => {
    for (const status of ['upcoming', 'live', 'pending', 'rejected', 'cancelled'] as const) {
      await addTournament(t, { status, title: `Not archived ${status}`, startDate: at('2026-09-01') });
    }
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(await completed({ title: `Final Four ${i}`, startDate: at(`2026-0${1 + (i % 4)}-1${i}`) }));
    }
    // Two on the same start date: the id breaks the tie, so the order is total and paging never skips.
    ids.push(await completed({ title: 'Same Day', startDate: at('2026-04-13') }));

    const seen: ArchiveTournament[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const { res, items } = await archive(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...items);
      cursor = res.headers.get('X-Next-Cursor');
      if (!cursor) break;
    }
    expect(seen).toHaveLength(8);
    expect(new Set(seen.map((s) => s.id)).size).toBe(8);
    expect(seen.every((s) => s.status === 'completed')).toBe(true);
    const keys = seen.map((s) => [Date.parse(s.startDate), s.id] as const);
    const sorted = [...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1]);
    expect(keys).toEqual(sorted);
    expect(names(seen).some((n) => n.startsWith('Not archived'))).toBe(false);
  });

  it('answers each card with the fields of 001 s3 (champion, entrants, division, prize pool, end date)', async () => {
    const champ = await member(t);
    await t.db
      .update(users)
      .set({ firstName: 'Dana', lastName: 'Moore', isVerified: true, tagline: 'Buckets' })
      .where(eq(users.id, champ.id));
    const id = await completed({
      title: 'Hoop Kings Opener',
      division: 'hoop',
      location: 'Atlanta, GA',
      prizePool: 640,
      championId: champ.id,
      endDate: new Date('2026-10-01T23:00:00Z'),
      // Started an hour early and over before its scheduled end: the card dates it by these (issue 34).
      startedAt: new Date('2026-10-01T14:00:00Z'),
      completedAt: new Date('2026-10-01T21:30:00Z'),
    });
    const noEnd = await completed({ title: 'No End Recorded', startDate: at('2026-09-01') });
    const { items } = await archive();
    const card = items.find((i) => i.id === id)!;
    expect(card).toEqual({
      id,
      name: 'Hoop Kings Opener',
      startDate: '2026-10-01T15:00:00.000Z',
      endDate: '2026-10-01T23:00:00.000Z',
      startedAt: '2026-10-01T14:00:00.000Z',
      completedAt: '2026-10-01T21:30:00.000Z',
      location: 'Atlanta, GA',
      status: 'completed',
      winner: { firstName: 'Dana', lastName: 'Moore', isVerified: true, tagline: 'Buckets' },
      participantCount: 0,
      division: 'hoop',
      prizePool: 640,
      replayVideoUrl: null,
    });
    const other = items.find((i) => i.id === noEnd)!;
    expect(other.endDate).toBe('2026-09-01T15:00:00.000Z');
    expect(other.winner).toBeNull();
  });

  it('searches titles by whole words and the last word’s beginning, never other columns', async () => {
    await completed({ title: 'Hoop Kings Spring Opener', location: 'Atlanta' });
    await completed({ title: 'Gridiron Flag Football Invitational', description: 'Hoop dreams' });
    await completed({ title: 'Downtown Brawl Fight Night', location: 'Hoopville' });
    expect(names((await archive('?search=ho')).items)).toEqual(['Hoop Kings Spring Opener']);
    expect(names((await archive('?search=HOOP%20kin')).items)).toEqual(['Hoop Kings Spring Opener']);
    expect(names((await archive('?search=kings%20hoop')).items)).toEqual(['Hoop Kings Spring Opener']);
    expect(names((await archive('?search=flag%20inv')).items)).toEqual(['Gridiron Flag Football Invitational']);
    expect((await archive('?search=atlanta')).items).toEqual([]);
    expect((await archive('?search=hoop%20zz')).items).toEqual([]);
  });

  it('answers hostile search text with 200 and refuses empty or over 100 characters with 400', async () => {
    await completed({ title: 'Hoop Kings' });
    for (const q of [
      '"',
      '*',
      'NEAR(',
      'NEAR(hoop kings)',
      'hoop"',
      'title:hoop',
      'hoop OR',
      'AND',
      '-hoop',
      '^hoop',
      '{title}: x',
      "'; drop table tournaments; --",
    ]) {
      const { res } = await archive(`?search=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect(names((await archive(`?search=${encodeURIComponent('"hoop')}`)).items)).toEqual(['Hoop Kings']);
    expect(titleMatchExpression('a "b" c')).toBe('title : ("a" """b""" "c"*)');
    for (const q of ['x'.repeat(101), '   ']) {
      const { res } = await archive(`?search=${encodeURIComponent(q)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: M.search });
    }
    expect((await archive(`?search=${'x'.repeat(100)}`)).res.status).toBe(200);
  });

  it('filters by division and by inclusive from and to dates, and refuses bad dates with 400', async () => {
    await completed({ title: 'Hoop Sept 30', division: 'hoop', startDate: new Date('2026-09-30T23:59:00Z') });
    await completed({ title: 'Hoop Oct 1', division: 'hoop', startDate: new Date('2026-10-01T00:00:00Z') });
    await completed({ title: 'Boxing Oct 15', division: 'boxing', startDate: at('2026-10-15') });
    await completed({ title: 'Hoop Oct 31', division: 'hoop', startDate: new Date('2026-10-31T23:59:59Z') });
    await completed({ title: 'Hoop Nov 1', division: 'hoop', startDate: new Date('2026-11-01T00:00:00Z') });
    expect(names((await archive('?division=boxing')).items)).toEqual(['Boxing Oct 15']);
    expect(names((await archive('?startDate=2026-10-01&endDate=2026-10-31')).items)).toEqual([
      'Hoop Oct 31',
      'Boxing Oct 15',
      'Hoop Oct 1',
    ]);
    expect(names((await archive('?division=hoop&startDate=2026-10-01&endDate=2026-10-31')).items)).toEqual([
      'Hoop Oct 31',
      'Hoop Oct 1',
    ]);
    expect(names((await archive('?endDate=2026-09-30')).items)).toEqual(['Hoop Sept 30']);
    expect(names((await archive('?startDate=2026-11-01')).items)).toEqual(['Hoop Nov 1']);
    expect(names((await archive('?startDate=2026-10-15&endDate=2026-10-15')).items)).toEqual(['Boxing Oct 15']);

    for (const [q, message] of [
      ['?startDate=2026-02-31', M.date],
      ['?endDate=yesterday', M.date],
      ['?startDate=2026-1-5', M.date],
      ['?startDate=2026-10-02&endDate=2026-10-01', M.dateOrder],
      ['?division=curling', M.division],
      ['?cursor=not-a-cursor!', M.cursor],
      ['?limit=0', M.limit],
    ] as const) {
      const { res } = await archive(q);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { message: string }).message, q).toBe(message);
    }
  });

  it('reads each page from tournaments_status_start_idx with no temporary sort, with or without filters', async () => {
    const cursor = { start: Date.parse('2026-10-01T00:00:00Z'), id: 50 };
    for (const filters of [
      { limit: 12 },
      { limit: 12, cursor },
      { limit: 12, division: 'hoop' as const, startDate: '2026-01-01', endDate: '2026-12-31', cursor },
      { limit: 12, search: 'hoop kin', cursor },
    ]) {
      const { sql: text, params } = archivePageStatement(t.db, filters).toSQL();
      const rows = await t.db.all<{ detail: string }>(
        sql.raw(`EXPLAIN QUERY PLAN ${text.replace(/\?/g, () => literal(params.shift()))}`),
      );
      const plan = rows.map((r) => r.detail).join('\n');
      // A division filter may read its own (division, start_date) index instead: the same order, also no sort.
      expect(plan, JSON.stringify(filters)).toMatch(
        /SEARCH tournaments USING INDEX tournaments_(status_start_idx \(status=\?|division_start_idx \(division=\?)/,
      );
      expect(plan, JSON.stringify(filters)).not.toContain('TEMP B-TREE');
      expect(plan).not.toMatch(/SCAN tournaments\b/);
    }
  });
});

function literal(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return String(value.getTime());
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** The places as the engine's bracket shows them: the final and the third-place match (D19). */
