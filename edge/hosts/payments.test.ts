// Money over HTTP on both hosts, with Stripe (the SDK reaching the local fake of its API at STRIPE_API_URL; no
// network): a signed webhook storm plus the return page fulfils a registration once (D3, issue 35), a ticket bought
// and checked at the door (D26), and the admin's Payments tab refunding one (D33).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentEvents } from '../../db/schema/payments.ts';
import type { CheckoutResponse, MyTicket, TicketCheck, VerifyPaymentResponse } from '../features/payments/schema.ts';
import type { AdminPayment } from '../features/admin-payments/schema.ts';
import type { DoorVerdict } from '../features/door/schema.ts';
import { addTournament, json, member, notificationsOf, paymentOfSession, registrationsOf, type Member } from '../features/payments/test-helpers.ts';
import { leagueAdmin } from '../test/admin-fixtures.ts';
import { eachHost } from './host.ts';
import { deliver, paidCheckout, sign } from './stripe.ts';

const STORM = 20;

eachHost((host) => {
  describe('edge/features/payments/routes.ts', () => {
    it(`fulfils a registration once: the same signed event ${STORM} times at once plus the return page`, async () => {
      const tournamentId = await addTournament(host);
      const player = await member(host);
      const { sessionId, payload } = await paidCheckout(player, '/api/stripe/checkout/tournament-registration', { tournamentId });
      expect((await registrationsOf(host, tournamentId)).map((r) => r.status)).toEqual(['pending_payment']);

      const signature = sign(payload);
      const answers = await Promise.all([
        ...Array.from({ length: STORM }, () => deliver(host, payload, signature)),
        player.agent.post('/api/stripe/verify-payment', { sessionId }),
      ]);
      expect(answers.map((r) => r.status)).toEqual(Array(STORM + 1).fill(200));
      expect(await answers[STORM]!.json()).toMatchObject({ success: true, message: 'Payment successful' } satisfies Partial<VerifyPaymentResponse>);

      expect((await registrationsOf(host, tournamentId)).map((r) => r.status)).toEqual(['registered']);
      expect(await notificationsOf(host, player.id, ['registration_confirmed'])).toHaveLength(1);
      const payment = await paymentOfSession(host, sessionId);
      expect(payment).toMatchObject({ status: 'paid', providerPaymentId: `pi_${sessionId}` });
      expect(await host.db.select().from(paymentEvents).where(eq(paymentEvents.id, `evt_${sessionId}`))).toHaveLength(1);

      // Stripe redelivers later: acknowledged, nothing new. A forged signature changes nothing.
      expect(await json(await deliver(host, payload, sign(payload)))).toEqual({ received: true });
      expect(await json(await deliver(host, payload, sign(payload, 'whsec_not_ours')), 400)).toEqual({ message: 'Invalid signature' });
      expect(await notificationsOf(host, player.id, ['registration_confirmed'])).toHaveLength(1);
    });

    it('opens a donation checkout at Stripe for a signed-in member', async () => {
      const { agent } = await member(host, { role: 'fan' });
      const opened = await json<CheckoutResponse>(await agent.post('/api/stripe/checkout/donation', {}));
      expect(opened.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    });
  });

  // One ticket, bought through Stripe: the holder's, the door's and the admin's view of it.
  let bought: Promise<{ tournamentId: number; code: string; sessionId: string; admin: Member }> | undefined;
  const ticket = () =>
    (bought ??= (async () => {
      const admin = await leagueAdmin(host);
      const tournamentId = await addTournament(host);
      const fan = await member(host, { role: 'fan' });
      const { sessionId, payload } = await paidCheckout(fan, '/api/stripe/checkout/ticket', { tournamentId, tier: 'supporter' });
      expect((await deliver(host, payload, sign(payload))).status).toBe(200);
      const mine = await json<MyTicket[]>(await fan.agent.get('/api/tickets/mine'));
      expect(mine).toEqual([expect.objectContaining({ tier: 'supporter', price: 25, usedAt: null, tournament: expect.objectContaining({ id: tournamentId }) })]);
      return { tournamentId, code: mine[0]!.code, sessionId, admin };
    })());

  describe('edge/features/tickets/routes.ts', () => {
    it('shows a bought ticket to its holder, checks its code, and uses it once', async () => {
      const { code, admin } = await ticket();
      const check = await json<TicketCheck>(await host.request(`/api/tickets/${code}`));
      expect(check).toMatchObject({ status: 'valid', ticket: { tier: 'supporter', holderName: 'Pat' } });
      const used = await json<TicketCheck>(await admin.agent.post(`/api/tickets/${code}/use`));
      expect(used).toMatchObject({ status: 'used', ticket: { usedAt: expect.any(String) } });
      expect(await json(await admin.agent.post(`/api/tickets/${code}/use`), 409)).toEqual({ message: 'Ticket already used' });
    });
  });

  describe('edge/features/door/routes.ts', () => {
    it("runs the door: the tournament, its ticket list, a check-in replayed by its key, and the admins' conflicts", async () => {
      const { tournamentId, admin } = await ticket();
      const fan = await member(host, { role: 'fan' });
      const { payload } = await paidCheckout(fan, '/api/stripe/checkout/ticket', { tournamentId, tier: 'general' });
      expect((await deliver(host, payload, sign(payload))).status).toBe(200);
      const [mine] = await json<MyTicket[]>(await fan.agent.get('/api/tickets/mine'));

      expect((await json<{ id: number }[]>(await admin.agent.get('/api/door/tournaments'))).map((t) => t.id)).toContain(tournamentId);
      expect((await json<unknown[]>(await admin.agent.get(`/api/door/tournaments/${tournamentId}/tickets`))).length).toBeGreaterThanOrEqual(2);
      const key = { headers: { 'Idempotency-Key': crypto.randomUUID() } };
      const first = await json<DoorVerdict>(await admin.agent.post(`/api/door/tournaments/${tournamentId}/check-ins`, { code: mine!.code }, key));
      expect(first).toMatchObject({ status: 'valid', ticket: { tier: 'general', firstName: 'Pat' }, conflict: false });
      const replay = await json<DoorVerdict>(await admin.agent.post(`/api/door/tournaments/${tournamentId}/check-ins`, { code: mine!.code }, key));
      expect(replay).toEqual(first);
      expect(await json(await admin.agent.get(`/api/door/conflicts?tournamentId=${tournamentId}`))).toEqual([]);
      expect((await fan.agent.get('/api/door/tournaments')).status).toBe(403);
    });
  });

  describe('edge/features/admin-payments/routes.ts', () => {
    it("lists a paid payment in the admin's Payments tab and refunds it through Stripe", async () => {
      const { tournamentId, sessionId, admin } = await ticket();
      const listed = await json<AdminPayment[]>(await admin.agent.get(`/api/admin/payments?tournamentId=${tournamentId}&kind=ticket`));
      const { id } = await paymentOfSession(host, sessionId);
      const paid = listed.find((p) => p.id === id)!;
      expect(paid).toMatchObject({ status: 'paid', provider: 'stripe', amountCents: 2500, refundable: true });
      const refunded = await json<AdminPayment>(await admin.agent.post(`/api/admin/payments/${paid.id}/refund`, { reason: 'Event moved' }));
      expect(refunded).toMatchObject({ id: paid.id, refund: expect.objectContaining({ status: 'succeeded' }), refundable: false });
    });
  });
});
