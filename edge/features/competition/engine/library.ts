import { BracketsManager, helpers } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import type { Group, Match, Round, StageType } from 'brackets-model';

/**
 * What the engine takes from brackets-manager (D13, ADR 022): seeding, byes, round and match counts, and the
 * topology of elimination brackets (where each winner and loser goes, including the losers-bracket orderings that
 * keep early rematches apart). The library creates the stage in its in-memory storage; we read the result and
 * advance matches ourselves, because its `update.match` costs 21 storage calls a result (100+ ms to replay a
 * 64-entrant double elimination) and locks a match once the next one started, which D20 must get past.
 *
 * Everything here depends only on the size, never on who plays, so it is computed once per size and kept.
 */

/** Where a side of a match comes from: a seed position (0 = top seed), or the winner or loser of a match. */
export type RawSource = { seed: number } | { winnerOf: number } | { loserOf: number };

/** A match of a full bracket (no byes: every seed position filled), as the library laid it out. */
export interface RawMatch {
  id: number;
  /** Library group: 1 = main or winners bracket, 2 = third place (single) or losers bracket (double), 3 = final. */
  group: number;
  round: number;
  number: number;
  sides: [RawSource, RawSource];
}

export interface EliminationTopology {
  kind: 'single' | 'double';
  size: number;
  matches: RawMatch[];
  /** Rounds per library group. */
  roundCounts: Map<number, number>;
}

/** A round-robin match between seed positions (0 = top seed), in its group and round. */
export interface RawRoundRobinMatch {
  group: number;
  round: number;
  number: number;
  seeds: [number, number];
}

const TOURNAMENT = 0;

async function managerWith(participantCount: number) {
  const db = new InMemoryDatabase();
  const manager = new BracketsManager(db);
  const participants = Array.from({ length: participantCount }, (_, i) => ({ tournament_id: TOURNAMENT, name: `#${i}` }));
  // The memory storage numbers rows from 0, so participant i is seed position i.
  await db.insert('participant', participants);
  return { db, manager };
}

async function all<T>(db: InMemoryDatabase, table: 'match' | 'round' | 'group'): Promise<T[]> {
  return ((await db.select<T>(table)) ?? []) as T[];
}

async function buildTopology(kind: 'single' | 'double', size: number): Promise<EliminationTopology> {
  const { db, manager } = await managerWith(size);
  const type: StageType = kind === 'single' ? 'single_elimination' : 'double_elimination';
  await manager.create.stage({
    tournamentId: TOURNAMENT,
    name: kind,
    type,
    seedingIds: Array.from({ length: size }, (_, i) => i),
    settings:
      kind === 'single'
        ? { size, seedOrdering: ['inner_outer'], consolationFinal: size >= 4 }
        : // The reset is ours (the second grand final exists only when needed); 'simple' gives the first one.
          { size, grandFinal: 'simple' },
  });
  const groups = new Map((await all<Group>(db, 'group')).map((g) => [g.id, g.number]));
  const rounds = await all<Round>(db, 'round');
  const roundOf = new Map(rounds.map((r) => [r.id, r]));
  const roundCounts = new Map<number, number>();
  for (const r of rounds) {
    const group = groups.get(r.group_id)!;
    roundCounts.set(group, Math.max(roundCounts.get(group) ?? 0, r.number));
  }
  const stored = await all<Match>(db, 'match');
  const raw = new Map<number, { group: number; round: number; number: number; sides: (RawSource | null)[] }>();
  for (const m of stored) {
    const group = groups.get(m.group_id as number)!;
    const round = roundOf.get(m.round_id as number)!.number;
    const sides: (RawSource | null)[] = [null, null];
    if (group === 1 && round === 1) {
      sides[0] = { seed: m.opponent1!.id as number };
      sides[1] = { seed: m.opponent2!.id as number };
    }
    raw.set(m.id as number, { group, round, number: m.number, sides });
  }
  const place = (matchId: number, side: 'opponent1' | 'opponent2', source: RawSource) => {
    const target = raw.get(matchId)!;
    const index = side === 'opponent1' ? 0 : 1;
    if (target.sides[index]) throw new Error(`brackets-manager topology: match ${matchId} ${side} fed twice`);
    target.sides[index] = source;
  };
  for (const m of stored) {
    const id = m.id as number;
    const { group, round } = raw.get(id)!;
    const location = helpers.getMatchLocation(type, group);
    if (location === 'final_group') continue;
    // The same choices as the library's own propagation (BaseUpdater.applyToNextMatches).
    const next = await manager.find.nextMatches(id);
    const side = helpers.getNextSide(m.number, round, roundCounts.get(group)!, location);
    if (next[0]) place(next[0].id as number, side, { winnerOf: id });
    if (next[1]) {
      const loserSide =
        location === 'winner_bracket' ? helpers.getNextSideLoserBracket(m.number, next[1], round) : side;
      place(next[1].id as number, loserSide, { loserOf: id });
    }
  }
  const matches: RawMatch[] = [...raw.entries()].map(([id, m]) => {
    const [a, b] = m.sides;
    if (!a || !b) throw new Error(`brackets-manager topology: match ${id} has a side nobody feeds`);
    return { id, group: m.group, round: m.round, number: m.number, sides: [a, b] };
  });
  return { kind, size, matches, roundCounts };
}

async function buildRoundRobin(participantCount: number, groupCount: number): Promise<RawRoundRobinMatch[]> {
  const { db, manager } = await managerWith(participantCount);
  await manager.create.stage({
    tournamentId: TOURNAMENT,
    name: 'round robin',
    type: 'round_robin',
    seedingIds: Array.from({ length: participantCount }, (_, i) => i),
    // Snake seeding into pools (D19): 1-2-3, 6-5-4, 7-8-9...
    settings: { groupCount, seedOrdering: ['groups.seed_optimized'] },
  });
  const groups = new Map((await all<Group>(db, 'group')).map((g) => [g.id, g.number]));
  const rounds = new Map((await all<Round>(db, 'round')).map((r) => [r.id, r.number]));
  return (await all<Match>(db, 'match')).map((m) => ({
    group: groups.get(m.group_id as number)!,
    round: rounds.get(m.round_id as number)!,
    number: m.number,
    seeds: [m.opponent1!.id as number, m.opponent2!.id as number],
  }));
}

// Bounded: a size appears once per tournament size ever seen, a few dozen at most; the bound only guards memory.
const MAX_CACHED = 256;
const cache = new Map<string, Promise<unknown>>();

function memo<T>(key: string, build: () => Promise<T>): Promise<T> {
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    hit = build();
    cache.set(key, hit);
    // A failed build is not kept: the next call tries again.
    hit.catch(() => cache.delete(key));
  }
  return hit;
}

/** The full bracket of `size` (a power of two) seed positions. */
export function eliminationTopology(kind: 'single' | 'double', size: number): Promise<EliminationTopology> {
  return memo(`${kind}:${size}`, () => buildTopology(kind, size));
}

/** Round-robin matches of `participantCount` seed positions snake-seeded into `groupCount` groups. */
export function roundRobinMatches(participantCount: number, groupCount: number): Promise<RawRoundRobinMatch[]> {
  return memo(`rr:${participantCount}:${groupCount}`, () => buildRoundRobin(participantCount, groupCount));
}
