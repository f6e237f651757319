// POST /api/stripe/checkout/tournament-registration (D9) with the built-in test checkout (D3), against a real
// migrated database: every refusal, capacity under concurrency, double clicks, hold expiry and free entry.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tournamentRegistrations, tournaments } from '../../../db/schema/tournaments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { MyRegistration, Tournament, TournamentRegistration } from '../tournaments/schema.ts';
import type { CheckoutResponse } from './schema.ts';
import {
  addTournament,
  fillSpots,
  HOUR,
  json,
  member,
  MINUTE,
  notificationsOf,
  paymentsOf,
  registrationsOf,
  signWaiver,
} from './test-helpers.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const PATH = '/api/stripe/checkout/tournament-registration';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

const refusal = async (res: Response, status: number, message: string) => {
  expect(await json(res, status)).toEqual({ message });
};

describe('registration refusals (D9), in order', () => {
  it('refuses signed-out callers, fans, unknown and unlisted tournaments, and closed registration', async () => {
    const id = await addTournament(t);
    await refusal(await t.request(PATH, { method: 'POST', body: JSON.stringify({ tournamentId: id }), headers: { 'content-type': 'application/json' } }), 401, 'Unauthorized');

    const fan = await member(t, { role: 'fan', waiver: true });
    await refusal(
      await fan.agent.post(PATH, { tournamentId: id }),
      403,
      'Only players and team owners can register to play. Fans can buy tickets, vote and donate.',
    );

    const player = await member(t);
    await refusal(await player.agent.post(PATH, { tournamentId: 99999 }), 404, 'Tournament not found');
    const pending = await addTournament(t, { status: 'pending' });
    await refusal(await player.agent.post(PATH, { tournamentId: pending }), 404, 'Tournament not found');

    for (const status of ['live', 'completed'] as const) {
      const closed = await addTournament(t, { status });
      await refusal(await player.agent.post(PATH, { tournamentId: closed }), 409, 'Registration is closed for this tournament');
    }
    // Still marked upcoming, but its start has passed.
    const started = await addTournament(t, { startDate: new Date(NOW.getTime() - MINUTE) });
    await refusal(await player.agent.post(PATH, { tournamentId: started }), 409, 'Registration is closed for this tournament');
    expect(await paymentsOf(t)).toHaveLength(0);
  });

  it('lets owners and league admins register, and validates the body', async () => {
    const id = await addTournament(t);
    const owner = await member(t, { role: 'owner' });
    expect((await owner.agent.post(PATH, { tournamentId: id })).status).toBe(200);
    const admin = await member(t, { role: 'admin', email: 'door@wta.local' });
    expect((await admin.agent.post(PATH, { tournamentId: id })).status).toBe(200);
    const player = await member(t);
    expect(await json(await player.agent.post(PATH, { tournamentId: 'abc' }), 400)).toMatchObject({
      message: 'Tournament is required',
    });
  });

  it('refuses an admin role outside the league domain (D6) with 403, while a league super admin registers', async () => {
    const id = await addTournament(t);
    for (const role of ['admin', 'super_admin'] as const) {
      const foreign = await member(t, { role, email: `${role}@other-league.example` });
      await refusal(
        await foreign.agent.post(PATH, { tournamentId: id }),
        403,
        "Only players, team owners and league admins can register to play. This admin account is not on the league's e-mail domain.",
      );
    }
    // The domain is compared case-insensitively (D6).
    const league = await member(t, { role: 'super_admin', email: 'Chief@WTA.local' });
    expect((await league.agent.post(PATH, { tournamentId: id })).status).toBe(200);
    expect((await registrationsOf(t, id)).map((r) => r.userId)).toEqual([league.id]);
  });

  it('requires the current waiver, then verification inside the early window', async () => {
    const id = await addTournament(t);
    const unsigned = await member(t, { waiver: false });
    await refusal(await unsigned.agent.post(PATH, { tournamentId: id }), 403, 'You must sign the liability waiver before registering');
    const oldVersion = await member(t, { waiver: false });
    await signWaiver(t, oldVersion.id, '2019-01');
    await refusal(await oldVersion.agent.post(PATH, { tournamentId: id }), 403, 'You must sign the liability waiver before registering');

    const soon = await addTournament(t, { startDate: new Date(NOW.getTime() + 5 * HOUR) });
    const player = await member(t);
    await refusal(
      await player.agent.post(PATH, { tournamentId: soon }),
      403,
      'Early registration is only available to verified users. Public registration opens after the early period.',
    );
    // The waiver is checked before the early window.
    await refusal(await unsigned.agent.post(PATH, { tournamentId: soon }), 403, 'You must sign the liability waiver before registering');
    const verified = await member(t, { verified: true });
    expect((await verified.agent.post(PATH, { tournamentId: soon })).status).toBe(200);
    // Outside the window anyone may register.
    expect((await player.agent.post(PATH, { tournamentId: id })).status).toBe(200);
  });

  it('refuses a second registration and a full tournament', async () => {
    const id = await addTournament(t, { buyIn: 0, maxPlayers: 3 });
    const player = await member(t);
    expect((await json<CheckoutResponse>(await player.agent.post(PATH, { tournamentId: id }))).registered).toBe(true);
    await refusal(await player.agent.post(PATH, { tournamentId: id }), 409, 'You are already registered for this tournament');

    await fillSpots(t, id, 2);
    const late = await member(t);
    await refusal(await late.agent.post(PATH, { tournamentId: id }), 409, 'This tournament is full - join the waitlist');

    // maxPlayers unset means 32 (000 s9).
    const open = await addTournament(t, { buyIn: 0, maxPlayers: null });
    await fillSpots(t, open, 31);
    expect((await late.agent.post(PATH, { tournamentId: open })).status).toBe(200);
    const another = await member(t);
    await refusal(await another.agent.post(PATH, { tournamentId: open }), 409, 'This tournament is full - join the waitlist');
  });
});

