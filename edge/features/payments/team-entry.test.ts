// Team entries (D22) through POST /api/stripe/checkout/tournament-registration with `registrationType: 'team'`,
// against a real migrated database: who may enter a team, the roster rules (team size, every player's waiver, one
// team per player), one buy-in per team through the same checkout, maxTeams under concurrency, and refunds (D33).
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refunds } from '../../../db/schema/competition.ts';
import { teamEntryMembers } from '../../../db/schema/team-entries.ts';
import { teamMembers } from '../../../db/schema/teams.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { Tournament, TournamentRegistration } from '../tournaments/schema.ts';
import { tournamentsStatement } from '../tournaments/tournament-query.ts';
import type { CheckoutResponse } from './schema.ts';
import { fulfilPayment } from './fulfil.ts';
import { enteredElsewhere } from './team-entry.ts';
import {
  addTeamTournament,
  addTournament,
  HOUR,
  json,
  member,
  MINUTE,
  notificationsOf,
  paymentOfSession,
  paymentsOf,
  registrationsOf,
  teamWithRoster,
} from './test-helpers.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const PATH = '/api/stripe/checkout/tournament-registration';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

const enter = (
  agent: { post: (path: string, body: unknown) => Promise<Response> },
  tournamentId: number,
  teamId: number,
) => agent.post(PATH, { tournamentId, registrationType: 'team', teamId });

const refusal = async (res: Response, status: number, message: string) => {
  expect(await json(res, status)).toEqual({ message });
};

/** Nothing was written for the tournament: no registration, no roster snapshot, no payment. */
async function expectNothingWritten(tournamentId: number) {
  expect(await registrationsOf(t, tournamentId)).toEqual([]);
  expect(await t.db.select().from(teamEntryMembers).where(eq(teamEntryMembers.tournamentId, tournamentId))).toEqual([]);
  expect((await paymentsOf(t)).filter((p) => p.tournamentId === tournamentId)).toEqual([]);
}

describe('who may enter a team', () => {
  it("refuses guests, fans, players, admins and other owners: only the team's owner enters it", async () => {
    const id = await addTeamTournament(t);
    const team = await teamWithRoster(t);
    const guest = await t.request(PATH, {
      method: 'POST',
      body: JSON.stringify({ tournamentId: id, registrationType: 'team', teamId: team.id }),
      headers: { 'content-type': 'application/json' },
    });
    await refusal(guest, 401, 'Unauthorized');
    const fan = await member(t, { role: 'fan' });
    await refusal(
      await enter(fan.agent, id, team.id),
      403,
      'Only players and team owners can register to play. Fans can buy tickets, vote and donate.',
    );
    const rostered = team.players[0]!;
    await refusal(await enter(rostered.agent, id, team.id), 403, "Only the team's owner can register it");
    const otherOwner = await member(t, { role: 'owner' });
    await refusal(await enter(otherOwner.agent, id, team.id), 403, "Only the team's owner can register it");
    const admin = await member(t, { role: 'admin', email: 'desk@wta.local' });
    await refusal(await enter(admin.agent, id, team.id), 403, "Only the team's owner can register it");
    await refusal(await enter(team.owner.agent, id, 987654), 404, 'Team not found');
    await expectNothingWritten(id);
  });

  it('validates the body, and keeps team and solo tournaments apart', async () => {
    const teamTournament = await addTeamTournament(t);
    const solo = await addTournament(t);
    const team = await teamWithRoster(t);
    expect(
      await json(await team.owner.agent.post(PATH, { tournamentId: teamTournament, registrationType: 'team' }), 400),
    ).toMatchObject({
      message: 'Choose the team to register',
    });
    expect(await json(await enter(team.owner.agent, teamTournament, -3), 400)).toMatchObject({
      message: 'Choose the team to register',
    });
    expect(
      await json(await team.owner.agent.post(PATH, { tournamentId: teamTournament, registrationType: 'squad' }), 400),
    ).toMatchObject({
      message: 'Registration type must be player or team',
    });
    await refusal(
      await enter(team.owner.agent, solo, team.id),
      409,
      'This tournament is for individual players, not teams',
    );
    const player = await member(t);
    await refusal(
      await player.agent.post(PATH, { tournamentId: teamTournament }),
      409,
      'This is a team tournament: a team owner registers their team',
    );
    await refusal(
      await team.owner.agent.post(PATH, { tournamentId: teamTournament, registrationType: 'player' }),
      409,
      'This is a team tournament: a team owner registers their team',
    );
    await expectNothingWritten(teamTournament);
    await expectNothingWritten(solo);
  });

  it('refuses a closed tournament and an unverified owner inside the early window', async () => {
    const team = await teamWithRoster(t);
    const live = await addTeamTournament(t, { status: 'live' });
    await refusal(await enter(team.owner.agent, live, team.id), 409, 'Registration is closed for this tournament');
    const soon = await addTeamTournament(t, { startDate: new Date(NOW.getTime() + 5 * HOUR) });
    await refusal(
      await enter(team.owner.agent, soon, team.id),
      403,
      'Early registration is only available to verified users. Public registration opens after the early period.',
    );
    await expectNothingWritten(soon);
    const verifiedOwner = await member(t, { role: 'owner', verified: true, waiver: false });
    const verifiedTeam = await teamWithRoster(t, { owner: verifiedOwner });
    expect((await enter(verifiedOwner.agent, soon, verifiedTeam.id)).status).toBe(200);
  });
});

