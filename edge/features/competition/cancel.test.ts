// Cancellation with refunds (D33, D20, D6) against a real migrated database, paid through the built-in test checkout:
// each paid buy-in and ticket refunded exactly once even when two cancellations race, who may cancel, the provider
// retried after a failure, and the cancelled tournament's page.
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { entrants, refunds } from '../../../db/schema/competition.ts';
import { payments } from '../../../db/schema/payments.ts';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { createTestApp, TEST_ORIGIN, type TestAgent, type TestApp } from '../../test/app.ts';
import type { PaymentProvider, RefundInput } from '../payments/provider.ts';
import type { CheckoutResponse } from '../payments/schema.ts';
import { addTournament, json, member, MINUTE, notificationsOf, paymentsOf, registrationsOf, type Member } from '../payments/test-helpers.ts';
import { createTestProvider } from '../payments/test-provider.ts';
import type { Tournament } from '../tournaments/schema.ts';
import { cancelTournament, MAX_REFUND_ATTEMPTS, retryPendingRefunds, TOURNAMENT_CANCELLED_KIND } from './cancel.ts';
import type { CancelTournamentResult } from './money-schema.ts';
import { leagueAdmin, tournamentWithEntrants } from './money-fixtures.ts';

/** The built-in test provider, recording every refund call; `failNext(n)` makes the next n calls throw. */
function recordingProvider() {
  const base = createTestProvider(TEST_ORIGIN);
  const calls: RefundInput[] = [];
  let failures = 0;
  const provider: PaymentProvider = {
    ...base,
    async refund(input) {
      calls.push(input);
      if (failures > 0) {
        failures -= 1;
        throw new Error('Provider unavailable');
      }
      return base.refund(input);
    },
  };
  return { provider, calls, failNext: (n: number) => (failures = n) };
}

let t: TestApp;
let recorder: ReturnType<typeof recordingProvider>;
let logged: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  recorder = recordingProvider();
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', deps: { payments: recorder.provider } });
  // A failed refund is logged for the operator; the tests read the log instead of printing it.
  logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  logged.mockRestore();
  await t.cleanup();
});

/** Pays through the test checkout as a buyer would: checkout, then Pay. */
async function pay(agent: TestAgent, path: string, body: object) {
  const { sessionId } = await json<CheckoutResponse>(await agent.post(path, body));
  expect((await agent.post(`/api/payments/test-checkout/${sessionId}/pay`)).status).toBe(200);
  return sessionId!;
}
const payBuyIn = (p: Member, tournamentId: number) => pay(p.agent, '/api/stripe/checkout/tournament-registration', { tournamentId });
const payTicket = (p: Member, tournamentId: number, tier = 'supporter') => pay(p.agent, '/api/stripe/checkout/ticket', { tournamentId, tier });

const refundsOf = (tournamentId: number) => t.db.select().from(refunds).where(eq(refunds.tournamentId, tournamentId)).orderBy(refunds.id);
const cancel = (agent: TestAgent, id: number, reason = 'Venue flooded') => agent.post(`/api/tournaments/${id}/cancel`, { reason });

