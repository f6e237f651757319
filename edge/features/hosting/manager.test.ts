// The admin tournament manager (D24) against a real migrated database: create (listed at once), edit with buy-in,
// capacity and format locked once anyone has entered, the list a page at a time, start and cancel through the
// competition engine (refunds exactly once, D33), every action in the audit log; and an approved hosted Swiss
// tournament run by the engine in its format.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { refunds } from '../../../db/schema/competition.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { createTestApp, type TestAgent, type TestApp } from '../../test/app.ts';
import type { BracketMatch, TournamentStandings } from '../competition/schema.ts';
import type { CheckoutResponse } from '../payments/schema.ts';
import { DAY, json, member, notificationsOf, type Member } from '../payments/test-helpers.ts';
import type { Tournament } from '../tournaments/schema.ts';
import { HOST_MESSAGES, HOSTING_TEXTS as T, type HostedTournament, type HostedTournamentPage } from './schema.ts';
import { hostForm, leagueAdmin, verifiedHost } from './test-fixtures.ts';

let t: TestApp;
let admin: Member;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  admin = await leagueAdmin(t);
});
afterEach(() => t.cleanup());

const create = async (fields: Record<string, unknown> = {}, inDays = 14) =>
  json<HostedTournament>(await admin.agent.post('/api/admin/tournaments', hostForm(t, fields, inDays)), 201);
const edit = (id: number, fields: Record<string, unknown>) =>
  admin.agent.patch(`/api/admin/tournaments/${id}`, hostForm(t, fields));
const auditOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'tournament'), eq(auditLog.targetId, String(id))))
    .orderBy(auditLog.id);

async function enter(tournamentId: number) {
  const p = await member(t);
  await t.db
    .insert(tournamentRegistrations)
    .values({ tournamentId, userId: p.id, status: 'registered', createdAt: t.now() });
  return p;
}

describe('POST /api/admin/tournaments', () => {
  it('creates an upcoming tournament, listed at once, with the form’s fields, and writes the audit log', async () => {
    const created = await create({ title: 'League Night Cup', format: 'round-robin' });
    expect(created).toMatchObject({ status: 'upcoming', title: 'League Night Cup', format: 'round-robin', host: null });
    const listed = await json<Tournament[]>(await t.request('/api/tournaments'));
    expect(listed.map((x) => x.id)).toEqual([created.id]);
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'tournament.create', before: null });
    expect(JSON.parse(entry!.after!)).toMatchObject({ status: 'upcoming', title: 'League Night Cup', buyIn: 25 });
  });

  it('validates with the host form’s messages and refuses a start in the past', async () => {
    const bad = await admin.agent.post('/api/admin/tournaments', hostForm(t, { winnerSplit: 90 }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe(HOST_MESSAGES.splitsSum);
    const past = await admin.agent.post('/api/admin/tournaments', hostForm(t, { endDate: undefined }, -1));
    expect(past.status).toBe(400);
    expect(await t.db.select().from(tournaments)).toEqual([]);
  });
});

describe('PATCH /api/admin/tournaments/{id}', () => {
  it('changes any field before anyone enters, writing only the changed fields before and after', async () => {
    const created = await create();
    const edited = await json<HostedTournament>(
      await edit(created.id, { buyIn: 50, maxPlayers: 10, description: 'A new description for the cup.' }),
    );
    // The prize pool left empty follows the new buy-in and capacity: 80% of 50 x 10.
    expect(edited).toMatchObject({
      buyIn: 50,
      maxPlayers: 10,
      prizePool: 400,
      description: 'A new description for the cup.',
    });
    const entries = await auditOf(created.id);
    expect(entries.map((e) => e.action)).toEqual(['tournament.create', 'tournament.edit']);
    expect(JSON.parse(entries[1]!.before!)).toEqual({
      description: hostForm(t).description,
      buyIn: 25,
      maxPlayers: 16,
      prizePool: 320,
    });
    expect(JSON.parse(entries[1]!.after!)).toEqual({
      description: 'A new description for the cup.',
      buyIn: 50,
      maxPlayers: 10,
      prizePool: 400,
    });
    // Sending the same form again changes nothing and writes nothing.
    await json(await edit(created.id, { buyIn: 50, maxPlayers: 10, description: 'A new description for the cup.' }));
    expect(await auditOf(created.id)).toHaveLength(2);
  });

  it('locks buy-in, capacity and format once anyone has entered (409), and still edits the rest', async () => {
    const created = await create();
    await enter(created.id);
    for (const change of [
      { buyIn: 30 },
      { maxPlayers: 32 },
      { format: 'single-elimination' },
      { maxTeams: 4, teamSize: 3 },
    ]) {
      const res = await edit(created.id, change);
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(await res.json()).toEqual({ message: T.locked });
    }
    const [row] = await t.db.select().from(tournaments).where(eq(tournaments.id, created.id));
    expect(row).toMatchObject({ buyIn: 25, maxPlayers: 16, format: 'swiss', maxTeams: null });
    const ok = await json<HostedTournament>(
      await edit(created.id, { venueName: 'North Gym', rules: 'New rules: best of three, games to 11.' }),
    );
    expect(ok).toMatchObject({ venueName: 'North Gym', entrantCount: 1 });
    expect((await auditOf(created.id)).map((e) => e.action)).toEqual(['tournament.create', 'tournament.edit']);
  });

  it('refuses to edit a tournament that is not upcoming or live, and a live one’s start date', async () => {
    const created = await create();
    await t.db.update(tournaments).set({ status: 'live', startedAt: t.now() }).where(eq(tournaments.id, created.id));
    const moved = await edit(created.id, { venueName: 'North Gym' });
    expect(moved.status).toBe(200);
    const [row] = await t.db.select().from(tournaments).where(eq(tournaments.id, created.id));
    const later = await admin.agent.patch(
      `/api/admin/tournaments/${created.id}`,
      hostForm(t, { startDate: new Date(row!.startDate.getTime() + DAY).toISOString(), endDate: undefined }),
    );
    expect(later.status).toBe(409);
    expect(await later.json()).toEqual({ message: T.liveStart });
    await t.db.update(tournaments).set({ status: 'completed' }).where(eq(tournaments.id, created.id));
    expect((await edit(created.id, {})).status).toBe(409);
    expect((await edit(99_999, {})).status).toBe(404);
  });
});