describe('the roster rules', () => {
  it('refuses while a roster member has no waiver, naming everyone who has not signed, and changes nothing', async () => {
    const id = await addTeamTournament(t, { buyIn: 0 });
    const team = await teamWithRoster(t, { size: 4, names: ['Ava', 'Ben', 'Cal', 'Dee'], unsigned: [1, 3] });
    await refusal(
      await enter(team.owner.agent, id, team.id),
      403,
      'Every player on the roster must sign the liability waiver before registering. Not signed yet: Ben Rostered, Dee Rostered.',
    );
    await expectNothingWritten(id);
    expect(await notificationsOf(t, team.owner.id)).toEqual([]);
  });

  it('does not ask the owner for a waiver: the owner does not play (ADR 030)', async () => {
    const id = await addTeamTournament(t, { buyIn: 0 });
    const team = await teamWithRoster(t);
    expect((await json<CheckoutResponse>(await enter(team.owner.agent, id, team.id))).registered).toBe(true);
  });

  it('refuses a roster smaller than the team size', async () => {
    const id = await addTeamTournament(t, { teamSize: 5 });
    const team = await teamWithRoster(t, { size: 4, name: 'Four Friends' });
    await refusal(
      await enter(team.owner.agent, id, team.id),
      409,
      "Four Friends has 4 players on its roster; this tournament's teams need at least 5.",
    );
    await expectNothingWritten(id);
  });

  it('refuses a team whose player already plays for another entered team', async () => {
    const id = await addTeamTournament(t, { buyIn: 0 });
    const first = await teamWithRoster(t, { names: ['Ava', 'Ben', 'Cal'] });
    expect((await enter(first.owner.agent, id, first.id)).status).toBe(200);
    // Ben moves to another team after the first one entered (a transfer), which then tries to enter too.
    const second = await teamWithRoster(t, { size: 2 });
    await t.db.delete(teamMembers).where(eq(teamMembers.userId, first.players[1]!.id));
    await t.db
      .insert(teamMembers)
      .values({ teamId: second.id, userId: first.players[1]!.id, position: 'player', joinedAt: t.now() });
    await refusal(
      await enter(second.owner.agent, id, second.id),
      409,
      'Ben Rostered already plays for another team in this tournament.',
    );
    expect((await registrationsOf(t, id)).map((r) => r.teamId)).toEqual([first.id]);
  });
});

