// computeBracket for every format and size of the issue: generation, byes, play to completion, places, standings.
import { describe, expect, it } from 'vitest';
import { computeBracket, EngineInputError } from './compute-bracket.ts';
import {
  betterSeedWins,
  entrantsOf,
  idOf,
  openMatches,
  playOut,
  resultFor,
  seedOf,
  seeds,
  worseSeedWins,
} from './test-support.ts';
import type { BracketState, EngineMatch, Format } from './types.ts';

const SIZES = [2, 3, 5, 8, 13, 32];
const size = (n: number) => 2 ** Math.ceil(Math.log2(n));
const pools = (n: number) => (n < 6 ? 1 : Math.ceil(n / 5));
const pairs = (k: number) => (k * (k - 1)) / 2;
const empty = (format: Format, n: number) => computeBracket({ format, entrants: entrantsOf(n), results: [] });

/** Losses per entrant over `matches`. */
function losses(matches: readonly EngineMatch[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of matches.filter((x) => x.completed)) {
    const loser = m.winnerId === m.entrantAId ? m.entrantBId! : m.entrantAId!;
    out.set(loser, (out.get(loser) ?? 0) + 1);
  }
  return out;
}

function expectSound(state: BracketState) {
  const numbers = state.matches.map((m) => m.number);
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  expect(new Set(state.matches.map((m) => m.key)).size).toBe(state.matches.length);
  for (const m of state.matches) {
    if (m.entrantAId !== null) expect(m.entrantAId).not.toBe(m.entrantBId);
  }
}