describe('the check-in switch (D39)', () => {
  it('is on unless the form turns it off, and says so to the host and the manager', async () => {
    expect((await create()).checkIn).toBe(true);
    const off = await create({ checkIn: false });
    expect(off.checkIn).toBe(false);
    const host = await verifiedHost(t);
    const hosted = await json<HostedTournament>(await host.agent.post('/api/tournaments/host', hostForm(t)), 201);
    expect(hosted.checkIn).toBe(true);
    const detail = await json<Tournament>(await t.request(`/api/tournaments/${off.id}`));
    expect(detail.checkIn).toBe(false);
    const bad = await admin.agent.post('/api/admin/tournaments', hostForm(t, { checkIn: 'yes' }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors.checkIn).toEqual([HOST_MESSAGES.checkIn]);
  });

  it('turns on or off until its window opens, then is locked; an edit that leaves it out keeps it', async () => {
    const created = await create({}, 1);
    const switched = await json<HostedTournament>(await edit(created.id, { checkIn: false, startDate: created.startDate, endDate: created.endDate }));
    expect(switched.checkIn).toBe(false);
    const kept = await json<HostedTournament>(
      await edit(created.id, { checkIn: undefined, venueName: 'North Gym', startDate: created.startDate, endDate: created.endDate }),
    );
    expect(kept.checkIn).toBe(false);
    // 2 h before the start the window opens: the switch no longer moves, other fields still do.
    t.setNow(new Date(Date.parse(created.startDate) - 2 * 60 * 60 * 1000));
    const locked = await edit(created.id, { checkIn: true, startDate: created.startDate, endDate: created.endDate });
    expect(locked.status).toBe(409);
    expect(await locked.json()).toEqual({ message: T.checkInLocked });
    expect((await json<HostedTournament>(await edit(created.id, { checkIn: false, venueName: 'East Gym', startDate: created.startDate, endDate: created.endDate }))).venueName).toBe('East Gym');
  });

  it('moving the start runs the window again at the new time', async () => {
    const created = await create({}, 1);
    await t.db
      .update(tournaments)
      .set({ checkInOpenedAt: t.now(), checkInClosedAt: t.now() })
      .where(eq(tournaments.id, created.id));
    const later = new Date(Date.parse(created.startDate) + DAY).toISOString();
    await json(await edit(created.id, { startDate: later, endDate: undefined }));
    const [row] = await t.db.select().from(tournaments).where(eq(tournaments.id, created.id));
    expect([row!.checkInOpenedAt, row!.checkInClosedAt]).toEqual([null, null]);
  });
});

describe('GET /api/admin/tournaments', () => {
  it('pages one status at a time: upcoming soonest first, cancelled most recent first', async () => {
    const ids = [];
    for (const inDays of [9, 3, 6, 12, 1]) ids.push((await create({ title: `Day ${inDays} Cup` }, inDays)).id);
    const first = await json<HostedTournamentPage>(await admin.agent.get('/api/admin/tournaments?limit=2'));
    expect(first.tournaments.map((x) => x.title)).toEqual(['Day 1 Cup', 'Day 3 Cup']);
    const second = await json<HostedTournamentPage>(
      await admin.agent.get(`/api/admin/tournaments?limit=2&cursor=${first.nextCursor}`),
    );
    expect(second.tournaments.map((x) => x.title)).toEqual(['Day 6 Cup', 'Day 9 Cup']);
    const third = await json<HostedTournamentPage>(
      await admin.agent.get(`/api/admin/tournaments?limit=2&cursor=${second.nextCursor}`),
    );
    expect(third).toMatchObject({ tournaments: [{ title: 'Day 12 Cup' }], nextCursor: null });

    await t.db.update(tournaments).set({ status: 'cancelled' }).where(eq(tournaments.id, ids[0]!));
    await t.db.update(tournaments).set({ status: 'cancelled' }).where(eq(tournaments.id, ids[1]!));
    const cancelled = await json<HostedTournamentPage>(
      await admin.agent.get('/api/admin/tournaments?status=cancelled'),
    );
    expect(cancelled.tournaments.map((x) => x.title)).toEqual(['Day 9 Cup', 'Day 3 Cup']);
    expect((await admin.agent.get('/api/admin/tournaments?status=pending')).status).toBe(400);
    expect((await admin.agent.get('/api/admin/tournaments?cursor=zz')).status).toBe(400);
  });
});

/** Pays a buy-in through the built-in test checkout, as a player would. */
async function payBuyIn(agent: TestAgent, tournamentId: number) {
  const { sessionId } = await json<CheckoutResponse>(
    await agent.post('/api/stripe/checkout/tournament-registration', { tournamentId }),
  );
  expect((await agent.post(`/api/payments/test-checkout/${sessionId}/pay`)).status).toBe(200);
}

describe('start and cancel from the manager go through the competition engine', () => {
  it('cancels with a reason, refunding each paid buy-in exactly once under concurrent requests, audited once', async () => {
    const created = await create({ buyIn: 40 });
    const players = [await member(t), await member(t), await member(t)];
    for (const p of players) await payBuyIn(p.agent, created.id);
    const other = await leagueAdmin(t, 'other');
    const answers = await Promise.all(
      [admin, other, admin].map((a) =>
        a.agent.post(`/api/tournaments/${created.id}/cancel`, { reason: 'Venue flooded' }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const rows = await t.db.select().from(refunds).where(eq(refunds.tournamentId, created.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.status === 'succeeded' && r.amountCents === 4000)).toBe(true);
    expect((await auditOf(created.id)).map((e) => e.action)).toEqual(['tournament.create', 'tournament.cancel']);
    for (const p of players) expect(await notificationsOf(t, p.id, ['tournament_cancelled'])).toHaveLength(1);
    // The manager then lists it under cancelled, with the reason.
    const cancelled = await json<HostedTournamentPage>(
      await admin.agent.get('/api/admin/tournaments?status=cancelled'),
    );
    expect(cancelled.tournaments).toMatchObject([{ id: created.id, cancellationReason: 'Venue flooded' }]);
  });

  it('runs an approved hosted Swiss tournament in its format: start, report round 1, round 2 is paired', async () => {
    const host = await verifiedHost(t);
    const submitted = await json<HostedTournament>(
      // Without check-in (D39): its entrants are entered directly, none checks in.
      await host.agent.post('/api/tournaments/host', hostForm(t, { format: 'swiss', maxPlayers: 8, buyIn: 0, checkIn: false })),
      201,
    );
    await json(await admin.agent.patch(`/api/admin/tournaments/${submitted.id}/approve`));
    const players = [];
    for (let i = 0; i < 6; i++) players.push(await enter(submitted.id));

    const started = await admin.agent.post(`/api/tournaments/${submitted.id}/start`);
    expect(started.status).toBe(200);
    let bracket = (await started.json()) as BracketMatch[];
    const round1 = bracket.filter((m) => m.stage === 'swiss' && m.round === 1);
    expect(round1).toHaveLength(3);
    expect(round1.every((m) => m.teamA && m.teamB && m.bestOf === 3)).toBe(true);
    for (const m of round1) {
      bracket = await json<BracketMatch[]>(
        await admin.agent.post(`/api/tournaments/${submitted.id}/matches/${m.id}/result`, { scoreA: 2, scoreB: 1, version: m.version }),
      );
    }
    // D19: ceil(log2 6) = 3 rounds; round 2 pairs within score groups, no rematches.
    const round2 = bracket.filter((m) => m.stage === 'swiss' && m.round === 2 && m.teamA && m.teamB);
    expect(round2).toHaveLength(3);
    const met = new Set(round1.map((m) => [m.teamA!.id, m.teamB!.id].sort().join('-')));
    for (const m of round2) expect(met.has([m.teamA!.id, m.teamB!.id].sort().join('-'))).toBe(false);
    const standings = await json<TournamentStandings>(await t.request(`/api/tournaments/${submitted.id}/standings`));
    expect(standings.format).toBe('swiss');
    expect(standings.rows.filter((r) => r.wins === 1)).toHaveLength(3);
    expect((await auditOf(submitted.id)).map((e) => [e.action, e.actorId])).toEqual([
      ['tournament.approve', admin.id],
      ['tournament.start', admin.id],
    ]);
  });
});
