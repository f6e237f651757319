// The pure rules of settlement (D14, D20, D21, D22): desired points and payouts, and the difference from the ledgers.
import { describe, expect, it } from 'vitest';
import {
  desiredPayouts,
  desiredPoints,
  payoutAmounts,
  planPayouts,
  pointsByMember,
  pointsDifference,
  type LedgerPayout,
  type SettlementOutcome,
} from './settlement-rules.ts';

const outcome = (fields: Partial<SettlementOutcome> = {}): SettlementOutcome => ({
  tournamentId: 1,
  prizePool: 1000,
  teamSize: 1,
  places: ['a', 'b', 'c', 'd'],
  placeMembers: [['a'], ['b'], ['c'], ['d']],
  entrantMembers: ['a', 'b', 'c', 'd', 'e'],
  matchWins: { a: 3, b: 2, c: 1, e: 0 },
  mvpUserId: 'b',
  ...fields,
});

describe('desiredPoints (D14)', () => {
  it('credits places, match wins, the MVP and participation, one entry per member and reason', () => {
    expect(desiredPoints(outcome())).toEqual([
      { userId: 'a', reason: 'champion', points: 100 },
      { userId: 'a', reason: 'match-win', points: 30 },
      { userId: 'a', reason: 'participation', points: 5 },
      { userId: 'b', reason: 'match-win', points: 20 },
      { userId: 'b', reason: 'mvp', points: 20 },
      { userId: 'b', reason: 'participation', points: 5 },
      { userId: 'b', reason: 'runner-up', points: 60 },
      { userId: 'c', reason: 'match-win', points: 10 },
      { userId: 'c', reason: 'participation', points: 5 },
      { userId: 'c', reason: 'third', points: 40 },
      { userId: 'd', reason: 'fourth', points: 25 },
      { userId: 'd', reason: 'participation', points: 5 },
      { userId: 'e', reason: 'participation', points: 5 },
    ]);
  });

  it('credits every member of a placed team (D22), each once, and a member listed twice once', () => {
    const team = outcome({
      teamSize: 3,
      places: ['owner1', 'owner2'],
      placeMembers: [['owner1', 'm1', 'm1'], ['owner2', 'm2']],
      entrantMembers: ['owner1', 'm1', 'owner2', 'm2', 'm1'],
      matchWins: { owner1: 1, m1: 1 },
      mvpUserId: null,
    });
    const points = desiredPoints(team);
    expect(points.filter((p) => p.reason === 'champion').map((p) => p.userId)).toEqual(['m1', 'owner1']);
    expect(points.filter((p) => p.reason === 'runner-up').map((p) => p.userId)).toEqual(['m2', 'owner2']);
    expect(points.filter((p) => p.reason === 'participation')).toHaveLength(4);
    expect(points.some((p) => p.reason === 'third' || p.reason === 'mvp')).toBe(false);
  });
});

describe('pointsDifference', () => {
  it('writes only what changed, negative to take points back, nothing when equal', () => {
    const desired = desiredPoints(outcome());
    expect(pointsDifference(desired, desired)).toEqual([]);
    // Recorded as several rows (a first completion, then a correction): sums are compared.
    const recorded = [
      { userId: 'a', reason: 'champion' as const, points: 100 },
      { userId: 'x', reason: 'champion' as const, points: 100 },
      { userId: 'x', reason: 'champion' as const, points: -100 },
      { userId: 'b', reason: 'runner-up' as const, points: 60 },
    ];
    const changed = desiredPoints(outcome({ places: ['b', 'a'], placeMembers: [['b'], ['a']], entrantMembers: [], matchWins: {}, mvpUserId: null }));
    expect(pointsDifference(recorded, changed)).toEqual([
      { userId: 'a', reason: 'champion', points: -100 },
      { userId: 'a', reason: 'runner-up', points: 60 },
      { userId: 'b', reason: 'champion', points: 100 },
      { userId: 'b', reason: 'runner-up', points: -60 },
    ]);
    expect(pointsByMember(pointsDifference(recorded, changed))).toEqual(new Map([['a', -40], ['b', 40]]));
  });
});

describe('payouts (D21)', () => {
  it('splits 50/30/15/5 rounded down to whole dollars', () => {
    expect(payoutAmounts(1000)).toEqual([500, 300, 150, 50]);
    expect(payoutAmounts(999)).toEqual([499, 299, 149, 49]);
    expect(payoutAmounts(19)).toEqual([9, 5, 2, 0]);
    expect(payoutAmounts(0)).toEqual([0, 0, 0, 0]);
  });

  it('pays only the places that exist and skips $0 amounts', () => {
    expect(desiredPayouts(outcome({ places: ['a', 'b', 'c'] }))).toEqual([
      { place: 1, userId: 'a', amountDollars: 500 },
      { place: 2, userId: 'b', amountDollars: 300 },
      { place: 3, userId: 'c', amountDollars: 150 },
    ]);
    expect(desiredPayouts(outcome({ prizePool: 19 })).map((p) => p.place)).toEqual([1, 2, 3]);
    expect(desiredPayouts(outcome({ places: ['a', 'b', 'c', 'd', 'e'] })).map((p) => p.place)).toEqual([1, 2, 3, 4]);
  });
});

