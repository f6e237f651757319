import type { Played } from './replay.ts';
import type { Standing } from './types.ts';

interface Tally {
  entrantId: number;
  seed: number;
  wins: number;
  losses: number;
  gamesWon: number;
  gamesLost: number;
}

/** Wins, losses and games of `ids` over `played`; a forfeit is a win and a loss with no games (D20). */
function tally(ids: readonly number[], played: readonly Played[], seedOf: (id: number) => number): Map<number, Tally> {
  const out = new Map(
    ids.map((id) => [id, { entrantId: id, seed: seedOf(id), wins: 0, losses: 0, gamesWon: 0, gamesLost: 0 }]),
  );
  for (const p of played) {
    const a = out.get(p.a);
    const b = out.get(p.b);
    if (!a || !b) continue;
    a.gamesWon += p.gamesA;
    a.gamesLost += p.gamesB;
    b.gamesWon += p.gamesB;
    b.gamesLost += p.gamesA;
    out.get(p.winnerId)!.wins += 1;
    out.get(p.loserId)!.losses += 1;
  }
  return out;
}

const difference = (t: Tally) => t.gamesWon - t.gamesLost;

function groupBy<T>(items: readonly T[], keyOf: (item: T) => number): T[][] {
  const groups = new Map<number, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups.entries()].sort(([x], [y]) => y - x).map(([, g]) => g);
}

/**
 * Orders entrants level on wins by head-to-head (D19): wins in the matches among them. When that splits them, each
 * part is ordered again by the matches within it (a three-way tie resolved to two leaves those two to their own
 * match); when it does not, game difference, games won, then seed.
 */
function breakTies(tied: Tally[], played: readonly Played[]): Tally[] {
  if (tied.length <= 1) return tied;
  const ids = new Set(tied.map((t) => t.entrantId));
  const headToHead = new Map(tied.map((t) => [t.entrantId, 0]));
  for (const p of played) {
    if (ids.has(p.a) && ids.has(p.b)) headToHead.set(p.winnerId, headToHead.get(p.winnerId)! + 1);
  }
  const parts = groupBy(tied, (t) => headToHead.get(t.entrantId)!);
  if (parts.length > 1) return parts.flatMap((part) => breakTies(part, played));
  return [...tied].sort(
    (x, y) => difference(y) - difference(x) || y.gamesWon - x.gamesWon || x.seed - y.seed,
  );
}

/** D19 round-robin standings: wins, then head-to-head, then game difference, then games won, then seed. */
export function roundRobinStandings(
  ids: readonly number[],
  played: readonly Played[],
  seedOf: (id: number) => number,
  group: number,
): Standing[] {
  const tallies = [...tally(ids, played, seedOf).values()];
  const ordered = groupBy(tallies, (t) => t.wins).flatMap((level) => breakTies(level, played));
  return ordered.map(({ seed: _seed, ...t }, i) => ({ ...t, group, rank: i + 1 }));
}

/**
 * D19 Swiss standings: wins (a bye is a win with no games), then Buchholz (the sum of the opponents' wins), then
 * game difference, then seed. `byes` holds each entrant's byes.
 */
export function swissStandings(
  ids: readonly number[],
  played: readonly Played[],
  byes: ReadonlyMap<number, number>,
  seedOf: (id: number) => number,
): Standing[] {
  const tallies = tally(ids, played, seedOf);
  for (const [id, count] of byes) tallies.get(id)!.wins += count;
  const buchholz = new Map(ids.map((id) => [id, 0]));
  for (const p of played) {
    buchholz.set(p.a, buchholz.get(p.a)! + tallies.get(p.b)!.wins);
    buchholz.set(p.b, buchholz.get(p.b)! + tallies.get(p.a)!.wins);
  }
  return [...tallies.values()]
    .sort(
      (x, y) =>
        y.wins - x.wins ||
        buchholz.get(y.entrantId)! - buchholz.get(x.entrantId)! ||
        difference(y) - difference(x) ||
        x.seed - y.seed,
    )
    .map(({ seed: _seed, ...t }, i) => ({ ...t, group: 0, rank: i + 1, buchholz: buchholz.get(t.entrantId)! }));
}

/**
 * The first four places from standings. Standings rank by record alone (the Swiss pairing and the playoff
 * qualification read them, and a withdrawal carries no time, so it cannot reorder what was decided before it);
 * the places put withdrawn (disqualified, D20) entrants after everyone still in.
 */
export function placesFromStandings(standings: readonly Standing[], isWithdrawn: (id: number) => boolean): number[] {
  const ids = standings.map((s) => s.entrantId);
  return [...ids.filter((id) => !isWithdrawn(id)), ...ids.filter(isWithdrawn)].slice(0, 4);
}
