import { DECIDING_BEST_OF, eliminationRoundBestOf } from './constants.ts';
import { eliminationTopology, type EliminationTopology, type RawMatch, type RawSource } from './library.ts';
import type { MatchSpec, Replay, Source } from './replay.ts';
import type { Stage } from './types.ts';

/** Side sources in seed positions (0 = top seed): the layout of a bracket, before we know who the seeds are. */
type SeedSource = { seed: number } | { winnerOf: string } | { loserOf: string };

interface BracketMatch {
  key: string;
  stage: Stage;
  round: number;
  bestOf: 3 | 5;
  sides: [SeedSource, SeedSource];
  /** Library group and round, for the places. */
  libGroup: number;
  libRound: number;
}

/** An elimination bracket for a number of entrants: byes resolved, in play order. */
export interface Bracket {
  matches: BracketMatch[];
  /** Library rounds per group. */
  roundCounts: Map<number, number>;
}

export interface StageNames {
  /** Library group 1: 'main' (single elimination), 'playoff' (pool play) or 'winners' (double elimination). */
  1: Stage;
  /** Library group 2: 'third-place' or 'losers'. */
  2: Stage;
  3?: Stage;
}

/** The next power of two: D19's bracket size. */
export function bracketSize(entrantCount: number): number {
  let size = 1;
  while (size < entrantCount) size *= 2;
  return size;
}

// Play order among matches of the same depth: the third-place match before the final; winners before losers.
const STAGE_ORDER: Partial<Record<Stage, number>> = { 'third-place': 0, main: 1, playoff: 1, winners: 1, losers: 2 };

/**
 * Lays a bracket of `entrantCount` entrants over the library's full bracket of the next power of two. Seed
 * positions past the last entrant are byes (so byes go to the top seeds, D19). A match with a bye is not a match:
 * its entrant moves on, and its loser is a bye; a match with two byes sends a bye on. Rounds left without any match
 * (a losers round of only byes) are dropped and the rest renumbered, so rounds and keys count real matches only.
 */
export function layBracket(topology: EliminationTopology, entrantCount: number, names: StageNames): Bracket {
  const byId = new Map(topology.matches.map((m) => [m.id, m]));
  type Kind = 'real' | 'bye' | 'double-bye';
  const kinds = new Map<number, Kind>();
  const isBye = (s: RawSource): boolean =>
    'seed' in s ? s.seed >= entrantCount : 'winnerOf' in s ? kindOf(s.winnerOf) === 'double-bye' : kindOf(s.loserOf) !== 'real';
  function kindOf(id: number): Kind {
    let kind = kinds.get(id);
    if (!kind) {
      const byes = byId.get(id)!.sides.filter(isBye).length;
      kind = byes === 0 ? 'real' : byes === 1 ? 'bye' : 'double-bye';
      kinds.set(id, kind);
    }
    return kind;
  }
  const depths = new Map<number, number>();
  function depthOf(id: number): number {
    let depth = depths.get(id);
    if (depth === undefined) {
      const m = byId.get(id)!;
      depth = 1 + Math.max(...m.sides.map((s) => ('seed' in s ? 0 : depthOf('winnerOf' in s ? s.winnerOf : s.loserOf))));
      depths.set(id, depth);
    }
    return depth;
  }

  const real = topology.matches.filter((m) => kindOf(m.id) === 'real');
  const stageOf = (m: RawMatch): Stage => names[m.group as 1 | 2 | 3] ?? 'grand-final';
  // Keys: stage, round counted among rounds that have a match, match counted among the round's real matches.
  const keys = new Map<number, string>();
  const rounds = new Map<number, number>();
  for (const group of new Set(real.map((m) => m.group))) {
    const inGroup = real.filter((m) => m.group === group).sort((x, y) => x.round - y.round || x.number - y.number);
    const libRounds = [...new Set(inGroup.map((m) => m.round))];
    for (const m of inGroup) {
      const round = libRounds.indexOf(m.round) + 1;
      const index = inGroup.filter((o) => o.round === m.round && o.number <= m.number).length;
      rounds.set(m.id, round);
      keys.set(m.id, `${stageOf(m)}:r${round}:m${index}`);
    }
  }
  function resolve(s: RawSource): SeedSource {
    if ('seed' in s) return s;
    if ('loserOf' in s) return { loserOf: keys.get(s.loserOf)! };
    const from = byId.get(s.winnerOf)!;
    if (kindOf(from.id) === 'real') return { winnerOf: keys.get(from.id)! };
    // A bye match: its one entrant moves on.
    return resolve(from.sides.find((side) => !isBye(side))!);
  }
  const ordered = [...real].sort(
    (x, y) =>
      depthOf(x.id) - depthOf(y.id) ||
      (STAGE_ORDER[stageOf(x)] ?? 3) - (STAGE_ORDER[stageOf(y)] ?? 3) ||
      x.round - y.round ||
      x.number - y.number,
  );
  return {
    roundCounts: topology.roundCounts,
    matches: ordered.map((m) => ({
      key: keys.get(m.id)!,
      stage: stageOf(m),
      round: rounds.get(m.id)!,
      bestOf: bestOf(m, topology),
      sides: [resolve(m.sides[0]), resolve(m.sides[1])],
      libGroup: m.group,
      libRound: m.round,
    })),
  };
}

