// The admin Payments tab's API (D24, D33, D21, D6) against a real migrated database: every payment with filters and
// keyset pages, a refund through the payments module exactly once, and the payout ledger's Mark paid / void once.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { payouts, refunds } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { payments, tickets } from '../../../db/schema/payments.ts';
import { tournamentRegistrations } from '../../../db/schema/tournaments.ts';
import { auditEntries, expectRefused, leagueAdmin, paidPayment, recordingProvider } from '../../test/admin-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { AdminPayout } from '../competition/money-schema.ts';
import type { MyTicket } from '../payments/schema.ts';
import { addTournament, DAY, json, member, type Member } from '../payments/test-helpers.ts';
import { NEXT_CURSOR_HEADER, type AdminPayment } from './schema.ts';
import { adminPaymentsStatement } from './service.ts';

let t: TestApp;
let admin: Member;
let recorder: ReturnType<typeof recordingProvider>;
beforeEach(async () => {
  recorder = recordingProvider();
  t = await createTestApp({ now: '2026-11-21T12:00:00Z', deps: { payments: recorder.provider } });
  admin = await leagueAdmin(t);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.cleanup();
});

const refundsOf = (paymentId: number) => t.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));

describe('GET /api/admin/payments', () => {
  it('lists every payment newest first with its member, tournament and refund, a page at a time', async () => {
    const buyer = await member(t, { email: 'jordan.buyer@example.test' });
    const tournamentId = await addTournament(t, { title: 'Hoop Kings' });
    const made: number[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        (await paidPayment(t, { userId: buyer.id, tournamentId, createdAt: new Date(t.now().getTime() - i * DAY) })).id,
      );
    }
    const first = await admin.agent.get('/api/admin/payments?limit=2');
    const page1 = await json<AdminPayment[]>(first);
    expect(page1.map((p) => p.id)).toEqual(made.slice(0, 2));
    expect(page1[0]).toMatchObject({
      kind: 'ticket',
      status: 'paid',
      amountCents: 2500,
      tournament: { id: tournamentId, title: 'Hoop Kings' },
      member: { id: buyer.id, email: 'jordan.buyer@example.test' },
      refund: null,
      refundable: true,
    });
    const cursor = first.headers.get(NEXT_CURSOR_HEADER)!;
    const second = await admin.agent.get(`/api/admin/payments?limit=2&cursor=${cursor}`);
    expect((await json<AdminPayment[]>(second)).map((p) => p.id)).toEqual(made.slice(2, 4));
    const third = await admin.agent.get(
      `/api/admin/payments?limit=2&cursor=${second.headers.get(NEXT_CURSOR_HEADER)!}`,
    );
    expect((await json<AdminPayment[]>(third)).map((p) => p.id)).toEqual(made.slice(4));
    expect(third.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
  });

  it('filters by status, kind, tournament, date range and member e-mail prefix', async () => {
    const jordan = await member(t, { email: 'jordan@example.test' });
    const sam = await member(t, { email: 'sam@example.test' });
    const a = await addTournament(t);
    const b = await addTournament(t);
    const ticket = await paidPayment(t, {
      userId: jordan.id,
      tournamentId: a,
      createdAt: new Date('2026-11-01T10:00:00Z'),
    });
    const buyIn = await paidPayment(t, {
      kind: 'registration',
      userId: sam.id,
      tournamentId: b,
      createdAt: new Date('2026-11-10T10:00:00Z'),
    });
    const pending = await paidPayment(t, {
      status: 'pending',
      userId: sam.id,
      tournamentId: a,
      createdAt: new Date('2026-11-20T10:00:00Z'),
    });
    await json(await admin.agent.post(`/api/admin/payments/${ticket.id}/refund`, { reason: 'Duplicate purchase' }));
    const ids = async (query: string) =>
      (await json<AdminPayment[]>(await admin.agent.get(`/api/admin/payments?${query}`))).map((p) => p.id);

    expect(await ids('status=refunded')).toEqual([ticket.id]);
    expect(await ids('status=paid')).toEqual([buyIn.id]);
    expect(await ids('status=pending')).toEqual([pending.id]);
    expect(await ids('kind=registration')).toEqual([buyIn.id]);
    expect(await ids(`tournamentId=${a}`)).toEqual([pending.id, ticket.id]);
    expect(await ids('from=2026-11-05&to=2026-11-10')).toEqual([buyIn.id]);
    expect(await ids('email=JOR')).toEqual([ticket.id]);
    expect(await ids('email=sam@&kind=ticket')).toEqual([pending.id]);
    expect(await ids('status=&kind=&email=')).toEqual([pending.id, buyIn.id, ticket.id]);

    expect(await json(await admin.agent.get('/api/admin/payments?status=lost'), 400)).toMatchObject({
      message: 'Status must be one of pending, paid, cancelled, expired, refunded',
    });
    expect(await json(await admin.agent.get('/api/admin/payments?from=2026-11-10&to=2026-11-01'), 400)).toMatchObject({
      message: 'The start date must not be after the end date',
    });
    expect(await json(await admin.agent.get('/api/admin/payments?from=11/10/2026'), 400)).toMatchObject({
      message: 'Dates must be YYYY-MM-DD',
    });
    expect(await json(await admin.agent.get('/api/admin/payments?cursor=nonsense!'), 400)).toMatchObject({
      message: 'Cursor must be the X-Next-Cursor of an earlier page, unchanged',
    });
  });

  it('reads the list backwards along payments_created_idx, without sorting, whatever the filters', async () => {
    const plan = async (q: Parameters<typeof adminPaymentsStatement>[1]) => {
      const { sql: text, params } = adminPaymentsStatement(t.db, q).toSQL();
      const { rows } = await t.client.execute({ sql: `explain query plan ${text}`, args: params as never });
      return rows.map((r) => String(r.detail)).join('\n');
    };
    for (const q of [
      { limit: 25 },
      { limit: 25, cursor: { at: 1, id: 5 } },
      { limit: 25, from: '2026-11-01', to: '2026-11-10' },
      { limit: 25, status: 'paid' as const, kind: 'ticket' as const },
    ]) {
      const details = await plan(q);
      expect(details, JSON.stringify(q)).toMatch(/(SCAN|SEARCH) payments USING INDEX payments_created_idx/);
      expect(details, JSON.stringify(q)).not.toContain('TEMP B-TREE');
    }
    // An e-mail prefix finds its few members on the e-mail index, then only their payments on payments_user_idx
    // (sorting those few, not the table).
    const byEmail = await plan({ limit: 25, email: 'jor' });
    expect(byEmail).toContain('SEARCH users USING INDEX users_email_unique (email>? AND email<?)');
    expect(byEmail).toContain('SEARCH payments USING INDEX payments_user_idx (user_id=?)');
  });

  it('refuses guests (401), players and the foreign-domain admin (403)', async () => {
    const payment = await paidPayment(t);
    await expectRefused(t, (agent) => agent.get('/api/admin/payments'));
    await expectRefused(t, (agent) => agent.post(`/api/admin/payments/${payment.id}/refund`, { reason: 'x' }));
    expect(await refundsOf(payment.id)).toEqual([]);
    expect(recorder.calls).toEqual([]);
    expect(await auditEntries(t)).toEqual([]);
  });
});