describe('a team entry', () => {
  it('registers a free entry at once, keeps the roster at entry, and answers a second entry with 409', async () => {
    const id = await addTeamTournament(t, { buyIn: 0, title: 'Free Team Friday' });
    const team = await teamWithRoster(t, { name: 'Heat Check' });
    expect(await json<CheckoutResponse>(await enter(team.owner.agent, id, team.id))).toEqual({
      checkoutUrl: null,
      sessionId: null,
      registered: true,
      message: 'Heat Check is registered for Free Team Friday',
    });
    const [row] = await registrationsOf(t, id);
    expect(row).toMatchObject({ userId: team.owner.id, teamId: team.id, status: 'registered', paymentId: null });
    const snapshot = await t.db.select().from(teamEntryMembers).where(eq(teamEntryMembers.registrationId, row!.id));
    expect(snapshot.map((m) => m.userId).sort()).toEqual(team.players.map((p) => p.id).sort());

    // The roster changes afterwards; the entry's roster does not (D22: the roster as it was at entry).
    await t.db.delete(teamMembers).where(eq(teamMembers.userId, team.players[0]!.id));
    const latecomer = await member(t);
    await t.db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: latecomer.id, position: 'player', joinedAt: t.now() });
    const after = await t.db.select().from(teamEntryMembers).where(eq(teamEntryMembers.registrationId, row!.id));
    expect(after.map((m) => m.userId).sort()).toEqual(team.players.map((p) => p.id).sort());

    await refusal(
      await enter(team.owner.agent, id, team.id),
      409,
      'Your team is already registered for this tournament',
    );
    expect(await notificationsOf(t, team.owner.id, ['registration_confirmed'])).toHaveLength(1);
    const listed = await json<TournamentRegistration[]>(await t.request(`/api/tournaments/${id}/registrations`));
    expect(listed).toMatchObject([{ userId: team.owner.id, team: { id: team.id, name: 'Heat Check' } }]);
    const detail = await json<Tournament>(await t.request(`/api/tournaments/${id}`));
    expect(detail).toMatchObject({ maxTeams: 4, teamSize: 3, registeredCount: 1, championTeam: null });
  });

  it('takes one buy-in per team through the same checkout, fulfilled once', async () => {
    const id = await addTeamTournament(t, { buyIn: 60 });
    const team = await teamWithRoster(t, { size: 5, name: 'Five Alive' });
    const first = await json<CheckoutResponse>(await enter(team.owner.agent, id, team.id));
    // A double click gets the same checkout.
    const again = await json<CheckoutResponse>(await enter(team.owner.agent, id, team.id));
    expect(again.sessionId).toBe(first.sessionId);
    const payments = await paymentsOf(t);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      kind: 'registration',
      amountCents: 6000,
      userId: team.owner.id,
      tournamentId: id,
    });
    const [hold] = await registrationsOf(t, id);
    expect(hold).toMatchObject({ status: 'pending_payment', teamId: team.id, paymentId: payments[0]!.id });

    const pays = await Promise.all(
      [1, 2].map(() => team.owner.agent.post(`/api/payments/test-checkout/${first.sessionId}/pay`)),
    );
    for (const res of pays) expect(res.status).toBe(200);
    const [row] = await registrationsOf(t, id);
    expect(row).toMatchObject({ status: 'registered', teamId: team.id });
    expect(await notificationsOf(t, team.owner.id, ['registration_confirmed'])).toHaveLength(1);
    // Nobody on the roster paid anything.
    for (const p of team.players) expect(await paymentsOf(t, p.id)).toEqual([]);
  });

  it('frees a lapsed hold, and a new entry stores the roster of now', async () => {
    const id = await addTeamTournament(t, { maxTeams: 2 });
    const team = await teamWithRoster(t);
    await json<CheckoutResponse>(await enter(team.owner.agent, id, team.id));
    t.advance(31 * MINUTE);
    const newcomer = await member(t);
    await t.db
      .insert(teamMembers)
      .values({ teamId: team.id, userId: newcomer.id, position: 'player', joinedAt: t.now() });
    await json<CheckoutResponse>(await enter(team.owner.agent, id, team.id));
    const rows = await registrationsOf(t, id);
    expect(rows).toHaveLength(1);
    const snapshot = await t.db.select().from(teamEntryMembers).where(eq(teamEntryMembers.registrationId, rows[0]!.id));
    expect(snapshot).toHaveLength(4);
    expect(snapshot.map((m) => m.userId)).toContain(newcomer.id);
  });

  it('never takes more than maxTeams teams: 8 owners at once for 2 places', async () => {
    const id = await addTeamTournament(t, { maxTeams: 2, buyIn: 0 });
    const entries = await Promise.all(Array.from({ length: 8 }, () => teamWithRoster(t)));
    const responses = await Promise.all(entries.map((team) => enter(team.owner.agent, id, team.id)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(6);
    for (const r of responses.filter((x) => x.status === 409))
      expect(await r.json()).toEqual({ message: 'This tournament is full - join the waitlist' });
    const held = (await registrationsOf(t, id)).filter((r) => r.status === 'registered');
    expect(held).toHaveLength(2);
    const snapshots = await t.db.select().from(teamEntryMembers).where(eq(teamEntryMembers.tournamentId, id));
    expect(snapshots).toHaveLength(6);
  });

  it('refunds each paid team buy-in once when the tournament is cancelled (D33)', async () => {
    const id = await addTeamTournament(t, { buyIn: 80 });
    const team = await teamWithRoster(t);
    const { sessionId } = await json<CheckoutResponse>(await enter(team.owner.agent, id, team.id));
    expect((await team.owner.agent.post(`/api/payments/test-checkout/${sessionId}/pay`)).status).toBe(200);
    const admin = await member(t, { role: 'admin', email: 'desk@wta.local' });
    const cancels = await Promise.all(
      [1, 2].map(() => admin.agent.post(`/api/tournaments/${id}/cancel`, { reason: 'Storm warning' })),
    );
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409]);
    const [payment] = await paymentsOf(t, team.owner.id);
    const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 8000, status: 'succeeded' });
    expect((await registrationsOf(t, id))[0]!.status).toBe('cancelled');
  });
});

