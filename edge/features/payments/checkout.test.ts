// The built-in test checkout (D3), tickets, sponsorship and donation against a real migrated database.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tickets } from '../../../db/schema/payments.ts';
import { sponsors as sponsorsTable } from '../../../db/schema/sponsors.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { Sponsor } from '../tournaments/schema.ts';
import type { CheckoutResponse, MyTicket, TestCheckoutSession, TicketCheck, VerifyPaymentResponse } from './schema.ts';
import { addTournament, countWhere, json, member, MINUTE, notificationsOf, paymentOfSession, paymentsOf } from './test-helpers.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
});
afterEach(() => t.cleanup());

const validApplication = {
  tier: 'gold',
  companyName: 'Peach State Motors',
  contactEmail: 'Sales@PeachMotors.example',
  contactPhone: '(404) 555-0199',
  website: 'https://peachmotors.example',
  description: 'Family-owned dealership supporting Atlanta sports since 1988.',
};

async function buyTicket(agent: ReturnType<TestApp['agent']>, tournamentId: number, tier = 'supporter', extra = {}) {
  const body = await json<CheckoutResponse>(await agent.post('/api/stripe/checkout/ticket', { tournamentId, tier, ...extra }));
  return body.sessionId!;
}

describe('the test checkout', () => {
  it('shows the session, pays once for its buyer only, and refuses strangers', async () => {
    const id = await addTournament(t, { title: 'Atlanta Summer Slam' });
    const fan = await member(t, { role: 'fan' });
    const sessionId = await buyTicket(fan.agent, id);
    const session = await json<TestCheckoutSession>(await t.request(`/api/payments/test-checkout/${sessionId}`));
    expect(session).toEqual({
      sessionId,
      kind: 'ticket',
      description: 'Supporter Pass - Atlanta Summer Slam',
      amount: 25,
      status: 'pending',
      expiresAt: new Date(NOW.getTime() + 30 * MINUTE).toISOString(),
      successUrl: `http://localhost:3000/checkout/success?session_id=${sessionId}&type=ticket&id=${id}`,
      cancelUrl: `http://localhost:3000/checkout/cancel?type=ticket&id=${id}`,
    } satisfies TestCheckoutSession);

    const stranger = await member(t, { role: 'fan' });
    const refused = { message: 'Only the buyer can complete or cancel this checkout' };
    expect(await json(await stranger.agent.post(`/api/payments/test-checkout/${sessionId}/pay`), 403)).toEqual(refused);
    expect(await json(await t.agent().post(`/api/payments/test-checkout/${sessionId}/pay`), 403)).toEqual(refused);
    expect(await json(await stranger.agent.post(`/api/payments/test-checkout/${sessionId}/cancel`), 403)).toEqual(refused);
    expect((await paymentOfSession(t, sessionId)).status).toBe('pending');

    const paid = await json<{ redirectUrl: string }>(await fan.agent.post(`/api/payments/test-checkout/${sessionId}/pay`));
    expect(paid.redirectUrl).toBe(session.successUrl);
    expect(await json(await fan.agent.post(`/api/payments/test-checkout/${sessionId}/pay`))).toEqual(paid);
    expect(await json(await fan.agent.post(`/api/payments/test-checkout/${sessionId}/cancel`), 409)).toEqual({
      message: 'This payment is already complete',
    });
    expect((await json<TestCheckoutSession>(await t.request(`/api/payments/test-checkout/${sessionId}`))).status).toBe('paid');
    expect(await countWhere(t, 'tickets', (await paymentOfSession(t, sessionId)).id)).toBe(1);
  });

  it('cancels idempotently, expires after 30 minutes, and answers 404 for unknown sessions', async () => {
    const id = await addTournament(t);
    const fan = await member(t, { role: 'fan' });
    const cancelled = await buyTicket(fan.agent, id, 'general');
    const first = await json<{ redirectUrl: string }>(await fan.agent.post(`/api/payments/test-checkout/${cancelled}/cancel`));
    expect(first.redirectUrl).toBe(`http://localhost:3000/checkout/cancel?type=ticket&id=${id}`);
    expect(await json(await fan.agent.post(`/api/payments/test-checkout/${cancelled}/cancel`))).toEqual(first);
    expect(await json(await fan.agent.post(`/api/payments/test-checkout/${cancelled}/pay`), 409)).toEqual({
      message: 'This checkout session was cancelled',
    });

    const lapsing = await buyTicket(fan.agent, id, 'general');
    t.advance(30 * MINUTE);
    expect((await json<TestCheckoutSession>(await t.request(`/api/payments/test-checkout/${lapsing}`))).status).toBe('expired');
    expect(await json(await fan.agent.post(`/api/payments/test-checkout/${lapsing}/pay`), 410)).toEqual({
      message: 'This checkout session has expired',
    });
    expect((await paymentOfSession(t, lapsing)).status).toBe('expired');
    expect(await t.db.select().from(tickets)).toHaveLength(0);

    for (const path of ['', '/pay', '/cancel']) {
      const res = path
        ? await fan.agent.post(`/api/payments/test-checkout/test_cs_unknown${path}`)
        : await t.request('/api/payments/test-checkout/test_cs_unknown');
      expect(await json(res, 404)).toEqual({ message: 'Checkout session not found' });
    }
  });

  it('lets a guest pay for a guest checkout (donation of $1)', async () => {
    const guest = t.agent();
    const body = await json<CheckoutResponse>(await guest.post('/api/stripe/checkout/donation', { amount: 500 }));
    const payment = await paymentOfSession(t, body.sessionId!);
    expect(payment).toMatchObject({ kind: 'donation', amountCents: 100, userId: null, tournamentId: null });
    const paid = await json<{ redirectUrl: string }>(await guest.post(`/api/payments/test-checkout/${body.sessionId}/pay`));
    expect(paid.redirectUrl).toBe(
      `http://localhost:3000/checkout/success?session_id=${body.sessionId}&type=donation&id=${payment.id}`,
    );
    const verified = await json<VerifyPaymentResponse>(await guest.post('/api/stripe/verify-payment', { sessionId: body.sessionId }));
    expect(verified).toEqual({
      success: true,
      message: 'Payment successful',
      metadata: { type: 'donation', tournamentId: null, tournamentTitle: null, tier: null, amount: 1, ticketCode: null },
    });
  });
});