describe('planPayouts (D20, D21)', () => {
  let nextId = 1;
  const row = (fields: Partial<LedgerPayout> & Pick<LedgerPayout, 'place' | 'userId' | 'amountDollars'>): LedgerPayout => ({
    id: nextId++,
    kind: 'payout',
    status: 'owed',
    adjustsPayoutId: null,
    decidedBy: null,
    ...fields,
  });
  const want = (place: number, userId: string, amountDollars: number) => ({ place, userId, amountDollars });

  it('inserts owed payouts on the first completion and nothing on the second', () => {
    const desired = [want(1, 'a', 500), want(2, 'b', 300)];
    expect(planPayouts([], desired)).toEqual({
      void: [],
      insert: [
        { place: 1, kind: 'payout', userId: 'a', amountDollars: 500, adjustsPayoutId: null },
        { place: 2, kind: 'payout', userId: 'b', amountDollars: 300, adjustsPayoutId: null },
      ],
    });
    expect(planPayouts([row({ place: 1, userId: 'a', amountDollars: 500 }), row({ place: 2, userId: 'b', amountDollars: 300 })], desired)).toEqual({
      void: [],
      insert: [],
    });
  });

  it('voids an owed payout whose payee or amount changed and records the new one; voids one no longer due', () => {
    const first = row({ place: 1, userId: 'a', amountDollars: 500 });
    const fourth = row({ place: 4, userId: 'd', amountDollars: 50 });
    const voidedEarlier = row({ place: 1, userId: 'z', amountDollars: 500, status: 'void' });
    expect(planPayouts([voidedEarlier, first, fourth], [want(1, 'b', 500)])).toEqual({
      void: [first.id, fourth.id],
      insert: [{ place: 1, kind: 'payout', userId: 'b', amountDollars: 500, adjustsPayoutId: null }],
    });
  });

  it('never changes a paid payout: the difference becomes adjustments, reclaim first', () => {
    const paid = row({ place: 1, userId: 'a', amountDollars: 500, status: 'paid', decidedBy: 'admin' });
    expect(planPayouts([paid], [want(1, 'b', 500)])).toEqual({
      void: [],
      insert: [
        { place: 1, kind: 'adjustment', userId: 'a', amountDollars: -500, adjustsPayoutId: paid.id },
        { place: 1, kind: 'adjustment', userId: 'b', amountDollars: 500, adjustsPayoutId: paid.id },
      ],
    });
    // The same payee with another amount (a corrected prize pool): only the difference.
    expect(planPayouts([paid], [want(1, 'a', 450)]).insert).toEqual([
      { place: 1, kind: 'adjustment', userId: 'a', amountDollars: -50, adjustsPayoutId: paid.id },
    ]);
  });

  it('leaves adjustments that already settle the place alone, and replaces owed ones when the outcome moves again', () => {
    const paid = row({ place: 1, userId: 'a', amountDollars: 500, status: 'paid', decidedBy: 'admin' });
    const reclaim = row({ place: 1, kind: 'adjustment', userId: 'a', amountDollars: -500, adjustsPayoutId: paid.id });
    const owe = row({ place: 1, kind: 'adjustment', userId: 'b', amountDollars: 500, adjustsPayoutId: paid.id, status: 'paid', decidedBy: 'admin' });
    const ledger = [paid, reclaim, owe];
    expect(planPayouts(ledger, [want(1, 'b', 500)])).toEqual({ void: [], insert: [] });
    // Back to a: the owed reclaim is voided; b's paid adjustment is reclaimed; a keeps the paid payout.
    expect(planPayouts(ledger, [want(1, 'a', 500)])).toEqual({
      void: [reclaim.id],
      insert: [{ place: 1, kind: 'adjustment', userId: 'b', amountDollars: -500, adjustsPayoutId: paid.id }],
    });
  });

  it("keeps an admin's void: a voided payout or adjustment is not written again for the same outcome", () => {
    const voided = row({ place: 2, userId: 'b', amountDollars: 300, status: 'void', decidedBy: 'admin' });
    expect(planPayouts([voided], [want(2, 'b', 300)])).toEqual({ void: [], insert: [] });
    const paid = row({ place: 1, userId: 'a', amountDollars: 500, status: 'paid', decidedBy: 'admin' });
    const forgiven = row({ place: 1, kind: 'adjustment', userId: 'a', amountDollars: -500, adjustsPayoutId: paid.id, status: 'void', decidedBy: 'admin' });
    const owe = row({ place: 1, kind: 'adjustment', userId: 'b', amountDollars: 500, adjustsPayoutId: paid.id });
    expect(planPayouts([paid, forgiven, owe], [want(1, 'b', 500)])).toEqual({ void: [], insert: [] });
  });
});
