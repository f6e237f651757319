// applySettlement against a real migrated database (D14, D20, D21, D38): only the difference is written, twice is
// once, paid payouts become adjustments, and (property) any sequence of outcomes leaves the ledgers equal to the last.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payouts, pointsLedger } from '../../../db/schema/competition.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { users } from '../../../db/schema/users.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTournament, member } from '../payments/test-helpers.ts';
import { leagueAdmin } from './money-fixtures.ts';
import { applySettlement, PAYOUT_ADJUSTMENT_KIND, type SettlementOptions } from './settlement.ts';
import { desiredPayouts, desiredPoints, type SettlementOutcome } from './settlement-rules.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
});
afterAll(() => t.cleanup());

const settle = (outcome: SettlementOutcome, options?: SettlementOptions) =>
  t.db.transaction((tx) => applySettlement(tx, outcome, t.now(), options), { behavior: 'immediate' });

async function newUsers(n: number, wtaPoints = 0) {
  const ids = Array.from({ length: n }, () => randomUUID());
  await t.db.insert(users).values(ids.map((id) => ({ id, email: `${id}@example.test`, firstName: 'P', lastName: id.slice(0, 4), wtaPoints })));
  return ids;
}

function solo(tournamentId: number, places: string[], fields: Partial<SettlementOutcome> = {}): SettlementOutcome {
  return {
    tournamentId,
    prizePool: 1000,
    teamSize: 1,
    places,
    placeMembers: places.map((u) => [u]),
    entrantMembers: places,
    matchWins: {},
    mvpUserId: null,
    ...fields,
  };
}

const ledgerOf = (tournamentId: number) => t.db.select().from(pointsLedger).where(eq(pointsLedger.tournamentId, tournamentId));
const payoutsOf = (tournamentId: number) => t.db.select().from(payouts).where(eq(payouts.tournamentId, tournamentId)).orderBy(payouts.id);
const pointsOf = async (ids: string[]) =>
  Object.fromEntries((await t.db.select({ id: users.id, p: users.wtaPoints }).from(users).where(inArray(users.id, ids))).map((u) => [u.id, u.p]));

describe('applySettlement', () => {
  it('writes points, wtaPoints and owed payouts once; a second completion writes nothing', async () => {
    const id = await addTournament(t, { status: 'completed' });
    const [a, b, c] = await newUsers(3, 7);
    const outcome = solo(id, [a!, b!, c!], { matchWins: { [a!]: 2, [b!]: 1 }, mvpUserId: c! });

    const first = await settle(outcome);
    expect(first.points).toHaveLength(9);
    expect(await pointsOf([a!, b!, c!])).toEqual({ [a!]: 7 + 100 + 20 + 5, [b!]: 7 + 60 + 10 + 5, [c!]: 7 + 40 + 20 + 5 });
    expect((await ledgerOf(id)).every((row) => row.teamSize === 1 && row.createdAt.getTime() === t.now().getTime())).toBe(true);
    expect((await payoutsOf(id)).map((p) => [p.place, p.userId, p.amountDollars, p.status, p.kind])).toEqual([
      [1, a, 500, 'owed', 'payout'],
      [2, b, 300, 'owed', 'payout'],
      [3, c, 150, 'owed', 'payout'],
    ]);

    const ledgerRows = (await ledgerOf(id)).length;
    expect(await settle(outcome)).toEqual({ points: [], voidedPayoutIds: [], inserted: [] });
    expect(await ledgerOf(id)).toHaveLength(ledgerRows);
    expect(await payoutsOf(id)).toHaveLength(3);
    expect(await pointsOf([a!])).toEqual({ [a!]: 132 });
  });

  it('two completions at once record each point and payout once', async () => {
    const id = await addTournament(t, { status: 'completed' });
    const ids = await newUsers(4);
    const outcome = solo(id, ids);
    await Promise.all([settle(outcome), settle(outcome), settle(outcome)]);
    expect(await payoutsOf(id)).toHaveLength(4);
    expect((await ledgerOf(id)).reduce((sum, r) => sum + r.points, 0)).toBe(100 + 60 + 40 + 25 + 4 * 5);
  });

  it('the partial unique index refuses a second live payout for a place', async () => {
    const id = await addTournament(t, { status: 'completed' });
    const [a, b] = await newUsers(2);
    await settle(solo(id, [a!]));
    await expect(
      t.db.insert(payouts).values({ tournamentId: id, place: 1, userId: b!, amountDollars: 500, createdAt: t.now() }),
    ).rejects.toThrow();
  });

  it('a correction moves the points as a difference and replaces an owed payout', async () => {
    const id = await addTournament(t, { status: 'completed' });
    const [a, b] = await newUsers(2);
    await settle(solo(id, [a!, b!]));
    const swapped = await settle(solo(id, [b!, a!]));
    // Ids are random: compare without depending on which sorts first.
    expect(swapped.points).toHaveLength(4);
    expect(swapped.points).toEqual(
      expect.arrayContaining([
        { userId: a!, reason: 'champion', points: -100 },
        { userId: a!, reason: 'runner-up', points: 60 },
        { userId: b!, reason: 'champion', points: 100 },
        { userId: b!, reason: 'runner-up', points: -60 },
      ]),
    );
    expect(await pointsOf([a!, b!])).toEqual({ [a!]: 65, [b!]: 105 });
    expect((await payoutsOf(id)).map((p) => [p.place, p.userId, p.status])).toEqual([
      [1, a, 'void'],
      [2, b, 'void'],
      [1, b, 'owed'],
      [2, a, 'owed'],
    ]);
  });

  it('a correction after a payout was paid writes adjustments, leaves the paid row alone and tells the admins', async () => {
    const id = await addTournament(t, { status: 'completed', title: 'Harbor Open' });
    const [a, b] = await newUsers(2);
    const admin = await leagueAdmin(t);
    const foreign = await member(t, { role: 'admin', email: 'x@other-league.example' });
    await settle(solo(id, [a!, b!]));
    const [paid] = await payoutsOf(id);
    await t.db.update(payouts).set({ status: 'paid', decidedBy: admin.id, paidAt: t.now(), reference: 'wire 1' }).where(eq(payouts.id, paid!.id));

    await settle(solo(id, [b!, a!]), { leagueEmailDomain: 'wta.local' });
    const rows = await payoutsOf(id);
    expect(rows.find((p) => p.id === paid!.id)).toMatchObject({ status: 'paid', userId: a, amountDollars: 500, reference: 'wire 1' });
    expect(rows.filter((p) => p.kind === 'adjustment').map((p) => [p.userId, p.amountDollars, p.status, p.adjustsPayoutId])).toEqual([
      [a, -500, 'owed', paid!.id],
      [b, 500, 'owed', paid!.id],
    ]);
    const told = await t.db.select().from(notifications).where(eq(notifications.kind, PAYOUT_ADJUSTMENT_KIND));
    expect(told.map((n) => n.userId)).toEqual([admin.id]);
    expect(told[0]!.body).toContain('Harbor Open');
    expect(told.some((n) => n.userId === foreign.id)).toBe(false);

    // The same outcome again: nothing new, no second notice.
    expect(await settle(solo(id, [b!, a!]), { leagueEmailDomain: 'wta.local' })).toEqual({ points: [], voidedPayoutIds: [], inserted: [] });
    expect(await t.db.select().from(notifications).where(eq(notifications.kind, PAYOUT_ADJUSTMENT_KIND))).toHaveLength(1);
  });
});