describe('verify-payment', () => {
  it('answers unknown, pending, paid, cancelled and expired sessions', async () => {
    const id = await addTournament(t, { title: 'Cup' });
    const fan = await member(t, { role: 'fan' });
    expect(await json(await fan.agent.post('/api/stripe/verify-payment', { sessionId: 'nope' }), 404)).toEqual({
      message: 'Invalid payment session',
    });
    expect(await json(await fan.agent.post('/api/stripe/verify-payment', {}), 400)).toMatchObject({
      message: 'Invalid payment session',
    });
    const sessionId = await buyTicket(fan.agent, id, 'media_pass');
    const pending = await json<VerifyPaymentResponse>(await fan.agent.post('/api/stripe/verify-payment', { sessionId, type: 'ticket', id }));
    expect(pending).toMatchObject({ success: false, message: 'Payment not completed' });
    await fan.agent.post(`/api/payments/test-checkout/${sessionId}/pay`);
    const paid = await json<VerifyPaymentResponse>(await fan.agent.post('/api/stripe/verify-payment', { sessionId }));
    const [ticket] = await t.db.select().from(tickets);
    expect(paid).toEqual({
      success: true,
      message: 'Payment successful',
      metadata: { type: 'ticket', tournamentId: id, tournamentTitle: 'Cup', tier: 'media_pass', amount: 50, ticketCode: ticket!.code },
    });
    // The code is the ticket, and the purchase is the payer's business: nobody else gets either back.
    const other = await member(t, { role: 'fan' });
    const receivedOnly = { success: true, message: 'Payment successful', metadata: null } satisfies VerifyPaymentResponse;
    expect(await json(await other.agent.post('/api/stripe/verify-payment', { sessionId }))).toEqual(receivedOnly);
    expect(await json(await t.agent().post('/api/stripe/verify-payment', { sessionId }))).toEqual(receivedOnly);

    const cancelled = await buyTicket(fan.agent, id);
    await fan.agent.post(`/api/payments/test-checkout/${cancelled}/cancel`);
    expect(await json(await fan.agent.post('/api/stripe/verify-payment', { sessionId: cancelled }))).toMatchObject({
      success: false,
      message: 'This payment was cancelled',
    });
    const lapsed = await buyTicket(fan.agent, id);
    t.advance(31 * MINUTE);
    expect(await json(await fan.agent.post('/api/stripe/verify-payment', { sessionId: lapsed }))).toMatchObject({
      success: false,
      message: 'This checkout session has expired',
    });
  });
  it('tells only the payer what was bought, for how much and where; anyone else with the link learns it was paid', async () => {
    const id = await addTournament(t, { title: 'Private Cup' });
    const receivedOnly = { success: true, message: 'Payment successful', metadata: null } satisfies VerifyPaymentResponse;
    const pendingOnly = { success: false, message: 'Payment not completed', metadata: null } satisfies VerifyPaymentResponse;
    const verify = async (agent: ReturnType<TestApp['agent']>, sessionId: string) =>
      json<VerifyPaymentResponse>(await agent.post('/api/stripe/verify-payment', { sessionId, type: 'ticket', id }));

    // A member's purchase: their account, in any browser.
    const payer = await member(t, { role: 'player' });
    const stranger = await member(t, { role: 'fan' });
    const ticket = await buyTicket(payer.agent, id, 'general');
    expect(await verify(stranger.agent, ticket)).toEqual(pendingOnly);
    await payer.agent.post(`/api/payments/test-checkout/${ticket}/pay`);
    expect((await verify(payer.agent, ticket)).metadata).toMatchObject({ tournamentTitle: 'Private Cup', amount: 10 });
    expect(await verify(stranger.agent, ticket)).toEqual(receivedOnly);
    expect(await verify(t.agent(), ticket)).toEqual(receivedOnly);

    // A guest's sponsorship: the browser that opened the checkout, not another guest or member holding its link.
    const guest = t.agent();
    const sponsorship = await json<CheckoutResponse>(
      await guest.post('/api/stripe/checkout/sponsorship', { ...validApplication, tier: 'silver', tournamentId: id }),
    );
    await guest.post(`/api/payments/test-checkout/${sponsorship.sessionId}/pay`);
    expect((await verify(guest, sponsorship.sessionId!)).metadata).toEqual({
      type: 'sponsorship',
      tournamentId: id,
      tournamentTitle: 'Private Cup',
      tier: 'silver',
      amount: 250,
      ticketCode: null,
    });
    expect(await verify(t.agent(), sponsorship.sessionId!)).toEqual(receivedOnly);
    expect(await verify(stranger.agent, sponsorship.sessionId!)).toEqual(receivedOnly);
    // Nor does a member's own session make them the payer of someone else's guest checkout.
    expect(await verify(payer.agent, sponsorship.sessionId!)).toEqual(receivedOnly);
  });
});

