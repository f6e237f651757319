// The payout ledger's API (D21, D20, D6): the player's winnings, the admins' per-tournament view (money in, refunds,
// payouts and adjustments) and the owed -> paid | void decision, against a real migrated database.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit.ts';
import { payouts, refunds } from '../../../db/schema/competition.ts';
import { payments } from '../../../db/schema/payments.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTournament, DAY, json, member, type Member } from '../payments/test-helpers.ts';
import type { AdminPayout, TournamentPayouts } from './money-schema.ts';
import { leagueAdmin } from './money-fixtures.ts';
import type { Winning } from './schema.ts';
import { applySettlement } from './settlement.ts';
import type { SettlementOutcome } from './settlement-rules.ts';

let t: TestApp;
let admin: Member;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
  admin = await leagueAdmin(t);
});
afterEach(() => t.cleanup());

const settle = (tournamentId: number, places: string[], prizePool = 1000) => {
  const outcome: SettlementOutcome = {
    tournamentId,
    prizePool,
    teamSize: 1,
    places,
    placeMembers: places.map((u) => [u]),
    entrantMembers: places,
    matchWins: {},
    mvpUserId: null,
  };
  return t.db.transaction((tx) => applySettlement(tx, outcome, t.now()), { behavior: 'immediate' });
};

const payoutRows = (tournamentId: number) => t.db.select().from(payouts).where(eq(payouts.tournamentId, tournamentId)).orderBy(payouts.id);

async function paidPayment(tournamentId: number, userId: string, kind: 'registration' | 'ticket', amountCents: number) {
  const [row] = await t.db
    .insert(payments)
    .values({
      kind,
      amountCents,
      status: 'paid',
      provider: 'test',
      providerSessionId: `test_cs_${randomUUID()}`,
      checkoutUrl: 'http://localhost:3000/checkout/test',
      userId,
      tournamentId,
      createdAt: t.now(),
      expiresAt: new Date(t.now().getTime() + DAY),
      paidAt: t.now(),
    })
    .returning({ id: payments.id });
  return row!.id;
}

describe('GET /api/player/winnings', () => {
  it("lists the member's own payouts with the tournament's title, newest first, without the ones a correction replaced", async () => {
    const [a, b] = [await member(t), await member(t)];
    const older = await addTournament(t, { status: 'completed', title: 'Spring Cup' });
    await settle(older, [a.id, b.id]);
    t.advance(DAY);
    const newer = await addTournament(t, { status: 'completed', title: 'Summer Slam' });
    await settle(newer, [b.id, a.id], 2000);
    // A correction swaps Summer Slam's top two: a's old owed payout is replaced (settlement void: not listed).
    t.advance(DAY);
    await settle(newer, [a.id, b.id], 2000);
    // An admin voids Spring Cup's first prize: shown, as void.
    const [springFirst] = await payoutRows(older);
    expect((await admin.agent.patch(`/api/admin/payouts/${springFirst!.id}`, { status: 'void' })).status).toBe(200);

    const list = await json<Winning[]>(await a.agent.get('/api/player/winnings'));
    const newest = (await payoutRows(newer)).at(-2)!;
    expect(list).toEqual([
      { id: newest.id, tournamentId: newer, tournamentTitle: 'Summer Slam', place: 1, kind: 'payout', amountDollars: 1000, status: 'owed', paidAt: null },
      { id: springFirst!.id, tournamentId: older, tournamentTitle: 'Spring Cup', place: 1, kind: 'payout', amountDollars: 500, status: 'void', paidAt: null },
    ]);
    expect(await json(await t.request('/api/player/winnings'), 401)).toEqual({ message: 'Unauthorized' });
    const nobody = await member(t, { role: 'fan' });
    expect(await json(await nobody.agent.get('/api/player/winnings'))).toEqual([]);
  });
});

