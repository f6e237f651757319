import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { matchHistory } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { payments } from '../../../db/schema/payments.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { leagueAdmin } from '../competition/money-fixtures.ts';
import { addTournament, json, member, type Member } from '../payments/test-helpers.ts';
import type { MyRegistration } from '../tournaments/schema.ts';
import { ticketCodeHash } from '../door/schema.ts';
import { CHECK_IN_TEXTS as T, isEntryPass, type DoorEntrant, type EntryPass, TOO_FEW_CHECKED_IN_REASON } from './schema.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

let t: TestApp;
afterEach(() => t?.cleanup());

/** A tournament with check-in starting `startsIn` from now, with `n` registered players. */
async function checkInTournament(n: number, options: { startsIn?: number; checkIn?: boolean; hostId?: string; buyIn?: number } = {}) {
  const id = await addTournament(t, {
    title: 'Check-In Cup',
    startDate: new Date(t.now().getTime() + (options.startsIn ?? HOUR)),
    checkIn: options.checkIn ?? true,
    hostId: options.hostId ?? null,
    buyIn: options.buyIn ?? 0,
    maxPlayers: 8,
  });
  const players: Member[] = [];
  for (let i = 0; i < n; i++) {
    const p = await member(t);
    await t.db
      .insert(tournamentRegistrations)
      .values({ tournamentId: id, userId: p.id, status: 'registered', createdAt: new Date(t.now().getTime() - HOUR + i) });
    players.push(p);
  }
  return { id, players };
}

async function registration(id: number, userId: string) {
  const [row] = await t.db
    .select()
    .from(tournamentRegistrations)
    .where(and(eq(tournamentRegistrations.tournamentId, id), eq(tournamentRegistrations.userId, userId)));
  return row!;
}

const checkIn = (m: Member, id: number) => m.agent.post(`/api/tournaments/${id}/check-in`);

