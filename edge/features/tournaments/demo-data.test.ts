// The tournament API against the seeded demo league (db/seed.ts, D18) at a fixed instant: what a visitor of a
// fresh `npm start` sees. Seed data may grow, so this asserts the rules and the shapes, not every row.
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { seedDemoData } from '../../../db/seed.ts';
import { createSession, generateSessionToken, SESSION_COOKIE } from '../../lib/sessions.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  divisionSlugs,
  type Division,
  type MyRegistration,
  type NextTournament,
  type PlayerSummary,
  type Sponsor,
  type Tournament,
  type TournamentRegistration,
} from './schema.ts';

const NOW = new Date('2026-03-10T14:25:00Z');
const HOUR = 60 * 60 * 1000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let t: TestApp;
let list: Tournament[];
beforeAll(async () => {
  t = await createTestApp({
    now: NOW,
    seed: async (db) => {
      await seedDemoData(db, {
        now: NOW,
        hashPassword: async (p) => `fake$${p}`,
        includeDemoAccounts: true,
        waiverSigningKey: 'demo-test-waiver-signing-key-0123456789ab',
      });
    },
  });
  list = await getJson<Tournament[]>('/api/tournaments');
});
afterAll(() => t.cleanup());

async function getJson<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await t.request(path, init);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

function expectPlayer(p: PlayerSummary) {
  expect(Object.keys(p).sort()).toEqual(['city', 'firstName', 'id', 'isVerified', 'lastName', 'profileImageUrl']);
  expect(p.id).toEqual(expect.any(String));
  expect(typeof p.isVerified).toBe('boolean');
}

function expectTournament(x: Tournament) {
  expect(Object.keys(x).sort()).toEqual(
    [
      'id',
      'title',
      'description',
      'location',
      'division',
      'startDate',
      'endDate',
      'startedAt',
      'completedAt',
      'format',
      'status',
      'buyIn',
      'prizePool',
      'maxPlayers',
      'flyerUrl',
      'createdAt',
      'hostId',
      'cancellationReason',
      'registeredCount',
      'waitlisted',
      'champion',
      'maxTeams',
      'teamSize',
      'championTeam',
    ].sort(),
  );
  expect(x.id).toEqual(expect.any(Number));
  expect(['upcoming', 'live', 'completed']).toContain(x.status);
  expect(divisionSlugs).toContain(x.division);
  expect(x.startDate).toMatch(ISO);
  expect(x.createdAt).toMatch(ISO);
  if (x.endDate !== null) expect(x.endDate).toMatch(ISO);
  expect(x.buyIn).toEqual(expect.any(Number));
  expect(x.prizePool).toEqual(expect.any(Number));
  expect(x.registeredCount).toEqual(expect.any(Number));
  if (x.champion) expectPlayer(x.champion);
  // D22, D38: a team tournament has maxTeams and a team size above 1; a solo one has neither.
  expect(x.maxTeams === null ? x.teamSize === 1 : x.maxTeams >= 2 && x.teamSize >= 2).toBe(true);
  if (x.championTeam) expect(Object.keys(x.championTeam).sort()).toEqual(['id', 'name']);
}