describe('paid registration holds', () => {
  it('holds the spot as pending_payment and prices it from the tournament, never from the request', async () => {
    const id = await addTournament(t, { buyIn: 40 });
    const player = await member(t);
    const body = await json<CheckoutResponse>(
      await player.agent.post(PATH, { tournamentId: id, amount: 1, price: 1, amountCents: 1 }),
    );
    expect(body.checkoutUrl).toBe(`http://localhost:3000/checkout/test?session_id=${body.sessionId}`);
    expect(body.sessionId).toMatch(/^test_cs_[a-z2-7]{32}$/);
    const [payment] = await paymentsOf(t, player.id);
    expect(payment).toMatchObject({ kind: 'registration', amountCents: 4000, currency: 'usd', status: 'pending', tournamentId: id });
    expect(payment!.expiresAt.getTime()).toBe(NOW.getTime() + 30 * MINUTE);
    const [hold] = await registrationsOf(t, id);
    expect(hold).toMatchObject({ userId: player.id, status: 'pending_payment', paymentId: payment!.id });
    const detail = await json<Tournament>(await t.request(`/api/tournaments/${id}`));
    expect(detail.registeredCount).toBe(1);
  });

  it('answers a double click with the same checkout and one payment, sequential or simultaneous', async () => {
    const id = await addTournament(t);
    const player = await member(t);
    const first = await json<CheckoutResponse>(await player.agent.post(PATH, { tournamentId: id }));
    const again = await json<CheckoutResponse>(await player.agent.post(PATH, { tournamentId: id }));
    expect(again.sessionId).toBe(first.sessionId);
    expect(again.checkoutUrl).toBe(first.checkoutUrl);

    const other = await member(t);
    const both = await Promise.all([1, 2, 3].map(() => other.agent.post(PATH, { tournamentId: id })));
    const bodies = await Promise.all(both.map((r) => json<CheckoutResponse>(r)));
    expect(new Set(bodies.map((b) => b.sessionId)).size).toBe(1);
    expect(await paymentsOf(t, player.id)).toHaveLength(1);
    expect(await paymentsOf(t, other.id)).toHaveLength(1);
  });

  it('never exceeds capacity: 20 simultaneous players for the last spot', async () => {
    const id = await addTournament(t, { maxPlayers: 6 });
    await fillSpots(t, id, 5);
    const players = await Promise.all(Array.from({ length: 20 }, () => member(t)));
    const responses = await Promise.all(players.map((p) => p.agent.post(PATH, { tournamentId: id })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of responses.filter((x) => x.status === 409)) expect(await r.json()).toEqual({ message: 'This tournament is full - join the waitlist' });
    const rows = await registrationsOf(t, id);
    expect(rows.filter((r) => r.status === 'registered' || r.status === 'pending_payment')).toHaveLength(6);
    expect(await paymentsOf(t)).toHaveLength(1);
  });

  it('frees an unpaid hold after 30 minutes: counts, lists and the checkout all forget it', async () => {
    const id = await addTournament(t, { maxPlayers: 1 });
    const first = await member(t);
    const second = await member(t);
    const checkout = await json<CheckoutResponse>(await first.agent.post(PATH, { tournamentId: id }));
    await refusal(await second.agent.post(PATH, { tournamentId: id }), 409, 'This tournament is full - join the waitlist');
    const mineBefore = await json<MyRegistration[]>(await first.agent.get('/api/tournament-registrations/my-registrations'));
    expect(mineBefore.map((r) => r.status)).toEqual(['pending_payment']);

    t.advance(29 * MINUTE);
    await refusal(await second.agent.post(PATH, { tournamentId: id }), 409, 'This tournament is full - join the waitlist');
    t.advance(MINUTE);
    expect((await json<Tournament>(await t.request(`/api/tournaments/${id}`))).registeredCount).toBe(0);
    expect(await json<TournamentRegistration[]>(await t.request(`/api/tournaments/${id}/registrations`))).toEqual([]);
    expect(await json<MyRegistration[]>(await first.agent.get('/api/tournament-registrations/my-registrations'))).toEqual([]);

    const taken = await json<CheckoutResponse>(await second.agent.post(PATH, { tournamentId: id }));
    expect(taken.sessionId).not.toBe(checkout.sessionId);
    // The first buyer's old checkout can no longer be paid.
    expect(await json(await first.agent.post(`/api/payments/test-checkout/${checkout.sessionId}/pay`), 410)).toEqual({
      message: 'This checkout session has expired',
    });
    await refusal(await first.agent.post(PATH, { tournamentId: id }), 409, 'This tournament is full - join the waitlist');
    const rows = await registrationsOf(t, id);
    expect(rows.find((r) => r.userId === first.id)?.status).toBe('cancelled');
    expect(rows.find((r) => r.userId === second.id)?.status).toBe('pending_payment');
  });

  it('lets a player take a new hold on their own lapsed one, and after cancelling', async () => {
    const id = await addTournament(t);
    const player = await member(t);
    const first = await json<CheckoutResponse>(await player.agent.post(PATH, { tournamentId: id }));
    t.advance(31 * MINUTE);
    const second = await json<CheckoutResponse>(await player.agent.post(PATH, { tournamentId: id }));
    expect(second.sessionId).not.toBe(first.sessionId);
    const cancel = await json<{ redirectUrl: string }>(await player.agent.post(`/api/payments/test-checkout/${second.sessionId}/cancel`));
    expect(cancel.redirectUrl).toBe(`http://localhost:3000/checkout/cancel?type=registration&id=${id}`);
    const [row] = await registrationsOf(t, id);
    expect(row!.status).toBe('cancelled');
    const third = await json<CheckoutResponse>(await player.agent.post(PATH, { tournamentId: id }));
    expect(third.sessionId).not.toBe(second.sessionId);
    expect(await paymentsOf(t, player.id)).toHaveLength(3);
  });

  it('pays through the test checkout: registered once, with one notification', async () => {
    const id = await addTournament(t, { title: 'Atlanta Summer Slam' });
    const player = await member(t);
    const { sessionId } = await json<CheckoutResponse>(await player.agent.post(PATH, { tournamentId: id }));
    const pays = await Promise.all([1, 2, 3].map(() => player.agent.post(`/api/payments/test-checkout/${sessionId}/pay`)));
    for (const res of pays) {
      expect(await json(res)).toEqual({
        redirectUrl: `http://localhost:3000/checkout/success?session_id=${sessionId}&type=registration&id=${id}`,
      });
    }
    const [row] = await registrationsOf(t, id);
    expect(row!.status).toBe('registered');
    const notes = await notificationsOf(t, player.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'registration_confirmed',
      title: 'Registration Confirmed',
      link: `/tournaments/${id}`,
      read: false,
    });
    const [payment] = await paymentsOf(t, player.id);
    expect(payment).toMatchObject({ status: 'paid', fulfilledBy: 'test-checkout' });
    await refusal(await player.agent.post(PATH, { tournamentId: id }), 409, 'You are already registered for this tournament');
  });
});