describe('D39: an entrant checks in', () => {
  it('only inside the window: 2 hours to 30 minutes before the start, judged by the time the server receives it', async () => {
    t = await createTestApp({ now: '2026-12-05T10:00:00Z' });
    const { id, players } = await checkInTournament(3, { startsIn: 3 * HOUR });
    const [early, onTime, late] = players as [Member, Member, Member];

    const before = await checkIn(early, id);
    expect(before.status).toBe(409);
    expect(await before.json()).toEqual({ message: T.notOpen });

    t.advance(HOUR); // 2 h before: open
    const opened = await checkIn(onTime, id);
    expect(opened.status).toBe(200);
    expect(await opened.json()).toMatchObject({ checkedInAt: t.now().toISOString(), message: "You're checked in for Check-In Cup" });

    t.advance(90 * MINUTE - 1); // the last millisecond before the close
    expect((await checkIn(early, id)).status).toBe(200);
    t.advance(1); // 30 minutes before: closed, whether or not the clock has run
    const closed = await checkIn(late, id);
    expect(closed.status).toBe(409);
    expect(await closed.json()).toEqual({ message: T.closed });
    expect((await registration(id, late.id)).checkedInAt).toBeNull();
  });

  it('exactly once: a second check-in (a double tap, the outbox sending again) answers the first and writes nothing', async () => {
    t = await createTestApp({ now: '2026-12-05T10:00:00Z' });
    const { id, players } = await checkInTournament(1);
    const [p] = players as [Member];
    const answers = await Promise.all([checkIn(p, id), checkIn(p, id), checkIn(p, id)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ checkedInAt: string }>));
    expect(new Set(bodies.map((b) => b.checkedInAt)).size).toBe(1);
    t.advance(MINUTE);
    const again = await json<{ checkedInAt: string }>(await checkIn(p, id));
    expect(again.checkedInAt).toBe(bodies[0]!.checkedInAt);
    const rows = await t.db.select().from(matchHistory).where(and(eq(matchHistory.tournamentId, id), eq(matchHistory.action, 'check-in')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorId).toBe(p.id);
  });

  it('is refused to a member who is not registered, to a tournament without check-in, and to a signed-out caller', async () => {
    t = await createTestApp({ now: '2026-12-05T10:00:00Z' });
    const { id } = await checkInTournament(1);
    const stranger = await member(t);
    const notRegistered = await checkIn(stranger, id);
    expect(notRegistered.status).toBe(409);
    expect(await notRegistered.json()).toEqual({ message: T.notRegistered });

    const { id: off, players } = await checkInTournament(1, { checkIn: false });
    const noCheckIn = await checkIn(players[0]!, off);
    expect(noCheckIn.status).toBe(409);
    expect(await noCheckIn.json()).toEqual({ message: T.off });

    expect((await t.request(`/api/tournaments/${id}/check-in`, { method: 'POST' })).status).toBe(401);
    expect((await checkIn(stranger, 999_999)).status).toBe(404);
  });

  it("a team entry is checked in by its owner or a captain, not by another player on the roster", async () => {
    t = await createTestApp({ now: '2026-12-05T10:00:00Z' });
    const id = await addTournament(t, { startDate: new Date(t.now().getTime() + HOUR), checkIn: true, maxTeams: 4, teamSize: 3, buyIn: 0 });
    const owner = await member(t, { role: 'owner' });
    const captain = await member(t);
    const player = await member(t);
    const [team] = await t.db.insert(teams).values({ name: 'Hoopers', ownerId: owner.id, createdAt: t.now() }).returning({ id: teams.id });
    await t.db.insert(teamMembers).values([
      { teamId: team!.id, userId: captain.id, position: 'captain', joinedAt: t.now() },
      { teamId: team!.id, userId: player.id, position: 'player', joinedAt: t.now() },
    ]);
    const [entry] = await t.db
      .insert(tournamentRegistrations)
      .values({ tournamentId: id, userId: owner.id, teamId: team!.id, status: 'registered', createdAt: t.now() })
      .returning({ id: tournamentRegistrations.id });
    await t.db.insert(teamEntryMembers).values(
      [
        [captain, 'captain'],
        [player, 'player'],
      ].map(([m, position]) => ({
        registrationId: entry!.id,
        tournamentId: id,
        teamId: team!.id,
        userId: (m as Member).id,
        position: position as string,
        createdAt: t.now(),
      })),
    );
    // The dashboard's list says who may check the entry in (D39).
    for (const [who, may] of [[owner, true], [captain, true], [player, false]] as const) {
      const mine = await json<MyRegistration[]>(await who.agent.get('/api/tournament-registrations/my-registrations'));
      expect(mine.map((r) => [r.id, r.teamName, r.mayCheckIn, r.checkedInAt, r.tournament.checkIn])).toEqual([
        [entry!.id, 'Hoopers', may, null, true],
      ]);
      // The entry pass goes with the right to check in: the owner's and captains' My Tickets, not the roster's.
      const passes = await json<EntryPass[]>(await who.agent.get('/api/entry-passes/mine'));
      expect(passes.map((p) => [p.registrationId, p.teamName])).toEqual(may ? [[entry!.id, 'Hoopers']] : []);
    }

    const refused = await checkIn(player, id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: T.notTeamLeader });
    const byCaptain = await checkIn(captain, id);
    expect(byCaptain.status).toBe(200);
    expect((await registration(id, owner.id)).checkedInBy).toBe(captain.id);
    // The owner's check-in answers the captain's.
    expect((await checkIn(owner, id)).status).toBe(200);
  });
});