/**
 * D19: best of 5 in semi-finals, finals and third-place matches of an elimination stage. In double elimination we
 * read that per bracket (its last two rounds, named Final and Semi-Finals on the Bracket tab; in the losers bracket
 * they decide fourth and third place) and for the grand final; best of 3 elsewhere.
 */
function bestOf(m: RawMatch, topology: EliminationTopology): 3 | 5 {
  if (m.group === 3) return DECIDING_BEST_OF;
  if (topology.kind === 'single' && m.group === 2) return DECIDING_BEST_OF;
  return eliminationRoundBestOf(m.round, topology.roundCounts.get(m.group)!);
}

/** The bracket's matches with seed positions replaced by entrants (`seeded[0]` is the top seed). */
export function specsOf(bracket: Bracket, seeded: readonly number[]): MatchSpec[] {
  const source = (s: SeedSource): Source => ('seed' in s ? { entrant: seeded[s.seed]! } : s);
  return bracket.matches.map((m) => ({
    key: m.key,
    stage: m.stage,
    group: 0,
    round: m.round,
    bestOf: m.bestOf,
    sides: [source(m.sides[0]), source(m.sides[1])],
  }));
}

/** Single elimination (and the pool-play playoff): the bracket for `entrantCount`, with a third-place match from 4. */
export async function singleEliminationBracket(entrantCount: number, main: 'main' | 'playoff'): Promise<Bracket> {
  const topology = await eliminationTopology('single', bracketSize(entrantCount));
  // With 3 entrants one semi-final is a bye, so the third-place match has a bye side and is not laid out (D19).
  return layBracket(topology, entrantCount, { 1: main, 2: 'third-place' });
}

/** D19 places of a single-elimination bracket: final winner and loser, third-place winner and loser. */
export function singleEliminationPlaces(bracket: Bracket, replay: Replay): number[] {
  const last = bracket.roundCounts.get(1)!;
  const final = bracket.matches.find((m) => m.libGroup === 1 && m.libRound === last)!;
  const places = [replay.winnerOf(final.key)!, replay.loserOf(final.key)!];
  const third = bracket.matches.find((m) => m.stage === 'third-place');
  if (third) places.push(replay.winnerOf(third.key)!, replay.loserOf(third.key)!);
  else {
    // 3 entrants: the only semi-final played; its loser is third. (2 entrants: there is none.)
    const semi = bracket.matches.find((m) => m.libGroup === 1 && m.libRound === last - 1);
    if (semi) places.push(replay.loserOf(semi.key)!);
  }
  return places;
}

export const GRAND_FINAL = 'grand-final:r1:m1';
export const GRAND_FINAL_RESET = 'grand-final:r2:m1';

/** Double elimination: winners and losers brackets and the grand final (its reset is laid out when needed). */
export async function doubleEliminationBracket(entrantCount: number): Promise<Bracket> {
  const size = bracketSize(entrantCount);
  const topology = await eliminationTopology('double', size);
  const bracket = layBracket(topology, entrantCount, { 1: 'winners', 2: 'losers', 3: 'grand-final' });
  if (size === 2) {
    // The library has no losers bracket for 2: the first match's loser meets its winner again in the grand final,
    // so each entrant still has to lose twice.
    const first = bracket.matches[0]!;
    bracket.matches.push({
      key: GRAND_FINAL,
      stage: 'grand-final',
      round: 1,
      bestOf: DECIDING_BEST_OF,
      sides: [{ winnerOf: first.key }, { loserOf: first.key }],
      libGroup: 3,
      libRound: 1,
    });
  }
  return bracket;
}

/** The grand final's reset (D19): laid out only when the losers-bracket side won the first grand final. */
export function grandFinalReset(replay: Replay): MatchSpec[] {
  const first = replay.spec(GRAND_FINAL);
  if (!first || replay.spec(GRAND_FINAL_RESET) || !replay.isCompleted(GRAND_FINAL)) return [];
  if (replay.winnerOf(GRAND_FINAL) !== replay.entrantOf(first.sides[1])) return [];
  return [{ ...first, key: GRAND_FINAL_RESET, round: 2 }];
}

/** D19 places of double elimination: the grand final's winner and loser, then the last two out of the losers bracket. */
export function doubleEliminationPlaces(bracket: Bracket, replay: Replay): number[] {
  const decisive = replay.spec(GRAND_FINAL_RESET) ? GRAND_FINAL_RESET : GRAND_FINAL;
  const places = [replay.winnerOf(decisive)!, replay.loserOf(decisive)!];
  const losersRounds = bracket.roundCounts.get(2);
  if (losersRounds === undefined) return places;
  for (const libRound of [losersRounds, losersRounds - 1]) {
    const m = bracket.matches.find((x) => x.libGroup === 2 && x.libRound === libRound);
    if (m) places.push(replay.loserOf(m.key)!);
  }
  return places;
}
