import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tickets } from '../../../db/schema/payments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { paidPayment } from '../../test/admin-fixtures.ts';
import type { ArchiveTournament } from '../archive/schema.ts';
import { playToCompletion, tournamentWithPlayers } from '../competition/test-helpers.ts';
import type { DoorTournament } from '../door/schema.ts';
import type { MyTicket } from '../payments/schema.ts';
import { DAY, HOUR, json, member, type Member } from '../payments/test-helpers.ts';
import type { PlayerProfile } from '../profiles/schema.ts';
import type { SearchResult } from '../search/constants.ts';
import type { VerifiedDashboard } from '../verified-dashboard/schema.ts';
import type { MyRegistration, Tournament } from './schema.ts';

// Issue 34: a tournament started early and completed kept showing its scheduled start ('Starts: December 2nd') on
// its page, in search and in the champion's history. Every answer that dates a tournament carries when it started
// and completed, so every screen can date it by them.

const SCHEDULED = new Date('2026-12-02T18:00:00Z');
const STARTED = new Date('2026-11-29T18:00:00Z');

let t: TestApp;
let admin: Member;
let host: Member;
let fan: Member;

beforeEach(async () => {
  t = await createTestApp({ now: STARTED });
  admin = await member(t, { role: 'admin', email: `boss-${Math.random().toString(36).slice(2)}@wta.local` });
  host = await member(t, { verified: true });
  fan = await member(t, { role: 'fan' });
});
afterEach(() => t.cleanup());

/** Three days before its start, the admin starts it early (D12); it completes two hours later. */
async function tournamentStartedEarly() {
  const { id, players } = await tournamentWithPlayers(t, { n: 2, hostId: host.id });
  await t.client.execute({
    sql: "update tournaments set title = 'Early Bird Open', start_date = ? where id = ?",
    args: [SCHEDULED.getTime(), id],
  });
  const payment = await paidPayment(t, { userId: fan.id, tournamentId: id });
  await t.db
    .insert(tickets)
    .values({ code: 'EARLYBIRD1', paymentId: payment.id, tournamentId: id, userId: fan.id, tier: 'general', createdAt: t.now() });
  await json(await admin.agent.post(`/api/tournaments/${id}/start`));
  return { id, players };
}

const times = (v: { startDate: string; startedAt: string | null; completedAt: string | null }) => ({
  startDate: v.startDate,
  startedAt: v.startedAt,
  completedAt: v.completedAt,
});

describe('when a tournament started and completed (issue 34)', () => {
  it('is in every answer that dates it: live, then completed', async () => {
    const { id, players } = await tournamentStartedEarly();
    const live = { startDate: SCHEDULED.toISOString(), startedAt: STARTED.toISOString(), completedAt: null };
    expect(times(await json<Tournament>(await t.request(`/api/tournaments/${id}`)))).toEqual(live);
    const doors = await json<DoorTournament[]>(await admin.agent.get('/api/door/tournaments'));
    expect(times(doors.find((d) => d.id === id)!)).toEqual(live);

    t.advance(2 * HOUR);
    await playToCompletion(t, admin, id);
    const done = { ...live, completedAt: new Date(STARTED.getTime() + 2 * HOUR).toISOString() };

    expect(times(await json<Tournament>(await t.request(`/api/tournaments/${id}`)))).toEqual(done);
    const list = await json<Tournament[]>(await t.request('/api/tournaments?status=completed'));
    expect(times(list.find((x) => x.id === id)!)).toEqual(done);

    const search = await json<SearchResult>(await t.request('/api/search?q=Early%20Bird'));
    expect(times(search.tournaments.find((x) => x.id === id)!)).toEqual(done);

    for (const player of players) {
      const profile = await json<PlayerProfile>(await t.request(`/api/players/${player.id}/profile`));
      expect(times(profile.tournamentHistory.find((x) => x.id === id)!)).toEqual(done);
      const mine = await json<MyRegistration[]>(await player.agent.get('/api/tournament-registrations/my-registrations'));
      expect(times(mine.find((r) => r.tournamentId === id)!.tournament)).toEqual(done);
    }

    const archive = await json<ArchiveTournament[]>(await t.request('/api/tournaments/archive'));
    const card = archive.find((x) => x.id === id)!;
    expect({ startedAt: card.startedAt, completedAt: card.completedAt }).toEqual({
      startedAt: done.startedAt,
      completedAt: done.completedAt,
    });

    const hosted = await json<VerifiedDashboard>(await host.agent.get('/api/verified-dashboard'));
    expect(times(hosted.hosted.find((x) => x.id === id)!)).toEqual(done);

    const myTickets = await json<MyTicket[]>(await fan.agent.get('/api/tickets/mine'));
    expect(times(myTickets.find((x) => x.tournament.id === id)!.tournament)).toEqual(done);
  });

  it('is null while a tournament has not started', async () => {
    const { id } = await tournamentWithPlayers(t, { n: 2, hostId: host.id });
    const upcoming = await json<Tournament>(await t.request(`/api/tournaments/${id}`));
    expect(upcoming).toMatchObject({ status: 'upcoming', startedAt: null, completedAt: null });
    expect(new Date(upcoming.startDate).getTime()).toBe(STARTED.getTime() + DAY);
  });
});