/** One step of the property: an outcome, then which owed payouts an admin marks paid before the next step. */
const USERS = 6;
const arbitraryStep = fc.record({
  places: fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 0, maxLength: 4 }),
  others: fc.subarray([0, 1, 2, 3, 4, 5]),
  wins: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: USERS, maxLength: USERS }),
  mvp: fc.option(fc.integer({ min: 0, max: USERS - 1 })),
  prizePool: fc.oneof(fc.constantFrom(0, 19, 1000), fc.integer({ min: 0, max: 5000 })),
  payNow: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
});

describe('settlement property (fast-check)', () => {
  it('after any sequence of outcomes: ledger = last outcome, wtaPoints = seed + ledger, one live payout per place, payouts net = last outcome', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbitraryStep, { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 500 }), async (steps, seedPoints) => {
        const id = await addTournament(t, { status: 'completed' });
        const ids = await newUsers(USERS, seedPoints);
        for (const step of steps) {
          const places = step.places.map((i) => ids[i]!);
          const outcome: SettlementOutcome = {
            tournamentId: id,
            prizePool: step.prizePool,
            teamSize: 1,
            places,
            placeMembers: places.map((u) => [u]),
            entrantMembers: [...new Set([...places, ...step.others.map((i) => ids[i]!)])],
            matchWins: Object.fromEntries(ids.map((u, i) => [u, step.wins[i]!])),
            mvpUserId: step.mvp === null ? null : ids[step.mvp]!,
          };
          await settle(outcome);
          expect(await settle(outcome)).toEqual({ points: [], voidedPayoutIds: [], inserted: [] });

          // Points: the ledger's sum per (member, reason) is the outcome's, and wtaPoints follow the ledger.
          const ledger = await ledgerOf(id);
          const sums = new Map<string, number>();
          for (const row of ledger) sums.set(`${row.userId}/${row.reason}`, (sums.get(`${row.userId}/${row.reason}`) ?? 0) + row.points);
          const want = new Map(desiredPoints(outcome).map((p) => [`${p.userId}/${p.reason}`, p.points]));
          for (const key of new Set([...sums.keys(), ...want.keys()])) expect([key, sums.get(key) ?? 0]).toEqual([key, want.get(key) ?? 0]);
          const totals = await pointsOf(ids);
          for (const u of ids) {
            expect(totals[u]).toBe(seedPoints + ledger.filter((r) => r.userId === u).reduce((s, r) => s + r.points, 0));
          }

          // Payouts: one live payout per place; per place and member, live payout + non-void adjustments = outcome.
          const rows = await payoutsOf(id);
          const live = rows.filter((p) => p.kind === 'payout' && p.status !== 'void');
          expect(new Set(live.map((p) => p.place)).size).toBe(live.length);
          const net = new Map<string, number>();
          for (const p of rows) {
            if (p.status === 'void') continue;
            const key = `${p.place}/${p.userId}`;
            net.set(key, (net.get(key) ?? 0) + p.amountDollars);
          }
          const owed = new Map(desiredPayouts(outcome).map((p) => [`${p.place}/${p.userId}`, p.amountDollars]));
          for (const key of new Set([...net.keys(), ...owed.keys()])) expect([key, net.get(key) ?? 0]).toEqual([key, owed.get(key) ?? 0]);

          // An admin pays some of what is owed before the next correction.
          const open = rows.filter((p) => p.status === 'owed');
          const pay = open.filter((_, i) => step.payNow[i % step.payNow.length]).map((p) => p.id);
          if (pay.length > 0) {
            await t.db
              .update(payouts)
              .set({ status: 'paid', decidedBy: 'admin', paidAt: t.now() })
              .where(and(inArray(payouts.id, pay), ne(payouts.status, 'void')));
          }
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
