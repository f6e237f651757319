import fc from 'fast-check';

/** The registered players of each run's tournament. */
export const PLAYERS = 4;

// The tournament-day property's actions (tournament-day.property.test.ts): what it generates after the draw, which
// tournament-day-model.ts's `step` predicts and sends.

// ---- What the property generates after the draw (the check-ins: tournament-day.property.test.ts) -----------------

/** Who acts for a match: its side A or B, or another of the run's players (maybe a no-show) who has no side in it. */
export type Who = { side: 'A' | 'B' } | { side: 'other'; player: number };

/**
 * `match` picks a match: three times in four among those the action is most useful on (live ones, upcoming ones for
 * a call, ...), else any match, so the refusals on the others are exercised too. `stale`: the request names a version
 * the match does not have. `confirm`: the other side of an open round reports its score. `claim` by 'arrived': the
 * side at the court where only one is, `wait`: after the no-show time. `ruling`: the host or an admin on a claim.
 */
export type Action =
  | { kind: 'report'; match: number; who: Who; aWins: boolean; loser: number; stale: boolean }
  | { kind: 'confirm'; match: number }
  | { kind: 'dispute'; match: number; who: Who; stale: boolean }
  | { kind: 'tick'; minutes: number }
  | { kind: 'host-report'; match: number; aWins: boolean; loser: number; stale: boolean; byAdmin: boolean }
  | { kind: 'call'; match: number; court: number }
  | { kind: 'arrive'; match: number; who: Who }
  | { kind: 'claim'; match: number; who: Who | { side: 'arrived' }; stale: boolean; wait: boolean }
  | { kind: 'ruling'; claim: number; confirm: boolean; byAdmin: boolean };

const matchPick = fc.nat(47);
const rarely = fc.nat(4).map((n) => n === 0);
const who: fc.Arbitrary<Who> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<Who>({ side: 'A' }, { side: 'B' }) },
  { weight: 1, arbitrary: fc.record({ side: fc.constant('other' as const), player: fc.nat(PLAYERS - 1) }) },
);
export const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('report' as const),
      match: matchPick,
      who,
      aWins: fc.boolean(),
      loser: fc.nat(2),
      stale: rarely,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('confirm' as const), match: matchPick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('dispute' as const), match: matchPick, who, stale: rarely }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('tick' as const), minutes: fc.nat(15) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('host-report' as const),
      match: matchPick,
      aWins: fc.boolean(),
      loser: fc.nat(2),
      stale: rarely,
      byAdmin: fc.boolean(),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('call' as const), match: matchPick, court: fc.nat(2) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('arrive' as const), match: matchPick, who }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      match: matchPick,
      who: fc.oneof(who, fc.constant({ side: 'arrived' as const })),
      stale: rarely,
      wait: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('ruling' as const),
      claim: fc.nat(23),
      confirm: fc.boolean(),
      byAdmin: fc.boolean(),
    }),
  },
);