describe('D39: the host or an admin checks an entrant in at the door', () => {
  it('the host of this tournament and admins may; other members may not', async () => {
    t = await createTestApp({ now: '2026-12-05T10:00:00Z' });
    const host = await member(t);
    const admin = await leagueAdmin(t);
    const { id, players } = await checkInTournament(2, { hostId: host.id });
    const [a, b] = players as [Member, Member];
    const regA = await registration(id, a.id);
    const regB = await registration(id, b.id);
    const path = (r: { id: number }) => `/api/tournaments/${id}/registrations/${r.id}/check-in`;

    const byPlayer = await b.agent.post(path(regA), {});
    expect(byPlayer.status).toBe(403);
    expect(await byPlayer.json()).toEqual({ message: T.forbidden });
    expect((await host.agent.post(path(regA), {})).status).toBe(200);
    expect((await admin.agent.post(path(regB), {})).status).toBe(200);
    expect((await registration(id, a.id)).checkedInBy).toBe(host.id);
    expect((await admin.agent.post(`/api/tournaments/${id}/registrations/999999/check-in`, {})).status).toBe(404);
  });

  it("a door's offline check-in counts if scanned before the close and received before the start, undoing the no-show withdrawal", async () => {
    t = await createTestApp({ now: '2026-12-05T10:00:00Z' });
    const host = await member(t);
    const { id, players } = await checkInTournament(3, { hostId: host.id });
    const [scanned, scannedLate, other] = players as [Member, Member, Member];
    expect((await checkIn(other, id)).status).toBe(200);
    const scannedAt = new Date(t.now().getTime() + 20 * MINUTE).toISOString(); // 10 min before the close
    const lateScan = new Date(t.now().getTime() + 31 * MINUTE).toISOString(); // after it

    t.advance(35 * MINUTE); // the close has come; the clock withdraws the two not checked in
    await t.clock();
    expect((await registration(id, scanned.id)).status).toBe('cancelled');
    expect((await registration(id, scanned.id)).noShowAt).not.toBeNull();

    const regLate = await registration(id, scannedLate.id);
    const late = await host.agent.post(`/api/tournaments/${id}/registrations/${regLate.id}/check-in`, { scannedAt: lateScan });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ message: T.scannedAfterClose });

    const reg = await registration(id, scanned.id);
    const sent = await host.agent.post(`/api/tournaments/${id}/registrations/${reg.id}/check-in`, { scannedAt });
    expect(sent.status).toBe(200);
    const back = await registration(id, scanned.id);
    expect(back).toMatchObject({ status: 'registered', noShowAt: null, checkedInAt: new Date(scannedAt) });

    // Received after the start: too late, whenever it was scanned.
    t.advance(30 * MINUTE);
    const afterStart = await host.agent.post(`/api/tournaments/${id}/registrations/${regLate.id}/check-in`, { scannedAt });
    expect(afterStart.status).toBe(409);
  });
});

describe("D39: the entrant's QR entry pass and the door's entrant list", () => {
  it('each entrant has a pass only they (or their team leader) see; the door lists entrants by name with the hash of the pass', async () => {
    t = await createTestApp({ now: '2026-12-05T10:00:00Z' });
    const host = await member(t, { verified: true });
    const { id, players } = await checkInTournament(2, { hostId: host.id, startsIn: 100 * MINUTE });
    const [a, b] = players as [Member, Member];
    const passes = await json<EntryPass[]>(await a.agent.get('/api/entry-passes/mine'));
    expect(passes).toHaveLength(1);
    const pass = passes[0]!;
    expect(pass).toMatchObject({ tournament: { id, title: 'Check-In Cup' }, teamName: null, checkedInAt: null });
    expect(isEntryPass(pass.pass)).toBe(true);
    const other = (await json<EntryPass[]>(await b.agent.get('/api/entry-passes/mine')))[0]!;
    expect(other.pass).not.toBe(pass.pass);
    expect((await t.request('/api/entry-passes/mine')).status).toBe(401);

    const list = await json<DoorEntrant[]>(await host.agent.get(`/api/tournaments/${id}/entrants`));
    expect(list.map((e) => [e.registrationId, e.checkedInAt, e.noShow])).toEqual([
      [pass.registrationId, null, false],
      [other.registrationId, null, false],
    ]);
    expect(list[0]!.passHash).toBe(await ticketCodeHash(pass.pass));
    expect(JSON.stringify(list)).not.toContain(pass.pass);
    expect((await a.agent.get(`/api/tournaments/${id}/entrants`)).status).toBe(403);
    expect((await host.agent.get('/api/tournaments/999999/entrants')).status).toBe(404);

    // The door checks the pass's holder in; their pass says so, and a no-show stays on the door's list.
    await json(await host.agent.post(`/api/tournaments/${id}/registrations/${pass.registrationId}/check-in`, {}));
    expect((await json<EntryPass[]>(await a.agent.get('/api/entry-passes/mine')))[0]!.checkedInAt).not.toBeNull();
    t.advance(75 * MINUTE); // past the close, before the start
    expect((await t.clock()).checkInsClosed).toEqual([id]);
    const after = await json<DoorEntrant[]>(await host.agent.get(`/api/tournaments/${id}/entrants`));
    expect(after.map((e) => [e.registrationId, e.checkedInAt !== null, e.noShow])).toEqual([
      [pass.registrationId, true, false],
      [other.registrationId, false, true],
    ]);
    expect(await json(await b.agent.get('/api/entry-passes/mine'))).toEqual([]);
  });
});