describe('the tournament API on the demo league', () => {
  it('lists every listed tournament and none of the pending or rejected hosted ones', async () => {
    const [listed] = await t.db
      .select({ n: count() })
      .from(tournaments)
      .where(inArray(tournaments.status, ['upcoming', 'live', 'completed']));
    const unlisted = await t.db
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(inArray(tournaments.status, ['pending', 'rejected']));
    expect(unlisted.length).toBeGreaterThan(0);
    expect(list).toHaveLength(listed!.n);
    for (const x of list) expectTournament(x);
    for (const { id } of unlisted) {
      expect(list.map((x) => x.id)).not.toContain(id);
      expect((await t.request(`/api/tournaments/${id}`)).status).toBe(404);
    }
  });

  it('puts the live event first, then upcoming soonest first, then completed most recent first', () => {
    const statuses = list.map((x) => x.status);
    expect(statuses.filter((s) => s === 'live')).toHaveLength(1);
    expect(list[0]!.status).toBe('live');
    const firstCompleted = statuses.indexOf('completed');
    expect(statuses.slice(1, firstCompleted).every((s) => s === 'upcoming')).toBe(true);
    expect(statuses.slice(firstCompleted).every((s) => s === 'completed')).toBe(true);
    const upcomingStarts = list.filter((x) => x.status === 'upcoming').map((x) => x.startDate);
    expect(upcomingStarts).toEqual([...upcomingStarts].sort());
    const completedStarts = list.filter((x) => x.status === 'completed').map((x) => x.startDate);
    expect(completedStarts).toEqual([...completedStarts].sort().reverse());
  });

  it('has upcoming tournaments inside the 24-hour early window, the soonest of them the next tournament', async () => {
    const inWindow = list
      .filter((x) => {
        const until = new Date(x.startDate).getTime() - NOW.getTime();
        return x.status === 'upcoming' && until > 0 && until <= 24 * HOUR;
      })
      .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.id - b.id);
    // The Street Cup, and D39's two in their check-in window.
    expect(inWindow.map((x) => x.title).sort()).toEqual(['Five-a-Side Street Cup', 'Hoop Kings Lunchtime Run', 'Tip-Off 3v3 Night']);
    const next = await getJson<NextTournament>('/api/tournaments/next');
    expect(next).toStrictEqual({ id: inWindow[0]!.id, title: inWindow[0]!.title, startDate: inWindow[0]!.startDate });
  });

  it("has D39's check-in under way: verified@ checked in to the solo one, owner@'s team not yet to the team one", async () => {
    const entries = async (title: string) => {
      const x = list.find((candidate) => candidate.title === title)!;
      return getJson<TournamentRegistration[]>(`/api/tournaments/${x.id}/registrations`);
    };
    const [verified] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'verified@wta.local'));
    const solo = await entries('Hoop Kings Lunchtime Run');
    expect(solo.find((r) => r.userId === verified!.id)?.checkedInAt).not.toBeNull();
    expect(solo.some((r) => r.checkedInAt === null)).toBe(true);
    const team = await entries('Tip-Off 3v3 Night');
    expect(team.map((r) => [r.team?.name, r.checkedInAt !== null]).sort()).toEqual([
      ['Atlanta Heat Check', false],
      ['Houston Slap House', true],
    ]);
  });

  it('names a champion for every completed tournament and none for the others (a team for a team tournament)', () => {
    expect(list.filter((x) => x.status === 'completed' && x.maxTeams !== null).length).toBeGreaterThan(0);
    for (const x of list) {
      const winner = x.maxTeams === null ? x.champion : x.championTeam;
      if (x.status === 'completed') expect(winner, x.title).not.toBeNull();
      else expect(winner, x.title).toBeNull();
      expect(x.maxTeams === null ? x.championTeam : x.champion, x.title).toBeNull();
    }
  });

  it('counts the spot-holding registrations of each tournament', async () => {
    const rows = await t.db
      .select({ id: tournamentRegistrations.tournamentId, n: count() })
      .from(tournamentRegistrations)
      .where(inArray(tournamentRegistrations.status, ['registered', 'pending_payment']))
      .groupBy(tournamentRegistrations.tournamentId);
    const expected = new Map(rows.map((r) => [r.id, r.n]));
    for (const x of list) expect(x.registeredCount, x.title).toBe(expected.get(x.id) ?? 0);
    expect(list.some((x) => x.registeredCount > 0)).toBe(true);
  });

  it('answers the detail, registrations and sponsors of every listed tournament', async () => {
    const tierOrder = ['title', 'gold', 'silver', 'bronze'];
    let sponsored = 0;
    for (const x of list) {
      // The detail is the list's row plus the host's splits (D21) and whether it has check-in (D39).
      const { hostSplits: _splits, checkIn: _checkIn, ...detail } = await getJson<Tournament>(`/api/tournaments/${x.id}`);
      expect(detail).toStrictEqual(x);
      const registrations = await getJson<TournamentRegistration[]>(`/api/tournaments/${x.id}/registrations`);
      expect(registrations).toHaveLength(x.registeredCount);
      for (const r of registrations) {
        expect(r.createdAt).toMatch(ISO);
        expect(r.userId).toBe(r.player.id);
        expectPlayer(r.player);
      }
      expect(registrations.map((r) => r.createdAt)).toEqual(registrations.map((r) => r.createdAt).sort());
      const sponsorList = await getJson<Sponsor[]>(`/api/tournaments/${x.id}/sponsors`);
      const ranks = sponsorList.map((s) => tierOrder.indexOf(s.tier));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      if (sponsorList.length) sponsored += 1;
    }
    expect(sponsored).toBeGreaterThan(0);
  });

  it('answers a page for each of the eight divisions', async () => {
    for (const slug of divisionSlugs) {
      const page = await getJson<Division>(`/api/divisions/${slug}`);
      expect(page.slug).toBe(slug);
      for (const x of [...page.upcoming, ...page.recent]) {
        expectTournament(x);
        expect(x.division).toBe(slug);
      }
      expect(page.upcoming.every((x) => x.status !== 'completed')).toBe(true);
      expect(page.recent.every((x) => x.status === 'completed')).toBe(true);
      const points = page.topPlayers.map((p) => p.wtaPoints);
      expect(points).toEqual([...points].sort((a, b) => b - a));
    }
    const hoop = await getJson<Division>('/api/divisions/hoop');
    expect(hoop.recent.length).toBeGreaterThan(0);
    expect(hoop.topPlayers.map((p) => `${p.firstName} ${p.lastName}`)).toContain('Jasmine Carter');
  });

  it("answers the verified demo player's registrations", async () => {
    const [verified] = await t.db.select().from(users).where(eq(users.email, 'verified@wta.local'));
    const token = generateSessionToken();
    await createSession(t.db, token, verified!.id, NOW);
    const mine = await getJson<MyRegistration[]>('/api/tournament-registrations/my-registrations', {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(mine.length).toBeGreaterThan(1);
    const starts = mine.map((r) => r.tournament.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(mine.some((r) => r.tournament.status === 'completed' && r.placement !== null)).toBe(true);
  });

  it('answers the default hero video', async () => {
    expect((await getJson<{ videoUrl: string }>('/api/hero-video')).videoUrl).toBe('/media/hero.mp4');
  });
});