describe('PATCH /api/admin/payouts/{id}', () => {
  it('records an owed payout paid with its date and reference, in the audit log, once', async () => {
    const winner = await member(t);
    const id = await addTournament(t, { status: 'completed' });
    await settle(id, [winner.id]);
    const [row] = await payoutRows(id);

    const paid = await json<AdminPayout>(
      await admin.agent.patch(`/api/admin/payouts/${row!.id}`, { status: 'paid', paidAt: '2026-11-20', reference: ' Wire 4471 ' }),
    );
    expect(paid).toMatchObject({ id: row!.id, status: 'paid', paidAt: '2026-11-20', reference: 'Wire 4471', decidedBy: admin.id, flagged: false });
    expect(paid.payee).toMatchObject({ id: winner.id, email: winner.email });
    expect(await json<Winning[]>(await winner.agent.get('/api/player/winnings'))).toMatchObject([{ status: 'paid', paidAt: '2026-11-20' }]);

    expect(await json(await admin.agent.patch(`/api/admin/payouts/${row!.id}`, { status: 'void' }), 409)).toEqual({
      message: 'Only an owed payout can be marked paid or void; this one is paid',
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payout.paid'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, targetType: 'tournament', targetId: String(id) });
    expect(JSON.parse(entries[0]!.after!)).toEqual({ payoutId: row!.id, status: 'paid', paidAt: '2026-11-20', reference: 'Wire 4471' });
  });

  it('lets exactly one of two admins deciding at once win', async () => {
    const winner = await member(t);
    const id = await addTournament(t, { status: 'completed' });
    await settle(id, [winner.id]);
    const [row] = await payoutRows(id);
    const other = await leagueAdmin(t, 'other');
    const answers = await Promise.all([
      admin.agent.patch(`/api/admin/payouts/${row!.id}`, { status: 'paid', paidAt: '2026-11-21', reference: 'A' }),
      other.agent.patch(`/api/admin/payouts/${row!.id}`, { status: 'void' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const decided = await t.db.select().from(auditLog).where(eq(auditLog.targetId, String(id)));
    expect(decided).toHaveLength(1);
  });

  it('validates: 404 unknown, 400 bad body or future date, 401 guest, 403 non-admins', async () => {
    const winner = await member(t);
    const id = await addTournament(t, { status: 'completed' });
    await settle(id, [winner.id]);
    const [row] = await payoutRows(id);
    const path = `/api/admin/payouts/${row!.id}`;
    expect(await json(await admin.agent.patch('/api/admin/payouts/999999', { status: 'void' }), 404)).toEqual({ message: 'Payout not found' });
    expect(await json(await admin.agent.patch('/api/admin/payouts/abc', { status: 'void' }), 404)).toEqual({ message: 'Payout not found' });
    expect(await json(await admin.agent.patch(path, { status: 'paid', paidAt: '21/11/2026', reference: 'x' }), 400)).toMatchObject({
      message: 'Paid date must be YYYY-MM-DD',
    });
    expect(await json(await admin.agent.patch(path, { status: 'paid', paidAt: '2026-11-21', reference: '  ' }), 400)).toMatchObject({
      message: 'A reference is required',
    });
    expect(await json(await admin.agent.patch(path, { status: 'paid', paidAt: '2026-11-22', reference: 'x' }), 400)).toEqual({
      message: 'Paid date cannot be in the future',
    });
    expect(await json(await admin.agent.patch(path, { status: 'owed' }), 400)).toHaveProperty('message');
    expect((await t.request(path, { method: 'PATCH', body: '{"status":"void"}', headers: { 'content-type': 'application/json' } })).status).toBe(401);
    expect((await winner.agent.patch(path, { status: 'void' })).status).toBe(403);
    const foreign = await member(t, { role: 'admin', email: 'a@other-league.example' });
    expect((await foreign.agent.patch(path, { status: 'void' })).status).toBe(403);
    expect((await payoutRows(id))[0]!.status).toBe('owed');
  });
});

describe('GET /api/admin/payouts', () => {
  it('shows per tournament the buy-ins and tickets received, refunds, payouts and flagged adjustments', async () => {
    const [a, b, fan] = [await member(t), await member(t), await member(t, { role: 'fan' })];
    const id = await addTournament(t, { status: 'completed', title: 'Bay Classic', prizePool: 1000 });
    await paidPayment(id, a.id, 'registration', 4000);
    await paidPayment(id, b.id, 'registration', 4000);
    const ticket = await paidPayment(id, fan.id, 'ticket', 2500);
    await t.db.insert(refunds).values({ paymentId: ticket, tournamentId: id, amountCents: 2500, status: 'succeeded', reason: 'test', createdAt: t.now() });
    await settle(id, [a.id, b.id]);
    const [first] = await payoutRows(id);
    await admin.agent.patch(`/api/admin/payouts/${first!.id}`, { status: 'paid', paidAt: '2026-11-21', reference: 'W1' });
    await settle(id, [b.id, a.id]);
    // A tournament without money is left out of the full list.
    await addTournament(t, { status: 'completed', title: 'Quiet Cup' });

    const [view] = await json<TournamentPayouts[]>(await admin.agent.get(`/api/admin/payouts?tournamentId=${id}`));
    expect(view).toMatchObject({
      tournamentId: id,
      title: 'Bay Classic',
      status: 'completed',
      prizePool: 1000,
      buyInsReceivedCents: 8000,
      ticketsReceivedCents: 2500,
      refundedCents: 2500,
      refundsPendingCents: 0,
      refundsFailedCents: 0,
      flaggedAdjustments: 2,
    });
    expect(view!.payouts.map((p) => [p.place, p.kind, p.payee.id, p.amountDollars, p.status, p.flagged])).toEqual([
      [1, 'payout', a.id, 500, 'paid', false],
      [1, 'adjustment', a.id, -500, 'owed', true],
      [1, 'adjustment', b.id, 500, 'owed', true],
      [2, 'payout', b.id, 300, 'void', false],
      [2, 'payout', a.id, 300, 'owed', false],
    ]);

    const all = await json<TournamentPayouts[]>(await admin.agent.get('/api/admin/payouts'));
    expect(all.map((v) => v.title)).toEqual(['Bay Classic']);
    expect(await json(await admin.agent.get('/api/admin/payouts?tournamentId=4242'), 404)).toEqual({ message: 'Tournament not found' });
    expect(await json(await admin.agent.get('/api/admin/payouts?tournamentId=x'), 400)).toMatchObject({
      message: 'tournamentId must be a tournament id',
    });
    expect((await t.request('/api/admin/payouts')).status).toBe(401);
    expect((await a.agent.get('/api/admin/payouts')).status).toBe(403);
  });
});