describe('POST /api/admin/payments/{id}/refund', () => {
  it('refunds a paid payment once through the provider, with the idempotency key, and audits it', async () => {
    const buyer = await member(t);
    const payment = await paidPayment(t, { userId: buyer.id, amountCents: 4000 });
    const refunded = await json<AdminPayment>(
      await admin.agent.post(`/api/admin/payments/${payment.id}/refund`, { reason: ' Double charge ' }),
    );
    const [claim] = await refundsOf(payment.id);
    expect(refunded).toMatchObject({
      id: payment.id,
      status: 'paid',
      refundable: false,
      refund: { id: claim!.id, status: 'succeeded', amountCents: 4000 },
    });
    expect(recorder.calls).toEqual([
      {
        paymentId: null,
        sessionId: payment.providerSessionId,
        amountCents: 4000,
        idempotencyKey: `refund-${claim!.id}`,
      },
    ]);

    // The same request again answers the same payment and changes nothing.
    const again = await json<AdminPayment>(
      await admin.agent.post(`/api/admin/payments/${payment.id}/refund`, { reason: 'Double charge' }),
    );
    expect(again).toEqual(refunded);
    expect(recorder.calls).toHaveLength(1);
    const entries = await auditEntries(t, 'payment.refund');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, targetType: 'payment', targetId: String(payment.id) });
    expect(entries[0]!.before).toEqual({ status: 'paid', amountCents: 4000, refund: null });
    expect(entries[0]!.after).toEqual({
      status: 'paid',
      refund: { id: claim!.id, amountCents: 4000, reason: 'Double charge', status: 'pending' },
      effect: 'ticket-void',
    });
  });

  it('takes back what the money bought: an upcoming entry (the spot opens) and a ticket; a started entry stands', async () => {
    const buyer = await member(t);
    const upcoming = await addTournament(t, { title: 'Refund Open' });
    const started = await addTournament(t, { title: 'Live Cup', status: 'live' });
    const buyIn = await paidPayment(t, {
      kind: 'registration',
      userId: buyer.id,
      tournamentId: upcoming,
      amountCents: 4000,
    });
    const liveBuyIn = await paidPayment(t, {
      kind: 'registration',
      userId: buyer.id,
      tournamentId: started,
      amountCents: 4000,
    });
    const ticketPayment = await paidPayment(t, { kind: 'ticket', userId: buyer.id, tournamentId: upcoming });
    const at = t.now();
    await t.db.insert(tournamentRegistrations).values([
      { tournamentId: upcoming, userId: buyer.id, status: 'registered', paymentId: buyIn.id, createdAt: at },
      { tournamentId: started, userId: buyer.id, status: 'registered', paymentId: liveBuyIn.id, createdAt: at },
    ]);
    const code = 'a'.repeat(32);
    await t.db.insert(tickets).values({
      code,
      paymentId: ticketPayment.id,
      tournamentId: upcoming,
      userId: buyer.id,
      tier: 'supporter',
      createdAt: at,
    });
    expect(await json<{ status: string }>(await t.request(`/api/tickets/${code}`))).toMatchObject({ status: 'valid' });

    for (const p of [buyIn, liveBuyIn, ticketPayment]) {
      await json(await admin.agent.post(`/api/admin/payments/${p.id}/refund`, { reason: 'Goodwill' }));
    }
    const status = async (tournamentId: number) =>
      (
        await t.db.select().from(tournamentRegistrations).where(eq(tournamentRegistrations.tournamentId, tournamentId))
      )[0]!.status;
    expect(await status(upcoming)).toBe('cancelled');
    expect(await status(started)).toBe('registered');
    expect((await auditEntries(t, 'payment.refund')).map((e) => (e.after as { effect: string }).effect)).toEqual([
      'entry-withdrawn',
      'entry-kept',
      'ticket-void',
    ]);
    // The ticket admits nobody any more, and its holder sees why.
    expect(await json<{ status: string }>(await t.request(`/api/tickets/${code}`))).toEqual({
      status: 'invalid',
      ticket: null,
    });
    const [mine] = await json<MyTicket[]>(await buyer.agent.get('/api/tickets/mine'));
    expect(mine).toMatchObject({ code, refunded: true });
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(notices.map((n) => [n.kind, n.body])).toEqual([
      [
        'payment_refunded',
        'A league admin refunded $40.00 to the card that paid. Reason: Goodwill. Your entry has been withdrawn and the spot released.',
      ],
      [
        'payment_refunded',
        'A league admin refunded $40.00 to the card that paid. Reason: Goodwill. Your entry and results stand.',
      ],
      [
        'payment_refunded',
        'A league admin refunded $25.00 to the card that paid. Reason: Goodwill. The ticket is no longer valid at the door.',
      ],
    ]);
  });

  it('refunds exactly once when several admins press Refund at the same moment', async () => {
    const other = await leagueAdmin(t, 'other');
    const payment = await paidPayment(t, { amountCents: 10000, kind: 'sponsorship' });
    const answers = await Promise.all(
      [admin, other, admin, other, admin].map((a) =>
        a.agent.post(`/api/admin/payments/${payment.id}/refund`, { reason: 'Sponsor withdrew' }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    for (const res of answers) expect(((await res.json()) as AdminPayment).refund).not.toBeNull();
    expect(await refundsOf(payment.id)).toHaveLength(1);
    expect(recorder.calls).toHaveLength(1);
    expect(await auditEntries(t, 'payment.refund')).toHaveLength(1);
  });

  it('keeps a refund the provider refused pending for the clock, which sends it once more with the same key', async () => {
    const payment = await paidPayment(t);
    recorder.failNext(1);
    const answer = await json<AdminPayment>(
      await admin.agent.post(`/api/admin/payments/${payment.id}/refund`, { reason: 'Refund' }),
    );
    expect(answer.refund).toMatchObject({ status: 'pending', lastError: 'Provider unavailable' });
    await t.clock(new Date(t.now().getTime() + 5 * 60 * 1000));
    const [claim] = await refundsOf(payment.id);
    expect(claim).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(recorder.calls.map((c) => c.idempotencyKey)).toEqual([`refund-${claim!.id}`, `refund-${claim!.id}`]);
  });

  it('answers 404 unknown, 409 unpaid or free, 400 without a reason, and changes nothing', async () => {
    const pending = await paidPayment(t, { status: 'pending' });
    const free = await paidPayment(t, { amountCents: 0 });
    expect(await json(await admin.agent.post('/api/admin/payments/999999/refund', { reason: 'x' }), 404)).toEqual({
      message: 'Payment not found',
    });
    expect(await json(await admin.agent.post('/api/admin/payments/abc/refund', { reason: 'x' }), 404)).toEqual({
      message: 'Payment not found',
    });
    expect(
      await json(await admin.agent.post(`/api/admin/payments/${pending.id}/refund`, { reason: 'x' }), 409),
    ).toEqual({
      message: 'Only a paid payment can be refunded; this one is pending',
    });
    expect(await json(await admin.agent.post(`/api/admin/payments/${free.id}/refund`, { reason: 'x' }), 409)).toEqual({
      message: 'This payment has no money to refund',
    });
    expect(
      await json(await admin.agent.post(`/api/admin/payments/${free.id}/refund`, { reason: '  ' }), 400),
    ).toMatchObject({
      message: 'A reason is required (at most 500 characters)',
    });
    expect(await t.db.select().from(refunds)).toEqual([]);
    expect(await auditEntries(t)).toEqual([]);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, pending.id));
    expect(row!.status).toBe('pending');
  });
});

