import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mediaDayEvents, mediaDayRsvps } from '../../../db/schema/media.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { fastMember } from '../../test/fast-members.ts';
import { ACCESS_RESTRICTED, type VerifiedDashboard } from './schema.ts';

// D32: the verified dashboard's four tabs from the member's own records, never samples.

const NOW = new Date('2026-06-01T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

async function tournament(values: Partial<typeof tournaments.$inferInsert> & { title: string; startDate: Date }) {
  const [row] = await t.db.insert(tournaments).values(values).returning();
  return row!;
}

async function register(
  tournamentId: number,
  userId: string,
  createdAt: Date,
  status: 'registered' | 'cancelled' | 'pending_payment' = 'registered',
) {
  const [row] = await t.db
    .insert(tournamentRegistrations)
    .values({ tournamentId, userId, createdAt, status })
    .returning();
  return row!;
}

describe('GET /api/verified-dashboard', () => {
  it('refuses guests (401) and members who are not verified (403, the page words)', async () => {
    expect((await t.request('/api/verified-dashboard')).status).toBe(401);
    const member = await fastMember(t);
    const res = await member.agent.get('/api/verified-dashboard');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: ACCESS_RESTRICTED.description });
  });

  it('answers empty tabs for a new verified member', async () => {
    const member = await fastMember(t, { isVerified: true });
    expect(await (await member.agent.get('/api/verified-dashboard')).json()).toEqual({
      statistics: { points: 0, wins: 0, losses: 0, winRate: 0, tournamentsPlayed: 0, rank: 1 },
      hosted: [],
      mediaAppearances: [],
      benefits: [],
    });
  });

  it('rounds a win rate of exactly a half up: 23 wins in 40 games is 58', async () => {
    const member = await fastMember(t, { isVerified: true, wins: 23, losses: 17, gamesPlayed: 40 });
    const dash = (await (await member.agent.get('/api/verified-dashboard')).json()) as VerifiedDashboard;
    expect(dash.statistics).toMatchObject({ wins: 23, losses: 17, winRate: 58 });
  });

  it('fills the four tabs from the member records', async () => {
    const me = await fastMember(t, { isVerified: true, wtaPoints: 450, wins: 7, losses: 3, gamesPlayed: 11 });
    await fastMember(t, { wtaPoints: 900 });
    await fastMember(t, { wtaPoints: 451 });
    await fastMember(t, { wtaPoints: 450 }); // a tie does not push the member down
    await fastMember(t, { role: 'owner', wtaPoints: 5000 }); // owners are not on the players' ranking
    const other = await fastMember(t);

    // Played: a completed solo entry, a live one, and a team entry on a completed team tournament.
    const done = await tournament({
      title: 'Spring Slam',
      startDate: new Date(NOW.getTime() - 30 * DAY),
      status: 'completed',
    });
    const live = await tournament({ title: 'Live Cup', startDate: new Date(NOW.getTime() - HOUR), status: 'live' });
    const teamCup = await tournament({
      title: 'Team Cup',
      startDate: new Date(NOW.getTime() - 10 * DAY),
      status: 'completed',
      maxTeams: 8,
      teamSize: 3,
    });
    // Not played: upcoming, a cancelled registration, a cancelled tournament.
    const soon = await tournament({
      title: 'Soon Open',
      startDate: new Date(NOW.getTime() + 12 * HOUR),
      status: 'upcoming',
    });
    const dropped = await tournament({
      title: 'Dropped',
      startDate: new Date(NOW.getTime() - 5 * DAY),
      status: 'completed',
    });
    const called = await tournament({
      title: 'Called Off',
      startDate: new Date(NOW.getTime() - 3 * DAY),
      status: 'cancelled',
    });
    await register(done.id, me.id, new Date(done.startDate.getTime() - 3 * DAY));
    await register(live.id, me.id, new Date(live.startDate.getTime() - 2 * HOUR)); // early: inside 24 h
    await register(soon.id, me.id, new Date(NOW.getTime() - HOUR)); // early: 13 h before start
    await register(dropped.id, me.id, new Date(dropped.startDate.getTime() - HOUR), 'cancelled'); // not held
    await register(called.id, me.id, new Date(called.startDate.getTime() - 2 * DAY));
    const [team] = await t.db.insert(teams).values({ name: 'Trio', ownerId: other.id }).returning();
    const entry = await register(teamCup.id, other.id, new Date(teamCup.startDate.getTime() - 5 * DAY));
    await t.db.update(tournamentRegistrations).set({ teamId: team!.id });
    await t.db.insert(teamEntryMembers).values({
      registrationId: entry.id,
      tournamentId: teamCup.id,
      teamId: team!.id,
      userId: me.id,
      position: 'player',
      createdAt: NOW,
    });

    // Hosted: a pending submission with no entrants, an approved one with two entrants (one cancelled), a rejection.
    await tournament({
      title: 'My Pending Jam',
      startDate: new Date(NOW.getTime() + 40 * DAY),
      status: 'pending',
      hostId: me.id,
      maxPlayers: 16,
      createdAt: new Date(NOW.getTime() - 2 * DAY),
    });
    const hostedLive = await tournament({
      title: 'My Listed Jam',
      startDate: new Date(NOW.getTime() + 20 * DAY),
      status: 'upcoming',
      hostId: me.id,
      maxPlayers: 32,
      createdAt: new Date(NOW.getTime() - 9 * DAY),
    });
    await tournament({
      title: 'My Rejected Jam',
      startDate: new Date(NOW.getTime() + 10 * DAY),
      status: 'rejected',
      hostId: me.id,
      rejectionReason: 'Venue unknown',
      createdAt: new Date(NOW.getTime() - 20 * DAY),
    });
    await tournament({ title: 'Someone Else', startDate: NOW, status: 'pending', hostId: other.id });
    await register(hostedLive.id, other.id, NOW);
    const third = await fastMember(t);
    await register(hostedLive.id, third.id, NOW);
    await register(hostedLive.id, (await fastMember(t)).id, NOW, 'cancelled');

    // Media Day: one past, one ahead.
    const [past] = await t.db
      .insert(mediaDayEvents)
      .values({ name: 'Media Day 2025', date: '2025-03-15', startTime: '10:00', endTime: '16:00', place: 'Arena' })
      .returning();
    const [next] = await t.db
      .insert(mediaDayEvents)
      .values({ name: 'Media Day 2026', date: '2026-07-31', startTime: '10:00', endTime: '16:00', place: 'Arena' })
      .returning();
    const rsvp = {
      sport: 'soccer' as const,
      purpose: 'x'.repeat(20),
      arrivalTime: 'morning' as const,
      attendeeCount: 2,
    };
    await t.db.insert(mediaDayRsvps).values([
      { ...rsvp, eventId: past!.id, userId: me.id, createdAt: new Date('2025-02-01T00:00:00Z'), updatedAt: NOW },
      { ...rsvp, eventId: next!.id, userId: me.id, createdAt: new Date(NOW.getTime() - DAY), updatedAt: NOW },
    ]);

    const res = await me.agent.get('/api/verified-dashboard');
    expect(res.status).toBe(200);
    const dash = (await res.json()) as VerifiedDashboard;
    expect(dash.statistics).toEqual({ points: 450, wins: 7, losses: 3, winRate: 64, tournamentsPlayed: 3, rank: 3 });
    expect(dash.hosted.map((h) => [h.title, h.status, h.entrants, h.capacity, h.rejectionReason])).toEqual([
      ['My Pending Jam', 'pending', 0, 16, null],
      ['My Listed Jam', 'upcoming', 2, 32, null],
      ['My Rejected Jam', 'rejected', 0, null, 'Venue unknown'],
    ]);
    expect(dash.mediaAppearances.map((a) => [a.eventName, a.date, a.upcoming, a.sport, a.attendeeCount])).toEqual([
      ['Media Day 2026', '2026-07-31', true, 'soccer', 2],
      ['Media Day 2025', '2025-03-15', false, 'soccer', 2],
    ]);
    expect(dash.benefits.map((b) => [b.kind, 'title' in b ? b.title : b.eventName])).toEqual([
      ['early_registration', 'Soon Open'],
      ['early_registration', 'Live Cup'],
      ['media_day_rsvp', 'Media Day 2026'],
      ['hosted', 'My Pending Jam'],
      ['hosted', 'My Listed Jam'],
      ['hosted', 'My Rejected Jam'],
      ['media_day_rsvp', 'Media Day 2025'],
    ]);
  });

  it('reads a host submissions through the host index', async () => {
    const plan = await t.client.execute(
      `EXPLAIN QUERY PLAN SELECT id FROM tournaments WHERE host_id = 'x' ORDER BY start_date DESC, id DESC LIMIT 50`,
    );
    expect(plan.rows.map((r) => String(r.detail)).join('\n')).toMatch(/INDEX tournaments_host_idx/);
  });
});