describe('tickets', () => {
  it('sells the three tiers at the server price to any signed-in member, only while upcoming or live', async () => {
    const id = await addTournament(t);
    const live = await addTournament(t, { status: 'live', startDate: new Date(NOW.getTime() - MINUTE) });
    const done = await addTournament(t, { status: 'completed', startDate: new Date(NOW.getTime() - 40 * 24 * 60 * MINUTE) });
    expect(await json(await t.agent().post('/api/stripe/checkout/ticket', { tournamentId: id, tier: 'general' }), 401)).toEqual({
      message: 'Unauthorized',
    });
    const fan = await member(t, { role: 'fan' });
    for (const [tier, cents] of [['general', 1000], ['supporter', 2500], ['media_pass', 5000]] as const) {
      const sessionId = await buyTicket(fan.agent, id, tier, { amount: 1, price: 0.01, amountCents: 1 });
      expect((await paymentOfSession(t, sessionId)).amountCents).toBe(cents);
    }
    expect((await fan.agent.post('/api/stripe/checkout/ticket', { tournamentId: live, tier: 'general' })).status).toBe(200);
    expect(await json(await fan.agent.post('/api/stripe/checkout/ticket', { tournamentId: done, tier: 'general' }), 409)).toEqual({
      message: 'Tickets are not on sale for this tournament',
    });
    expect(await json(await fan.agent.post('/api/stripe/checkout/ticket', { tournamentId: 4242, tier: 'general' }), 404)).toEqual({
      message: 'Tournament not found',
    });
    expect(await json(await fan.agent.post('/api/stripe/checkout/ticket', { tournamentId: id, tier: 'vip' }), 400)).toMatchObject({
      message: 'Ticket tier must be general, supporter or media_pass',
    });
  });

  it('lists my tickets newest first, checks codes at the door and marks them used exactly once', async () => {
    const id = await addTournament(t, { title: 'Atlanta Summer Slam', location: 'Atlanta, GA' });
    const fan = await member(t, { role: 'fan' });
    const first = await buyTicket(fan.agent, id, 'general');
    await fan.agent.post(`/api/payments/test-checkout/${first}/pay`);
    t.advance(MINUTE);
    const second = await buyTicket(fan.agent, id, 'supporter');
    await fan.agent.post(`/api/payments/test-checkout/${second}/pay`);
    const unpaid = await buyTicket(fan.agent, id, 'media_pass');
    expect(unpaid).toBeTruthy();

    const mine = await json<MyTicket[]>(await fan.agent.get('/api/tickets/mine'));
    expect(mine.map((x) => x.tier)).toEqual(['supporter', 'general']);
    expect(mine[0]).toMatchObject({
      tierName: 'Supporter Pass',
      price: 25,
      usedAt: null,
      tournament: { id, title: 'Atlanta Summer Slam', location: 'Atlanta, GA', status: 'upcoming' },
    });
    expect(mine[0]!.code).toMatch(/^[a-z2-7]{32}$/);
    expect(mine[0]!.code).not.toBe(mine[1]!.code);
    expect(await json(await (await member(t, { role: 'fan' })).agent.get('/api/tickets/mine'))).toEqual([]);
    expect((await t.request('/api/tickets/mine')).status).toBe(401);
    expect(await notificationsOf(t, fan.id, ['ticket_purchased'])).toHaveLength(2);

    const code = mine[0]!.code;
    const check = await json<TicketCheck>(await t.request(`/api/tickets/${code}`));
    expect(check).toEqual({
      status: 'valid',
      ticket: {
        tier: 'supporter',
        tierName: 'Supporter Pass',
        // A guest holding the code learns the first name only (D26).
        holderName: 'Pat',
        tournamentId: id,
        tournamentTitle: 'Atlanta Summer Slam',
        usedAt: null,
      },
    });
    expect(await json(await t.request(`/api/tickets/${'a'.repeat(32)}`))).toEqual({ status: 'invalid', ticket: null });
    expect(await json(await t.request('/api/tickets/not-a-code'))).toEqual({ status: 'invalid', ticket: null });

    expect((await fan.agent.post(`/api/tickets/${code}/use`)).status).toBe(403);
    const foreignAdmin = await member(t, { role: 'admin', email: 'door@other-league.example' });
    expect((await foreignAdmin.agent.post(`/api/tickets/${code}/use`)).status).toBe(403);
    const admin = await member(t, { role: 'admin', email: 'door@wta.local' });
    const uses = await Promise.all([1, 2, 3, 4, 5].map(() => admin.agent.post(`/api/tickets/${code}/use`)));
    const statuses = uses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const ok = await json<TicketCheck>(uses.find((r) => r.status === 200)!);
    expect(ok).toMatchObject({ status: 'used', ticket: { usedAt: new Date(NOW.getTime() + MINUTE).toISOString() } });
    expect(await json(await admin.agent.post(`/api/tickets/${code}/use`), 409)).toEqual({ message: 'Ticket already used' });
    expect((await json<TicketCheck>(await t.request(`/api/tickets/${code}`))).status).toBe('used');
    expect(await json(await admin.agent.post(`/api/tickets/${'b'.repeat(32)}/use`), 404)).toEqual({ message: 'Ticket not found' });
    const [row] = await t.db.select().from(tickets).where(eq(tickets.code, code));
    expect(row!.usedBy).toBe(admin.id);
  });
});