/** Stripe reports a payment of an old session as its webhook would (the built-in checkout refuses expired ones). */
const paidLate = async (sessionId: string) =>
  fulfilPayment(t.db, { paymentId: (await paymentOfSession(t, sessionId)).id, by: 'webhook', now: t.now() });

describe("the roster's side of an entry (D15, D22)", () => {
  it('tells every player on the roster at entry, once, that their team is in: free and paid entries', async () => {
    const free = await addTeamTournament(t, { title: 'Free Team Friday', buyIn: 0 });
    const team = await teamWithRoster(t, { name: 'Heat Check' });
    expect((await enter(team.owner.agent, free, team.id)).status).toBe(200);
    for (const p of team.players) {
      const told = await notificationsOf(t, p.id, ['registration_confirmed']);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        title: 'Registration Confirmed',
        body: 'Heat Check is registered for Free Team Friday. Check in 30 minutes before the start.',
        link: `/tournaments/${free}`,
      });
    }
    // The owner hears it once, in their own words, and is not counted as a player.
    expect(await notificationsOf(t, team.owner.id, ['registration_confirmed'])).toHaveLength(1);

    const paid = await addTeamTournament(t, { title: 'Paid Team Saturday', buyIn: 40 });
    const { sessionId } = await json<CheckoutResponse>(await enter(team.owner.agent, paid, team.id));
    // Nobody hears anything while the buy-in is unpaid.
    for (const p of team.players) expect(await notificationsOf(t, p.id, ['registration_confirmed'])).toHaveLength(1);
    const pays = await Promise.all(
      [1, 2].map(() => team.owner.agent.post(`/api/payments/test-checkout/${sessionId}/pay`)),
    );
    for (const res of pays) expect(res.status).toBe(200);
    for (const p of team.players) {
      const told = await notificationsOf(t, p.id, ['registration_confirmed']);
      expect(told.filter((n) => n.link === `/tournaments/${paid}`)).toHaveLength(1);
    }
  });

  it('does not confirm a lapsed hold paid late once a player on its roster has entered with another team', async () => {
    const id = await addTeamTournament(t, { buyIn: 30, title: 'Late Pay Classic' });
    const first = await teamWithRoster(t, { name: 'First Five' });
    const { sessionId } = await json<CheckoutResponse>(await enter(first.owner.agent, id, first.id));
    t.advance(31 * MINUTE);
    // A player moves to another team, which enters and pays while the first hold is lapsed.
    const mover = first.players[0]!;
    const second = await teamWithRoster(t, { name: 'Second Wind', size: 2 });
    await t.db.delete(teamMembers).where(eq(teamMembers.userId, mover.id));
    await t.db
      .insert(teamMembers)
      .values({ teamId: second.id, userId: mover.id, position: 'player', joinedAt: t.now() });
    const other = await json<CheckoutResponse>(await enter(second.owner.agent, id, second.id));
    expect((await second.owner.agent.post(`/api/payments/test-checkout/${other.sessionId}/pay`)).status).toBe(200);

    // The first owner's old payment arrives (Stripe's session outlives the hold a little, ADR 009): a spot is free
    // (maxTeams 4), but the mover already plays for Second Wind.
    expect(await paidLate(sessionId!)).toBe('fulfilled');
    const rows = await registrationsOf(t, id);
    expect(rows.find((r) => r.teamId === first.id)?.status).not.toBe('registered');
    expect(rows.find((r) => r.teamId === second.id)?.status).toBe('registered');
    const [refusedNote] = await notificationsOf(t, first.owner.id, ['registration_unavailable']);
    expect(refusedNote?.body).toBe(
      "Your payment for Late Pay Classic arrived after your team's spot was released, and a player on its roster has since entered with another team. The league will refund your buy-in.",
    );
    // Only the entry that holds the spot told its roster.
    expect(await notificationsOf(t, first.players[1]!.id, ['registration_confirmed'])).toEqual([]);
    expect(await notificationsOf(t, mover.id, ['registration_confirmed'])).toHaveLength(1);
  });

  it('confirms a lapsed hold paid late when its roster is still free and a spot is', async () => {
    const id = await addTeamTournament(t, { buyIn: 30 });
    const team = await teamWithRoster(t);
    const { sessionId } = await json<CheckoutResponse>(await enter(team.owner.agent, id, team.id));
    t.advance(31 * MINUTE);
    expect(await paidLate(sessionId!)).toBe('fulfilled');
    expect((await registrationsOf(t, id))[0]).toMatchObject({ status: 'registered', teamId: team.id });
    for (const p of team.players) expect(await notificationsOf(t, p.id, ['registration_confirmed'])).toHaveLength(1);
  });
});

describe('query plans', () => {
  it("reads another entry's roster by the (tournament, member) index and the champion team by its key", async () => {
    const explain = async (query: { sql: string; params: unknown[] }) => {
      const { rows } = await t.client.execute({ sql: `explain query plan ${query.sql}`, args: query.params as never });
      return rows.map((r) => String(r.detail)).join('\n');
    };
    const elsewhere = await explain(
      enteredElsewhere(t.db, { tournamentId: 1, memberIds: ['a', 'b', 'c'], ownerId: 'o', cutoff: 0 }).toSQL(),
    );
    expect(elsewhere).toContain('USING INDEX team_entry_members_tournament_user_idx (tournament_id=? AND user_id=?)');
    expect(elsewhere).toMatch(/SEARCH tournament_registrations USING INTEGER PRIMARY KEY/);
    expect(elsewhere).not.toMatch(/SCAN/);

    const list = await explain(tournamentsStatement(t.db, { limit: 25 }).toSQL());
    expect(list).toMatch(/SEARCH teams USING INTEGER PRIMARY KEY/);
    expect(list).not.toMatch(/SCAN teams/);
  });
});