describe('POST /api/tournaments/{id}/cancel', () => {
  it('refunds each paid buy-in and ticket exactly once, even when two cancellations are sent at once', async () => {
    const host = await member(t, { verified: true });
    const id = await addTournament(t, { title: 'River Cup', buyIn: 40, hostId: host.id });
    const players = [await member(t), await member(t), await member(t)];
    for (const p of players) await payBuyIn(p, id);
    const fans = [await member(t, { role: 'fan' }), await member(t, { role: 'fan' })];
    await payTicket(fans[0]!, id);
    await payTicket(fans[0]!, id, 'general');
    await payTicket(fans[1]!, id, 'media_pass');
    // Holding a spot without paying: told, nothing to refund.
    const holder = await member(t);
    await holder.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id });
    const admin = await leagueAdmin(t);
    const other = await leagueAdmin(t, 'other');

    const answers = await Promise.all([cancel(admin.agent, id), cancel(other.agent, id, 'Storm warning')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = answers.find((r) => r.status === 200)!;
    const lost = answers.find((r) => r.status === 409)!;
    expect(await json(lost, 409)).toEqual({ message: 'This tournament is already cancelled' });
    const result = await json<CancelTournamentResult>(won);
    expect(result).toEqual({
      tournamentId: id,
      status: 'cancelled',
      cancelledAt: t.now().toISOString(),
      cancellationReason: result.cancellationReason,
      notified: 6,
      refunds: { claimed: 6, succeeded: 6, pending: 0 },
    });

    const paid = (await paymentsOf(t)).filter((p) => p.status === 'paid');
    expect(paid).toHaveLength(6);
    const rows = await refundsOf(id);
    expect(rows.map((r) => r.paymentId).sort()).toEqual(paid.map((p) => p.id).sort());
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1 && r.providerRefundId?.startsWith('test_re_'))).toBe(true);
    expect(rows.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([1000, 2500, 4000, 4000, 4000, 5000]);
    // The provider: once per payment, with the payment's session and the refund row's idempotency key.
    expect(recorder.calls).toHaveLength(6);
    expect(new Set(recorder.calls.map((c) => c.sessionId))).toEqual(new Set(paid.map((p) => p.providerSessionId)));
    expect(recorder.calls.map((c) => c.idempotencyKey).sort()).toEqual(rows.map((r) => `refund-${r.id}`).sort());

    const [row] = await t.db.select().from(tournaments).where(eq(tournaments.id, id));
    expect(row).toMatchObject({ status: 'cancelled', cancellationReason: result.cancellationReason, cancelledAt: t.now() });
    expect((await registrationsOf(t, id)).every((r) => r.status === 'cancelled')).toBe(true);
    for (const who of [...players, ...fans, holder]) {
      const told = await notificationsOf(t, who.id, [TOURNAMENT_CANCELLED_KIND]);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ title: 'Tournament Cancelled', link: `/tournaments/${id}` });
      expect(told[0]!.body).toContain(`River Cup has been cancelled. Reason: ${result.cancellationReason}.`);
    }
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tournament.cancel'));
    expect(audit).toHaveLength(1);

    // Asking again, or the clock's sweep, refunds nothing more.
    expect((await cancel(admin.agent, id)).status).toBe(409);
    expect(await retryPendingRefunds(t.db, recorder.provider, t.now())).toEqual([]);
    expect(recorder.calls).toHaveLength(6);
  });

  it("keeps the cancelled tournament's page with the reason, and takes it out of the lists", async () => {
    const id = await addTournament(t, { title: 'Gone Cup' });
    const admin = await leagueAdmin(t);
    expect((await cancel(admin.agent, id, 'Not enough courts')).status).toBe(200);
    const page = await json<Tournament>(await t.request(`/api/tournaments/${id}`));
    expect(page).toMatchObject({ id, title: 'Gone Cup', status: 'cancelled', cancellationReason: 'Not enough courts' });
    expect(await json(await t.request(`/api/tournaments/${id}/registrations`))).toEqual([]);
    expect(await json(await t.request(`/api/tournaments/${id}/sponsors`))).toEqual([]);
    const list = await json<Tournament[]>(await t.request('/api/tournaments'));
    expect(list.some((x) => x.id === id)).toBe(false);
    expect(list.every((x) => x.cancellationReason === null)).toBe(true);
  });

  it('lets the host cancel only before the start; fans, other players and foreign admins get 403, guests 401', async () => {
    const host = await member(t, { verified: true });
    const upcoming = await addTournament(t, { hostId: host.id });
    const live = await addTournament(t, { hostId: host.id, status: 'live', startDate: new Date(t.now().getTime() - MINUTE) });
    // Still marked upcoming, but its start has passed (the clock has not run yet): started for the host.
    const due = await addTournament(t, { hostId: host.id, startDate: new Date(t.now().getTime() - MINUTE) });
    const refusal = { message: "Only a league admin or the tournament's host can cancel it" };

    const guest = await t.request(`/api/tournaments/${upcoming}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'x y z' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(await json(guest, 401)).toEqual({ message: 'Unauthorized' });
    for (const who of [await member(t, { role: 'fan' }), await member(t), await member(t, { role: 'admin', email: 'a@other-league.example' })]) {
      expect(await json(await cancel(who.agent, upcoming), 403)).toEqual(refusal);
    }
    for (const started of [live, due]) {
      expect(await json(await cancel(host.agent, started), 403)).toEqual({ message: 'The host can cancel a tournament only before it starts' });
    }
    expect(await json(await host.agent.post(`/api/tournaments/${upcoming}/cancel`, { reason: ' ' }), 400)).toMatchObject({
      message: 'A reason is required',
    });
    expect((await cancel(host.agent, upcoming)).status).toBe(200);
    // An admin may cancel a live tournament.
    const admin = await leagueAdmin(t);
    expect((await cancel(admin.agent, live)).status).toBe(200);

    const completed = await addTournament(t, { status: 'completed' });
    expect(await json(await cancel(admin.agent, completed), 409)).toEqual({ message: 'A completed tournament cannot be cancelled' });
    const pending = await addTournament(t, { status: 'pending' });
    expect(await json(await cancel(admin.agent, pending), 409)).toEqual({ message: 'Only an upcoming or live tournament can be cancelled' });
    expect(await json(await cancel(admin.agent, 987654), 404)).toEqual({ message: 'Tournament not found' });
    expect(await json(await cancel(admin.agent, 0), 404)).toEqual({ message: 'Tournament not found' });
    const statuses = await t.db.select({ id: tournaments.id, status: tournaments.status }).from(tournaments);
    expect(statuses.find((s) => s.id === due)?.status).toBe('upcoming');
  });
});

describe('cancelTournament by the clock, and the refunds it retries', () => {
  it('cancels with no actor (fewer than 2 entrants at the start), recorded as the system', async () => {
    const { id } = await tournamentWithEntrants(t, 1, { status: 'upcoming' });
    const result = await cancelTournament(t.db, recorder.provider, {
      tournamentId: id,
      reason: 'Fewer than 2 entrants at the start',
      actor: null,
      now: t.now(),
    });
    expect(result).toMatchObject({ status: 'cancelled', notified: 1, refunds: { claimed: 0 } });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tournament.cancel'));
    expect(entry).toMatchObject({ actorId: null, targetId: String(id) });
  });

  it('leaves a refund pending after a failed provider call and retries it when due, calling the provider once per attempt', async () => {
    const id = await addTournament(t, { buyIn: 40 });
    const player = await member(t);
    await payBuyIn(player, id);
    const admin = await leagueAdmin(t);
    recorder.failNext(1);
    expect((await json<CancelTournamentResult>(await cancel(admin.agent, id))).refunds).toEqual({ claimed: 1, succeeded: 0, pending: 1 });
    expect((await refundsOf(id))[0]).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Provider unavailable' });
    expect(logged).toHaveBeenCalledWith('[refunds] refund 1, attempt 1: Provider unavailable');

    // Not due yet (the first retry waits a minute); then two retries meeting on the row call the provider once.
    expect(await retryPendingRefunds(t.db, recorder.provider, t.now())).toEqual([]);
    t.advance(MINUTE);
    const outcomes = await Promise.all([retryPendingRefunds(t.db, recorder.provider, t.now()), retryPendingRefunds(t.db, recorder.provider, t.now())]);
    expect(outcomes.flat().filter((o) => o === 'succeeded')).toHaveLength(1);
    expect(recorder.calls).toHaveLength(2);
    expect(new Set(recorder.calls.map((c) => c.idempotencyKey)).size).toBe(1);
    expect((await refundsOf(id))[0]).toMatchObject({ status: 'succeeded', attempts: 2, lastError: null, completedAt: t.now() });
  });

  it('answers within its time budget and leaves the refunds it had no time for to the clock, due at once', async () => {
    const id = await addTournament(t, { buyIn: 40 });
    await payBuyIn(await member(t), id);
    await payTicket(await member(t, { role: 'fan' }), id);
    const result = await cancelTournament(t.db, recorder.provider, { tournamentId: id, reason: 'Rain', actor: null, now: t.now(), sendBudgetMs: 0 });
    expect(result.refunds).toEqual({ claimed: 2, succeeded: 0, pending: 2 });
    expect(recorder.calls).toHaveLength(0);
    expect((await refundsOf(id)).map((r) => [r.status, r.attempts])).toEqual([['pending', 0], ['pending', 0]]);
    expect(await retryPendingRefunds(t.db, recorder.provider, t.now())).toEqual(['succeeded', 'succeeded']);
    expect(recorder.calls).toHaveLength(2);
  });

  it(`marks a refund failed after ${MAX_REFUND_ATTEMPTS} failed attempts`, async () => {
    const id = await addTournament(t, { buyIn: 40 });
    await payBuyIn(await member(t), id);
    recorder.failNext(MAX_REFUND_ATTEMPTS);
    await cancelTournament(t.db, recorder.provider, { tournamentId: id, reason: 'Rain', actor: null, now: t.now() });
    for (let i = 1; i < MAX_REFUND_ATTEMPTS; i++) {
      t.advance(2 ** i * MINUTE);
      await retryPendingRefunds(t.db, recorder.provider, t.now());
    }
    expect(recorder.calls).toHaveLength(MAX_REFUND_ATTEMPTS);
    expect((await refundsOf(id))[0]).toMatchObject({ status: 'failed', attempts: MAX_REFUND_ATTEMPTS });
    t.advance(7 * 24 * 60 * MINUTE);
    expect(await retryPendingRefunds(t.db, recorder.provider, t.now())).toEqual([]);
  });

  it("does not refund a withdrawn entrant's buy-in (D20), and refunds a checkout paid after the cancellation", async () => {
    const id = await addTournament(t, { buyIn: 40, maxPlayers: 8 });
    const [kept, withdrawn, late] = [await member(t), await member(t), await member(t)];
    await payBuyIn(kept, id);
    await payBuyIn(withdrawn, id);
    await t.db.insert(entrants).values([
      { tournamentId: id, userId: kept.id, name: 'Kept', seed: 1, createdAt: t.now() },
      { tournamentId: id, userId: withdrawn.id, name: 'Withdrawn', seed: 2, createdAt: t.now(), withdrawnAt: t.now() },
    ]);
    const { sessionId } = await json<CheckoutResponse>(await late.agent.post('/api/stripe/checkout/tournament-registration', { tournamentId: id }));
    await t.db.update(tournaments).set({ status: 'live' }).where(eq(tournaments.id, id));

    const admin = await leagueAdmin(t);
    expect((await json<CancelTournamentResult>(await cancel(admin.agent, id))).refunds.claimed).toBe(1);
    const [keptPayment] = await t.db.select().from(payments).where(and(eq(payments.userId, kept.id), eq(payments.tournamentId, id)));
    expect((await refundsOf(id)).map((r) => r.paymentId)).toEqual([keptPayment!.id]);

    // The late buyer's checkout was still open at the provider and is paid now: the clock's sweep refunds it.
    expect((await late.agent.post(`/api/payments/test-checkout/${sessionId}/pay`)).status).toBe(200);
    expect(await retryPendingRefunds(t.db, recorder.provider, t.now())).toEqual(['succeeded']);
    expect(recorder.calls.map((c) => c.sessionId)).toEqual([keptPayment!.providerSessionId, sessionId]);
    expect(await retryPendingRefunds(t.db, recorder.provider, t.now())).toEqual([]);
  });

  it('does not let the test provider "refund" a payment Stripe took', async () => {
    const id = await addTournament(t, { buyIn: 40 });
    await payBuyIn(await member(t), id);
    await t.db.update(payments).set({ provider: 'stripe' }).where(eq(payments.tournamentId, id));
    await cancelTournament(t.db, recorder.provider, { tournamentId: id, reason: 'Rain', actor: null, now: t.now() });
    expect(recorder.calls).toHaveLength(0);
    expect((await refundsOf(id))[0]).toMatchObject({
      status: 'pending',
      lastError: 'The payment was made with the stripe provider; this server uses test',
    });
  });
});