describe('zero buy-in', () => {
  it('registers at once without a checkout or a payment, and notifies', async () => {
    const id = await addTournament(t, { buyIn: 0, title: 'Free Friday' });
    const player = await member(t);
    expect(await json<CheckoutResponse>(await player.agent.post(PATH, { tournamentId: id }))).toEqual({
      checkoutUrl: null,
      sessionId: null,
      registered: true,
      message: "You're registered for Free Friday",
    });
    const [row] = await t.db
      .select()
      .from(tournamentRegistrations)
      .where(and(eq(tournamentRegistrations.tournamentId, id), eq(tournamentRegistrations.userId, player.id)));
    expect(row).toMatchObject({ status: 'registered', paymentId: null });
    expect(await paymentsOf(t)).toHaveLength(0);
    expect(await notificationsOf(t, player.id, ['registration_confirmed'])).toHaveLength(1);
    const [tournament] = await t.db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(tournament!.buyIn).toBe(0);
  });

  it('holds capacity for free entry too under concurrency', async () => {
    const id = await addTournament(t, { buyIn: 0, maxPlayers: 2 });
    await fillSpots(t, id, 1);
    const players = await Promise.all(Array.from({ length: 10 }, () => member(t)));
    const statuses = (await Promise.all(players.map((p) => p.agent.post(PATH, { tournamentId: id })))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    expect((await registrationsOf(t, id)).filter((r) => r.status === 'registered')).toHaveLength(2);
  });
});