describe('D39: the close and the draw', () => {
  it("the clock tells each entrant not checked in when check-in opens, once, with the close in the member's own zone", async () => {
    t = await createTestApp({ now: '2026-12-05T14:00:00Z' });
    const { id, players } = await checkInTournament(3, { startsIn: 3 * HOUR });
    const [east, unknown, done] = players as [Member, Member, Member];
    // The app records the browser's zone in a cookie; the member's next GET /api/auth/user keeps it.
    east.agent.cookies.set('wta_tz', 'America/New_York');
    expect((await east.agent.get('/api/auth/user')).status).toBe(200);
    unknown.agent.cookies.set('wta_tz', 'Not/AZone');
    expect((await unknown.agent.get('/api/auth/user')).status).toBe(200);
    // Kept after the answer: wait for it.
    const zoneOf = async (id: string) => (await t.db.select({ z: users.timeZone }).from(users).where(eq(users.id, id)))[0]!.z;
    await expect.poll(() => zoneOf(east.id)).toBe('America/New_York');
    expect(await zoneOf(unknown.id)).toBeNull();

    expect((await t.clock()).checkInsOpened).toEqual([]);
    t.advance(HOUR); // 2 h before the start (17:00 UTC): the window opens, the close is 16:30 UTC
    await json(await checkIn(done, id));
    const [first, second] = await Promise.all([t.clock(), t.clock()]);
    expect([...first.checkInsOpened, ...second.checkInsOpened]).toEqual([id]);
    const told = await t.db.select().from(notifications).where(eq(notifications.kind, 'check_in_open'));
    expect(told.map((n) => [n.userId, n.title, n.link]).sort()).toEqual(
      [
        [east.id, 'Check-in is open - check in by 11:30 AM', `/tournaments/${id}#registration`],
        [unknown.id, 'Check-in is open - check in by 4:30 PM UTC', `/tournaments/${id}#registration`],
      ].sort(),
    );
    expect(told[0]!.body).toBe(
      'Check in for Check-In Cup on its Registration tab. Anyone not checked in when check-in closes is withdrawn as a no-show.',
    );
    t.advance(10 * MINUTE);
    expect((await t.clock()).checkInsOpened).toEqual([]);
  });

  it('a window the clock first sees after its close is not announced', async () => {
    t = await createTestApp({ now: '2026-12-05T14:00:00Z' });
    const { id } = await checkInTournament(2, { startsIn: 20 * MINUTE });
    const report = await t.clock();
    expect(report.checkInsOpened).toEqual([]);
    expect(report.checkInsClosed).toEqual([id]);
    expect(await t.db.select().from(notifications).where(eq(notifications.kind, 'check_in_open'))).toEqual([]);
  });

  it('the clock withdraws the no-shows once, tells them why, and the draw has the checked-in entrants only', async () => {
    t = await createTestApp({ now: '2026-12-05T10:00:00Z' });
    const { id, players } = await checkInTournament(4, { startsIn: HOUR });
    const [a, b, c, noShow] = players as [Member, Member, Member, Member];
    for (const p of [a, b, c]) expect((await checkIn(p, id)).status).toBe(200);

    t.advance(30 * MINUTE);
    await Promise.all([t.clock(), t.clock()]); // two clocks at once close it once
    expect((await registration(id, noShow.id)).status).toBe('cancelled');
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, noShow.id));
    expect(told.filter((n) => n.title === T.noShowTitle)).toHaveLength(1);
    expect(told.find((n) => n.title === T.noShowTitle)!.body).toContain('No-shows are not refunded');
    const trail = await t.db.select().from(matchHistory).where(and(eq(matchHistory.tournamentId, id), eq(matchHistory.action, 'no-show')));
    expect(trail).toHaveLength(1);

    // Registration has ended with check-in.
    const latecomer = await member(t);
    const refused = await latecomer.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id, registrationType: 'player' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'Registration is closed for this tournament' });

    t.advance(30 * MINUTE);
    await t.clock();
    const [row] = await t.db.select({ status: tournaments.status }).from(tournaments).where(eq(tournaments.id, id));
    expect(row!.status).toBe('live');
    const bracket = await json<{ teamA: { name: string } | null; teamB: { name: string } | null }[]>(
      await t.request(`/api/tournaments/${id}/bracket`),
    );
    const names = new Set(bracket.flatMap((m) => [m.teamA?.name, m.teamB?.name]).filter(Boolean));
    expect(names.size).toBe(3);
  });

  it('a start before the clock closed check-in still draws only the checked-in (an early start by an admin)', async () => {
    t = await createTestApp({ now: '2026-12-05T10:00:00Z' });
    const admin = await leagueAdmin(t);
    const { id, players } = await checkInTournament(3, { startsIn: HOUR });
    const [a, b, noShow] = players as [Member, Member, Member];
    for (const p of [a, b]) expect((await checkIn(p, id)).status).toBe(200);
    const started = await admin.agent.post(`/api/tournaments/${id}/start`, {});
    expect(started.status).toBe(200);
    expect((await registration(id, noShow.id))).toMatchObject({ status: 'cancelled' });
    expect((await registration(id, noShow.id)).noShowAt).not.toBeNull();
  });

  it('fewer than 2 checked in: cancelled, the checked-in refunded and the no-shows not', async () => {
    t = await createTestApp({ now: '2026-12-05T10:00:00Z' });
    const { id, players } = await checkInTournament(2, { startsIn: HOUR, buyIn: 40 });
    const [came, noShow] = players as [Member, Member];
    for (const p of players) {
      const [pay] = await t.db
        .insert(payments)
        .values({
          kind: 'registration',
          status: 'paid',
          amountCents: 4000,
          currency: 'usd',
          userId: p.id,
          tournamentId: id,
          provider: 'test',
          providerSessionId: `cs_${p.id}`,
          checkoutUrl: 'https://checkout.test/session',
          createdAt: t.now(),
          expiresAt: new Date(t.now().getTime() + HOUR),
          paidAt: t.now(),
        })
        .returning({ id: payments.id });
      await t.db
        .update(tournamentRegistrations)
        .set({ paymentId: pay!.id })
        .where(and(eq(tournamentRegistrations.tournamentId, id), eq(tournamentRegistrations.userId, p.id)));
    }
    expect((await checkIn(came, id)).status).toBe(200);
    t.advance(HOUR);
    await t.clock();
    const [row] = await t.db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row).toMatchObject({ status: 'cancelled', cancellationReason: TOO_FEW_CHECKED_IN_REASON });
    const refunded = await t.client.execute(
      `select p.user_id from refunds r join payments p on p.id = r.payment_id where r.tournament_id = ${id}`,
    );
    expect(refunded.rows.map((r) => r.user_id)).toEqual([came.id]);
    expect((await registration(id, noShow.id)).noShowAt).not.toBeNull();
  });
});