describe('sponsorship', () => {
  it('checks the application, prices the tier on the server and creates the sponsor once paid', async () => {
    const id = await addTournament(t, { title: 'Atlanta Summer Slam' });
    const done = await addTournament(t, { status: 'completed', startDate: new Date(NOW.getTime() - 100 * MINUTE * 60) });
    const guest = t.agent();
    expect(await json(await guest.post('/api/stripe/checkout/sponsorship', { ...validApplication, description: 'short' }), 400)).toMatchObject({
      message: 'Please provide at least 20 characters about your company',
    });
    expect(await json(await guest.post('/api/stripe/checkout/sponsorship', { ...validApplication, tournamentId: done }), 409)).toEqual({
      message: 'Sponsorship is closed for this tournament',
    });
    expect(await json(await guest.post('/api/stripe/checkout/sponsorship', { ...validApplication, tournamentId: 777 }), 404)).toEqual({
      message: 'Tournament not found',
    });

    const body = await json<CheckoutResponse>(
      await guest.post('/api/stripe/checkout/sponsorship', { ...validApplication, tournamentId: id, amount: 5, price: 5 }),
    );
    const payment = await paymentOfSession(t, body.sessionId!);
    expect(payment).toMatchObject({ kind: 'sponsorship', amountCents: 50000, tier: 'gold', tournamentId: id, userId: null });
    expect(await json(await t.request(`/api/tournaments/${id}/sponsors`))).toEqual([]);

    await Promise.all([1, 2, 3].map(() => guest.post(`/api/payments/test-checkout/${body.sessionId}/pay`)));
    // D24: the paid listing waits for an admin's approval (the Content tab, sponsor-listings tests) before it shows.
    expect(await json(await t.request(`/api/tournaments/${id}/sponsors`))).toEqual([]);
    const [listing] = await t.db.select().from(sponsorsTable).where(eq(sponsorsTable.paymentId, payment.id));
    expect(listing).toMatchObject({ status: 'pending' });
    await t.db.update(sponsorsTable).set({ status: 'approved' }).where(eq(sponsorsTable.id, listing!.id));
    const sponsors = await json<Sponsor[]>(await t.request(`/api/tournaments/${id}/sponsors`));
    expect(sponsors).toEqual([
      {
        id: expect.any(Number) as unknown as number,
        tier: 'gold',
        companyName: 'Peach State Motors',
        website: 'https://peachmotors.example',
        description: 'Family-owned dealership supporting Atlanta sports since 1988.',
        logoUrl: null,
      },
    ]);
    expect(await countWhere(t, 'sponsors', payment.id)).toBe(1);
  });

  it('notifies a signed-in sponsor and accepts a league-wide sponsorship', async () => {
    const owner = await member(t, { role: 'owner' });
    const body = await json<CheckoutResponse>(
      await owner.agent.post('/api/stripe/checkout/sponsorship', { ...validApplication, tier: 'bronze', tournamentId: '' }),
    );
    const payment = await paymentOfSession(t, body.sessionId!);
    expect(payment).toMatchObject({ amountCents: 10000, tournamentId: null, userId: owner.id });
    await owner.agent.post(`/api/payments/test-checkout/${body.sessionId}/pay`);
    expect(await countWhere(t, 'sponsors', payment.id)).toBe(1);
    const notes = await notificationsOf(t, owner.id, ['sponsorship_confirmed']);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.body).toContain('Peach State Motors is now a Bronze sponsor of the WTA league');
    expect(await paymentsOf(t, owner.id)).toHaveLength(1);
  });
});
