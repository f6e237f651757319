import type { PayoutStatus, PointReason } from '../../../db/schema/competition.ts';

/**
 * What a completed tournament is worth (D14, D21, D22, D38), as plain data: the points each member should hold and
 * the payouts each place should have, and the difference from what the ledgers already hold. No database, no clock:
 * settlement.ts loads the ledgers, calls these, and writes what they return (ADR 023).
 */

/** D14, per member. */
export const POINTS: Readonly<Record<PointReason, number>> = {
  champion: 100,
  'runner-up': 60,
  third: 40,
  fourth: 25,
  'match-win': 10,
  mvp: 20,
  participation: 5,
};

const PLACE_REASONS = ['champion', 'runner-up', 'third', 'fourth'] as const satisfies readonly PointReason[];

/** D21: the share of the prize pool for 1st to 4th, in percent. */
export const PAYOUT_PERCENTS = [50, 30, 15, 5] as const;

/** A completed (or re-completed, after a correction) tournament's result, as the completion hands it over. */
export interface SettlementOutcome {
  tournamentId: number;
  /** Whole dollars. */
  prizePool: number;
  /** 1 for solo; the team size otherwise (D38). */
  teamSize: number;
  /** The payee of each place, 1st first (the player, or the team's owner, D21); at most four are paid. */
  places: string[];
  /** The members credited with each place (solo: [userId]; team: the roster at entry, D22). */
  placeMembers: string[][];
  /** Every entrant's members: each gets the participation points once. */
  entrantMembers: string[];
  /** Non-forfeit match wins per member (D20: a forfeit counts no match-win points). */
  matchWins: Record<string, number>;
  mvpUserId: string | null;
}

/** Points held (or to write) for one reason by one member in one tournament. */
export interface PointsEntry {
  userId: string;
  reason: PointReason;
  points: number;
}

const keyOf = (userId: string, reason: PointReason) => `${reason}\u0000${userId}`;

function addTo(map: Map<string, PointsEntry>, userId: string, reason: PointReason, points: number) {
  const key = keyOf(userId, reason);
  const entry = map.get(key);
  if (entry) entry.points += points;
  else map.set(key, { userId, reason, points });
}

/** Sorted so that the rows written (and the tests reading them) never depend on insertion order. */
const sorted = (entries: Iterable<PointsEntry>) =>
  [...entries].sort((a, b) => (a.userId === b.userId ? a.reason.localeCompare(b.reason) : a.userId < b.userId ? -1 : 1));

/**
 * The points each member should hold from this tournament, one entry per (member, reason). A member listed twice in
 * one place, or as an entrant twice, is credited once; a member in two places (impossible in a sane bracket) gets
 * the better one only.
 */
export function desiredPoints(outcome: SettlementOutcome): PointsEntry[] {
  const out = new Map<string, PointsEntry>();
  const placed = new Set<string>();
  outcome.placeMembers.slice(0, PLACE_REASONS.length).forEach((members, index) => {
    const reason = PLACE_REASONS[index]!;
    for (const userId of new Set(members)) {
      if (placed.has(userId)) continue;
      placed.add(userId);
      addTo(out, userId, reason, POINTS[reason]);
    }
  });
  for (const [userId, wins] of Object.entries(outcome.matchWins)) {
    if (wins > 0) addTo(out, userId, 'match-win', wins * POINTS['match-win']);
  }
  if (outcome.mvpUserId) addTo(out, outcome.mvpUserId, 'mvp', POINTS.mvp);
  for (const userId of new Set(outcome.entrantMembers)) addTo(out, userId, 'participation', POINTS.participation);
  return sorted(out.values());
}

/**
 * The ledger rows that turn `recorded` (any number of rows per member and reason) into `desired`: one row per
 * (member, reason) whose sum differs, negative when points are taken back. Empty when nothing changed.
 */
export function pointsDifference(recorded: readonly PointsEntry[], desired: readonly PointsEntry[]): PointsEntry[] {
  const diff = new Map<string, PointsEntry>();
  for (const row of desired) addTo(diff, row.userId, row.reason, row.points);
  for (const row of recorded) addTo(diff, row.userId, row.reason, -row.points);
  return sorted([...diff.values()].filter((e) => e.points !== 0));
}

/** The net change of each member's total from a set of ledger rows (what users.wtaPoints moves by). */
export function pointsByMember(rows: readonly PointsEntry[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.userId, (totals.get(row.userId) ?? 0) + row.points);
  for (const [userId, points] of totals) if (points === 0) totals.delete(userId);
  return totals;
}

/** D21: 50/30/15/5 % of the prize pool, rounded down to whole dollars (the prize display of 000 s9). */
export function payoutAmounts(prizePool: number): number[] {
  return PAYOUT_PERCENTS.map((percent) => Math.floor((Math.max(0, prizePool) * percent) / 100));
}