describe('the payout ledger (D21): Mark paid and void', () => {
  async function owedPayout() {
    const winner = await member(t);
    const tournamentId = await addTournament(t, { status: 'completed', prizePool: 1000 });
    const [row] = await t.db
      .insert(payouts)
      .values({ tournamentId, place: 1, userId: winner.id, amountDollars: 500, status: 'owed', createdAt: t.now() })
      .returning();
    return row!;
  }

  it('marks a payout paid once: the same request repeated, or sent at once, answers the same and audits once', async () => {
    const payout = await owedPayout();
    const body = { status: 'paid', paidAt: '2026-11-20', reference: 'Wire 4471' };
    const answers = await Promise.all([1, 2, 3].map(() => admin.agent.patch(`/api/admin/payouts/${payout.id}`, body)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<AdminPayout>));
    for (const b of bodies)
      expect(b).toMatchObject({ id: payout.id, status: 'paid', paidAt: '2026-11-20', reference: 'Wire 4471' });
    const entries = await auditEntries(t, 'payout.paid');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.before).toMatchObject({ payoutId: payout.id, status: 'owed', amountDollars: 500 });
    expect(entries[0]!.after).toEqual({
      payoutId: payout.id,
      status: 'paid',
      paidAt: '2026-11-20',
      reference: 'Wire 4471',
    });
    // Another decision afterwards is a conflict and changes nothing.
    expect((await admin.agent.patch(`/api/admin/payouts/${payout.id}`, { status: 'void' })).status).toBe(409);
    expect((await admin.agent.patch(`/api/admin/payouts/${payout.id}`, { ...body, reference: 'Other' })).status).toBe(
      409,
    );
    expect(await auditEntries(t)).toHaveLength(1);
  });

  it('voids a payout once, and refuses outsiders without changing it', async () => {
    const payout = await owedPayout();
    await expectRefused(t, (agent) => agent.patch(`/api/admin/payouts/${payout.id}`, { status: 'void' }));
    expect((await t.db.select().from(payouts).where(eq(payouts.id, payout.id)))[0]!.status).toBe('owed');
    expect(
      await json<AdminPayout>(await admin.agent.patch(`/api/admin/payouts/${payout.id}`, { status: 'void' })),
    ).toMatchObject({ status: 'void' });
    expect(
      await json<AdminPayout>(await admin.agent.patch(`/api/admin/payouts/${payout.id}`, { status: 'void' })),
    ).toMatchObject({ status: 'void' });
    expect(await auditEntries(t, 'payout.void')).toHaveLength(1);
  });
});