describe('generation', () => {
  it.each(SIZES)('single elimination, %i entrants: log2(bracket size) rounds, byes to the top seeds', async (n) => {
    const state = await empty('single-elimination', n);
    expectSound(state);
    const main = state.matches.filter((m) => m.stage === 'main');
    expect(new Set(main.map((m) => m.round)).size).toBe(Math.log2(size(n)));
    expect(main).toHaveLength(n - 1);
    expect(state.matches.filter((m) => m.stage === 'third-place')).toHaveLength(n >= 4 ? 1 : 0);
    const byes = size(n) - n;
    const first = main.filter((m) => m.round === 1);
    expect(first).toHaveLength(n - size(n) / 2);
    // Seeds 1..byes skip round 1 and are already placed in round 2; everyone else plays round 1.
    const firstSeeds = first.flatMap((m) => seeds([m.entrantAId, m.entrantBId]));
    expect(new Set(firstSeeds)).toEqual(new Set(Array.from({ length: n - byes }, (_, i) => byes + i + 1)));
    const secondSeeds = main.filter((m) => m.round === 2).flatMap((m) => seeds([m.entrantAId, m.entrantBId]));
    for (let seed = 1; seed <= byes; seed++) expect(secondSeeds).toContain(seed);
    expect(state.matches.every((m) => m.bestOf === (m.round >= Math.log2(size(n)) - 1 ? 5 : 3) || m.stage === 'third-place')).toBe(true);
  });

  it.each(SIZES)('double elimination, %i entrants: winners and losers brackets and a grand final', async (n) => {
    const state = await empty('double-elimination', n);
    expectSound(state);
    const by = (stage: string) => state.matches.filter((m) => m.stage === stage);
    expect(by('winners')).toHaveLength(n - 1);
    expect(by('losers')).toHaveLength(n - 2);
    expect(by('grand-final')).toHaveLength(1);
    expect(new Set(by('winners').map((m) => m.round)).size).toBe(Math.log2(size(n)));
    // Losers rounds are numbered from 1 without gaps even when byes leave a round of the full bracket empty.
    const losersRounds = [...new Set(by('losers').map((m) => m.round))];
    expect(losersRounds).toEqual(losersRounds.map((_, i) => i + 1));
    expect(by('grand-final')[0]!.bestOf).toBe(5);
  });

  it.each(SIZES)('round robin, %i entrants: everyone plays everyone once, once a round at most', async (n) => {
    const state = await empty('round-robin', n);
    expectSound(state);
    expect(state.matches).toHaveLength(pairs(n));
    expect(new Set(state.matches.map((m) => m.round)).size).toBe(n % 2 === 0 ? n - 1 : n);
    const met = new Set(state.matches.map((m) => [m.entrantAId, m.entrantBId].sort().join('-')));
    expect(met.size).toBe(pairs(n));
    for (const round of new Set(state.matches.map((m) => m.round))) {
      const playing = state.matches.filter((m) => m.round === round).flatMap((m) => [m.entrantAId, m.entrantBId]);
      expect(new Set(playing).size).toBe(playing.length);
    }
    expect(state.matches.every((m) => m.bestOf === 3)).toBe(true);
    expect(state.standings.map((s) => s.rank)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
  });

  it.each(SIZES)('swiss, %i entrants: round 1 only, top half against bottom half, the bye to the last seed', async (n) => {
    const state = await empty('swiss', n);
    expectSound(state);
    expect(state.matches).toHaveLength(Math.floor(n / 2));
    expect(state.matches.every((m) => m.round === 1)).toBe(true);
    const half = Math.floor(n / 2);
    expect(state.matches.map((m) => seeds([m.entrantAId, m.entrantBId]))).toEqual(
      Array.from({ length: half }, (_, i) => [i + 1, half + i + 1]),
    );
  });

  it.each([2, 3, 5, 6, 8, 13, 32])('pool play, %i entrants: even pools of 3 to 5, snake-seeded', async (n) => {
    const state = await empty('pool-play', n);
    expectSound(state);
    const members = new Map<number, Set<number>>();
    for (const m of state.matches) {
      expect(m.stage).toBe('pool');
      members.set(m.group, new Set([...(members.get(m.group) ?? []), m.entrantAId!, m.entrantBId!]));
    }
    expect(members.size).toBe(pools(n));
    const sizes = [...members.values()].map((s) => s.size);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    if (n >= 6) expect(sizes.every((k) => k >= 3 && k <= 5)).toBe(true);
    expect(state.matches).toHaveLength(sizes.reduce((sum, k) => sum + pairs(k), 0));
    // Snake: seeds 1..P one per pool, then P+1..2P in reverse order.
    const P = pools(n);
    for (let seed = 1; seed <= Math.min(2 * P, n); seed++) {
      const pool = [...members.entries()].find(([, s]) => s.has(idOf(seed)))![0];
      expect(pool).toBe(seed <= P ? seed : 2 * P - seed + 1);
    }
  });
});

const FORMATS: Format[] = ['single-elimination', 'double-elimination', 'round-robin', 'swiss', 'pool-play'];
const ELIMINATION: Format[] = ['single-elimination', 'double-elimination', 'pool-play'];

describe.each(FORMATS)('%s played to completion', (format) => {
  it.each(SIZES)('%i entrants, better seeds winning: complete, places and standings', async (n) => {
    const { state } = await playOut(format, entrantsOf(n));
    expectSound(state);
    expect(state.complete).toBe(true);
    expect(state.dropped).toEqual([]);
    expect(state.places).toHaveLength(Math.min(4, n));
    expect(new Set(state.places).size).toBe(state.places.length);
    if (format !== 'swiss') expect(seeds(state.places)).toEqual([1, 2, 3, 4].slice(0, Math.min(4, n)));
    if (format === 'swiss') {
      const rounds = Math.ceil(Math.log2(n));
      expect(state.matches).toHaveLength(rounds * Math.floor(n / 2));
      // Byes are wins with no games: wins add up to matches plus byes.
      const wins = state.standings.reduce((sum, s) => sum + s.wins, 0);
      expect(wins).toBe(state.matches.length + (n % 2) * rounds);
      expect(seeds(state.places)[0]).toBe(1);
    }
    if (format === 'round-robin' || format === 'swiss' || format === 'pool-play') {
      expect(state.standings).toHaveLength(n);
      expect(new Set(state.standings.map((s) => s.entrantId)).size).toBe(n);
    } else expect(state.standings).toEqual([]);
  });

  it.each(SIZES)('%i entrants, worse seeds winning: still complete, every match decided once', async (n) => {
    const { state } = await playOut(format, entrantsOf(n), worseSeedWins);
    expect(state.complete).toBe(true);
    expect(state.places).toHaveLength(Math.min(4, n));
    expect(new Set(state.places).size).toBe(state.places.length);
    if (ELIMINATION.includes(format)) {
      const champion = state.places[0]!;
      const last = state.matches.filter((m) => m.entrantAId === champion || m.entrantBId === champion).at(-1)!;
      expect(last.winnerId).toBe(champion);
    }
  });
});

describe('elimination losses (the byes of brackets-manager #54/#184 would break these)', () => {
  it.each(SIZES)('single elimination, %i entrants: everyone but the champion loses once in the main bracket', async (n) => {
    const { state } = await playOut('single-elimination', entrantsOf(n), worseSeedWins);
    const lost = losses(state.matches.filter((m) => m.stage === 'main'));
    expect(lost.has(state.places[0]!)).toBe(false);
    expect([...lost.values()].every((k) => k === 1)).toBe(true);
    expect(lost.size).toBe(n - 1);
  });

  it.each([...SIZES, 4, 6, 7])('double elimination, %i entrants: everyone but the champion loses twice', async (n) => {
    for (const choose of [betterSeedWins, worseSeedWins, (m: EngineMatch) => (m.number * 7) % 3 !== 0]) {
      const { state } = await playOut('double-elimination', entrantsOf(n), choose);
      expect(state.complete).toBe(true);
      const lost = losses(state.matches);
      const [champion, ...rest] = state.places;
      // Once in the first grand final when the reset was needed, never otherwise.
      expect(lost.get(champion!) ?? 0).toBe(state.matches.some((m) => m.key === 'grand-final:r2:m1') ? 1 : 0);
      for (const id of entrantsOf(n).map((e) => e.id).filter((id) => id !== champion)) expect(lost.get(id)).toBe(2);
      // Third and fourth: the last two out of the losers bracket.
      const losersOut = state.matches.filter((m) => m.stage === 'losers').map((m) => (m.winnerId === m.entrantAId ? m.entrantBId : m.entrantAId));
      expect(rest.slice(1)).toEqual(losersOut.reverse().slice(0, rest.length - 1));
    }
  });
});

describe('withdrawals (D20)', () => {
  it('a withdrawn entrant forfeits each open match: the opponent advances with no games', async () => {
    const state = await computeBracket({ format: 'single-elimination', entrants: entrantsOf(4, [4]), results: [] });
    const first = state.matches.find((m) => seeds([m.entrantAId, m.entrantBId]).includes(4))!;
    expect(first).toMatchObject({ completed: true, forfeit: true, winnerId: idOf(1), scoreA: null, scoreB: null, resultSeq: null });
    expect(openMatches(state).map((m) => seeds([m.entrantAId, m.entrantBId]))).toEqual([[2, 3]]);
  });

  it('keeps a result reported before the withdrawal and forfeits only what is still open', async () => {
    const played = await computeBracket({ format: 'single-elimination', entrants: entrantsOf(4), results: [] });
    const twoThree = played.matches.find((m) => m.key === 'main:r1:m2')!;
    const results = [resultFor(twoThree, false, 1)]; // seed 3 beats seed 2
    const state = await computeBracket({ format: 'single-elimination', entrants: entrantsOf(4, [3]), results });
    expect(state.matches.find((m) => m.key === 'main:r1:m2')).toMatchObject({ winnerId: idOf(3), forfeit: false, resultSeq: 1 });
    const after = await playOut('single-elimination', entrantsOf(4, [3]), betterSeedWins, results);
    const final = after.state.matches.find((m) => m.key === 'main:r2:m1')!;
    expect(final).toMatchObject({ forfeit: true, winnerId: idOf(1) });
    expect(seeds(after.state.places)).toEqual([1, 3, 2, 4]);
  });

  it('when both sides are withdrawn the better seed advances', async () => {
    const state = await computeBracket({ format: 'single-elimination', entrants: entrantsOf(2, [1, 2]), results: [] });
    expect(state).toMatchObject({ complete: true, places: [idOf(1), idOf(2)] });
  });

  it('counts a forfeit as a win with no games in round-robin standings, and places the withdrawn last', async () => {
    const { state } = await playOut('round-robin', entrantsOf(3, [1]));
    const top = state.standings.find((s) => s.entrantId === idOf(2))!;
    expect(top).toMatchObject({ wins: 2, losses: 0, gamesWon: 2, gamesLost: 1 });
    expect(state.standings.find((s) => s.entrantId === idOf(1))).toMatchObject({ wins: 0, losses: 2, gamesWon: 0 });
    expect(seeds(state.places)).toEqual([2, 3, 1]);
  });

  it('keeps a withdrawn Swiss entrant in the pairing, so rounds played before the withdrawal stand', async () => {
    const { results } = await playOut('swiss', entrantsOf(8));
    const withdrawn = await computeBracket({ format: 'swiss', entrants: entrantsOf(8, [2]), results });
    expect(withdrawn.dropped).toEqual([]);
    expect(withdrawn.matches.map((m) => [m.key, m.entrantAId, m.entrantBId])).toEqual(
      (await computeBracket({ format: 'swiss', entrants: entrantsOf(8), results })).matches.map((m) => [m.key, m.entrantAId, m.entrantBId]),
    );
    expect(seeds(withdrawn.places)).not.toContain(2);
  });
});

describe('replay', () => {
  it('drops results whose match has other entrants, does not exist, or whose score cannot end it', async () => {
    const state = await computeBracket({ format: 'single-elimination', entrants: entrantsOf(4), results: [] });
    const m = state.matches.find((x) => x.key === 'main:r1:m1')!;
    const results = [
      { ...resultFor(m, true, 1), entrantBId: idOf(3) },
      { ...resultFor(m, true, 2), key: 'main:r9:m1' },
      { ...resultFor(m, true, 3), scoreA: 2, scoreB: 2 },
    ];
    const after = await computeBracket({ format: 'single-elimination', entrants: entrantsOf(4), results });
    expect(after.dropped).toEqual(['main:r1:m1', 'main:r9:m1', 'main:r1:m1']);
    expect(after.matches.find((x) => x.key === 'main:r1:m1')!.completed).toBe(false);
  });

  it('applies a result in either side order, swapping its scores', async () => {
    const state = await computeBracket({ format: 'round-robin', entrants: entrantsOf(2), results: [] });
    const m = state.matches[0]!;
    const r = { key: m.key, entrantAId: m.entrantBId!, entrantBId: m.entrantAId!, scoreA: 2, scoreB: 1, seq: 1 };
    const after = await computeBracket({ format: 'round-robin', entrants: entrantsOf(2), results: [r] });
    expect(after.matches[0]).toMatchObject({ scoreA: 1, scoreB: 2, winnerId: m.entrantBId });
  });

  it('lets a result wait for its match when an upstream result was reported after it', async () => {
    const { results } = await playOut('single-elimination', entrantsOf(4));
    const reordered = results.map((r) => (r.key === 'main:r1:m1' ? { ...r, seq: 99 } : r));
    const state = await computeBracket({ format: 'single-elimination', entrants: entrantsOf(4), results: reordered });
    expect(state.dropped).toEqual([]);
    expect(state.complete).toBe(true);
  });

  it('does not let a dropped result hold up a later one waiting for the same round', async () => {
    // The third-place result names the wrong pair and the final's came in before the semi-finals (seq 1 and 2):
    // both wait; when the semi-finals are in, the first is dropped and the second must still apply.
    const [a, b, c, d] = [1, 2, 3, 4].map(idOf) as [number, number, number, number];
    const results = [
      { key: 'third-place:r1:m1', entrantAId: d, entrantBId: c, scoreA: 3, scoreB: 0, seq: 1 },
      { key: 'main:r2:m1', entrantAId: a, entrantBId: c, scoreA: 3, scoreB: 1, seq: 2 },
      { key: 'main:r1:m1', entrantAId: a, entrantBId: d, scoreA: 3, scoreB: 0, seq: 3 },
      { key: 'main:r1:m2', entrantAId: b, entrantBId: c, scoreA: 0, scoreB: 3, seq: 4 },
    ];
    const state = await computeBracket({ format: 'single-elimination', entrants: entrantsOf(4), results });
    expect(state.dropped).toEqual(['third-place:r1:m1']);
    expect(state.matches.find((m) => m.key === 'main:r2:m1')).toMatchObject({ completed: true, winnerId: a, resultSeq: 2 });
  });

  it('gives the same answer for the same input', async () => {
    const { results } = await playOut('swiss', entrantsOf(13), (m) => (m.number * 5) % 3 === 0);
    const input = { format: 'swiss' as const, entrants: entrantsOf(13, [7]), results };
    expect(await computeBracket(input)).toEqual(await computeBracket(structuredClone(input)));
  });

  it('refuses fewer than two entrants and repeated seeds', async () => {
    await expect(computeBracket({ format: 'swiss', entrants: entrantsOf(1), results: [] })).rejects.toThrow(EngineInputError);
    const twins = entrantsOf(2).map((e) => ({ ...e, seed: 1 }));
    await expect(computeBracket({ format: 'swiss', entrants: twins, results: [] })).rejects.toThrow('Seeds repeat');
  });

  it('uses the seeds, not the order or the ids, of the entrants', async () => {
    const shuffled = entrantsOf(5).reverse();
    const state = await computeBracket({ format: 'single-elimination', entrants: shuffled, results: [] });
    expect(seeds([state.matches[0]!.entrantAId, state.matches[0]!.entrantBId])).toEqual([4, 5]);
    expect(seedOf(idOf(4))).toBe(4);
  });
});