/** A payout the outcome calls for. */
export interface DesiredPayout {
  place: number;
  userId: string;
  amountDollars: number;
}

/** One payout per place that exists (a 3-entrant tournament pays three), skipping places worth $0. */
export function desiredPayouts(outcome: SettlementOutcome): DesiredPayout[] {
  const amounts = payoutAmounts(outcome.prizePool);
  return outcome.places
    .slice(0, PAYOUT_PERCENTS.length)
    .map((userId, index) => ({ place: index + 1, userId, amountDollars: amounts[index]! }))
    .filter((p) => p.amountDollars > 0);
}

/** A row of the payout ledger, as the planner reads it. */
export interface LedgerPayout {
  id: number;
  place: number;
  kind: 'payout' | 'adjustment';
  userId: string;
  amountDollars: number;
  status: PayoutStatus;
  adjustsPayoutId: number | null;
  /** Who decided it (paid or void); null for rows only the settlement touched. */
  decidedBy: string | null;
}

export interface NewPayout {
  place: number;
  kind: 'payout' | 'adjustment';
  userId: string;
  amountDollars: number;
  adjustsPayoutId: number | null;
}

/** What to write: rows to move from owed to void, then rows to insert (owed). */
export interface PayoutPlan {
  void: number[];
  insert: NewPayout[];
}

type Amounts = Map<string, number>;

function add(map: Amounts, userId: string, amount: number) {
  map.set(userId, (map.get(userId) ?? 0) + amount);
}

function sameAmounts(a: Amounts, b: Amounts): boolean {
  const users = new Set([...a.keys(), ...b.keys()]);
  return [...users].every((u) => (a.get(u) ?? 0) === (b.get(u) ?? 0));
}

const adminVoided = (row: LedgerPayout) => row.status === 'void' && row.decidedBy !== null;

/**
 * The difference between the payout ledger and the payouts an outcome calls for, place by place (D20, D21):
 * - no live payout: insert the owed one, unless an admin already voided exactly that payout (their decision stands);
 * - an owed payout with the same payee and amount: nothing; otherwise void it and insert the new owed one;
 * - a paid payout is never changed: while its place's net (the paid payout plus its owed, paid and admin-voided
 *   adjustments) per member already matches, nothing; otherwise the owed adjustments are voided and new ones
 *   (kind 'adjustment', negative to reclaim) bring the money actually moved (paid payout plus paid adjustments) to
 *   what the outcome says, per member: minus the old payee's amount and the new payee's amount, or the difference.
 */
export function planPayouts(existing: readonly LedgerPayout[], desired: readonly DesiredPayout[]): PayoutPlan {
  const plan: PayoutPlan = { void: [], insert: [] };
  const places = [...new Set([...existing.map((p) => p.place), ...desired.map((p) => p.place)])].sort((a, b) => a - b);
  for (const place of places) {
    const rows = existing.filter((p) => p.place === place);
    const want = desired.find((p) => p.place === place);
    const live = rows.find((p) => p.kind === 'payout' && p.status !== 'void');
    const same = (p: { userId: string; amountDollars: number }) =>
      want !== undefined && p.userId === want.userId && p.amountDollars === want.amountDollars;

    if (!live || live.status === 'owed') {
      if (live && same(live)) continue;
      if (!live && want && rows.some((p) => p.kind === 'payout' && adminVoided(p) && same(p))) continue;
      if (live) plan.void.push(live.id);
      if (want) plan.insert.push({ place, kind: 'payout', userId: want.userId, amountDollars: want.amountDollars, adjustsPayoutId: null });
      continue;
    }

    // A paid payout: only adjustments.
    const target: Amounts = new Map();
    if (want) add(target, want.userId, want.amountDollars);
    const adjustments = rows.filter((p) => p.kind === 'adjustment' && p.adjustsPayoutId === live.id);
    const settled: Amounts = new Map([[live.userId, live.amountDollars]]);
    for (const a of adjustments) if (a.status !== 'void' || adminVoided(a)) add(settled, a.userId, a.amountDollars);
    if (sameAmounts(settled, target)) continue;

    const moved: Amounts = new Map([[live.userId, live.amountDollars]]);
    for (const a of adjustments) {
      if (a.status === 'paid') add(moved, a.userId, a.amountDollars);
      if (a.status === 'owed') plan.void.push(a.id);
    }
    const members = [...new Set([...moved.keys(), ...target.keys()])];
    const differences = members
      .map((userId) => ({ userId, amount: (target.get(userId) ?? 0) - (moved.get(userId) ?? 0) }))
      .filter((d) => d.amount !== 0)
      // Reclaims first, then what is owed: the order an admin reads them in.
      .sort((a, b) => a.amount - b.amount || (a.userId < b.userId ? -1 : 1));
    for (const d of differences) {
      plan.insert.push({ place, kind: 'adjustment', userId: d.userId, amountDollars: d.amount, adjustsPayoutId: live.id });
    }
  }
  return plan;
}
