// Small brackets worked out by hand (D19): who meets whom, in which order, and who places where.
import { describe, expect, it } from 'vitest';
import { computeBracket } from './compute-bracket.ts';
import { entrantsOf, idOf, seeds } from './test-support.ts';
import type { BracketState, EngineEntrant, Format, ReportedResult } from './types.ts';

/** A bracket driven by seeds: `play(a, b, ...)` reports the open match between seeds a and b. */
function bracket(format: Format, entrants: EngineEntrant[]) {
  const results: ReportedResult[] = [];
  let state: BracketState;
  const view = () => state.matches.map((m) => [m.number, m.key, m.bestOf, ...seeds([m.entrantAId, m.entrantBId])]);
  return {
    async start() {
      state = await computeBracket({ format, entrants, results });
      return state;
    },
    /** Seed `winner` beats the other of seeds a and b, the loser taking `loserGames`. */
    async play(a: number, b: number, winner: number, loserGames = 0) {
      const m = state.matches.find(
        (x) => !x.completed && new Set(seeds([x.entrantAId, x.entrantBId])).isSupersetOf(new Set([a, b])),
      );
      if (!m) throw new Error(`no open match between seeds ${a} and ${b}: ${JSON.stringify(view())}`);
      const need = m.bestOf === 3 ? 2 : 3;
      const aIsWinner = m.entrantAId === idOf(winner);
      results.push({
        key: m.key,
        entrantAId: m.entrantAId!,
        entrantBId: m.entrantBId!,
        scoreA: aIsWinner ? need : loserGames,
        scoreB: aIsWinner ? loserGames : need,
        seq: results.length + 1,
      });
      state = await computeBracket({ format, entrants, results });
      return state;
    },
    view,
  };
}

describe('single elimination, 5 entrants', () => {
  it('gives seeds 1-3 byes, plays 4 v 5 first, and places by the final and the third-place match', async () => {
    const b = bracket('single-elimination', entrantsOf(5));
    await b.start();
    expect(b.view()).toEqual([
      [1, 'main:r1:m1', 3, 4, 5],
      [2, 'main:r2:m1', 5, 1, null],
      [3, 'main:r2:m2', 5, 2, 3],
      [4, 'third-place:r1:m1', 5, null, null],
      [5, 'main:r3:m1', 5, null, null],
    ]);
    await b.play(4, 5, 5, 1);
    await b.play(1, 5, 1, 2);
    await b.play(2, 3, 3, 2);
    expect(b.view()[3]).toEqual([4, 'third-place:r1:m1', 5, 5, 2]);
    await b.play(2, 5, 2);
    const state = await b.play(1, 3, 3, 1);
    expect(state.complete).toBe(true);
    expect(seeds(state.places)).toEqual([3, 1, 2, 5]);
  });
});

describe('double elimination, 4 entrants', () => {
  async function toGrandFinal() {
    const b = bracket('double-elimination', entrantsOf(4));
    await b.start();
    await b.play(1, 4, 1);
    await b.play(2, 3, 2);
    await b.play(1, 2, 2); // winners final: 1 drops to the losers final
    await b.play(3, 4, 3); // losers round 1: 4 is out (fourth)
    await b.play(1, 3, 1); // losers final: 3 is out (third)
    return b;
  }

  it('plays the grand final again when the losers-bracket winner wins it', async () => {
    const b = await toGrandFinal();
    expect(b.view()).toEqual([
      [1, 'winners:r1:m1', 5, 1, 4],
      [2, 'winners:r1:m2', 5, 2, 3],
      [3, 'winners:r2:m1', 5, 1, 2],
      [4, 'losers:r1:m1', 5, 4, 3],
      [5, 'losers:r2:m1', 5, 1, 3],
      [6, 'grand-final:r1:m1', 5, 2, 1],
    ]);
    let state = await b.play(2, 1, 1); // the losers-bracket winner takes the first grand final
    expect(state.complete).toBe(false);
    expect(b.view()[6]).toEqual([7, 'grand-final:r2:m1', 5, 2, 1]);
    state = await b.play(2, 1, 1, 2);
    expect(state.complete).toBe(true);
    expect(seeds(state.places)).toEqual([1, 2, 3, 4]);
  });

  it('ends with the first grand final when the winners-bracket winner wins it', async () => {
    const b = await toGrandFinal();
    const state = await b.play(2, 1, 2);
    expect(state.complete).toBe(true);
    expect(state.matches.map((m) => m.key)).not.toContain('grand-final:r2:m1');
    expect(seeds(state.places)).toEqual([2, 1, 3, 4]);
  });
});

describe('swiss, 4 entrants', () => {
  it('pairs round 1 by seed, round 2 within score groups without rematches, and ranks by wins, Buchholz, game difference', async () => {
    const b = bracket('swiss', entrantsOf(4));
    await b.start();
    expect(b.view()).toEqual([
      [1, 'swiss:r1:m1', 3, 1, 3],
      [2, 'swiss:r1:m2', 3, 2, 4],
    ]);
    await b.play(1, 3, 1, 0);
    await b.play(2, 4, 4, 1);
    // 1 (+2) and 4 (+1) won; 2 (-1) and 3 (-2) lost.
    expect(b.view().slice(2)).toEqual([
      [3, 'swiss:r2:m1', 3, 1, 4],
      [4, 'swiss:r2:m2', 3, 2, 3],
    ]);
    await b.play(1, 4, 4, 0);
    const state = await b.play(2, 3, 2, 0);
    expect(state.complete).toBe(true);
    // 1 and 2 both 1-1 with Buchholz 2; game difference: 1 has 0, 2 has +1.
    expect(state.standings.map((s) => [seeds([s.entrantId])[0], s.wins, s.buchholz])).toEqual([
      [4, 2, 2],
      [2, 1, 2],
      [1, 1, 2],
      [3, 0, 2],
    ]);
    expect(seeds(state.places)).toEqual([4, 2, 1, 3]);
  });

  it('gives the bye to the lowest-ranked entrant who has not had one, as a win with no games', async () => {
    const b = bracket('swiss', entrantsOf(5));
    let state = await b.start();
    const playing = (round: number) => state.matches.filter((m) => m.round === round).flatMap((m) => seeds([m.entrantAId, m.entrantBId]));
    expect(playing(1)).not.toContain(5);
    await b.play(1, 3, 1);
    state = await b.play(2, 4, 2);
    // Ranked 1, 2 (wins), 5 (bye), then 3 and 4 on no wins, 4 last by seed: 4 has the round-2 bye.
    expect(playing(2).sort()).toEqual([1, 2, 3, 5]);
    const five = state.standings.find((s) => s.entrantId === idOf(5))!;
    expect(five).toMatchObject({ wins: 1, losses: 0, gamesWon: 0, gamesLost: 0 });
  });
});

describe('round robin', () => {
  it('3 entrants in a circle: head-to-head cannot split them, so game difference, games won, then seed', async () => {
    const b = bracket('round-robin', entrantsOf(3));
    await b.start();
    await b.play(1, 2, 1, 1); // 1: +1
    await b.play(2, 3, 2, 0); // 2: -1 +2
    const state = await b.play(1, 3, 3, 1); // 3: -2 +1, 1: +1 -1
    expect(state.standings.map((s) => [seeds([s.entrantId])[0], s.wins, s.gamesWon - s.gamesLost])).toEqual([
      [2, 1, 1],
      [1, 1, 0],
      [3, 1, -1],
    ]);
    expect(seeds(state.places)).toEqual([2, 1, 3]);
  });

  it('4 entrants: two level on wins are ordered by their own match before game difference', async () => {
    const b = bracket('round-robin', entrantsOf(4));
    await b.start();
    await b.play(1, 2, 2, 1); // 2 beats 1, narrowly
    await b.play(1, 3, 1, 0);
    await b.play(1, 4, 1, 0);
    await b.play(2, 3, 3, 1);
    await b.play(2, 4, 2, 1);
    const state = await b.play(3, 4, 4, 0);
    // 1 and 2 have 2 wins; 1 has the better game difference (+3 against +0) but 2 beat 1. Likewise 4 beat 3.
    expect(state.standings.map((s) => [seeds([s.entrantId])[0], s.wins])).toEqual([
      [2, 2],
      [1, 2],
      [4, 1],
      [3, 1],
    ]);
  });
});

describe('pool play, 6 entrants', () => {
  it('snakes two pools of 3, then seeds the playoff by pool place and record once every pool match is in', async () => {
    const b = bracket('pool-play', entrantsOf(6));
    let state = await b.start();
    const pool = (g: number) => new Set(state.matches.filter((m) => m.group === g).flatMap((m) => seeds([m.entrantAId, m.entrantBId])));
    expect([pool(1), pool(2)]).toEqual([new Set([1, 4, 5]), new Set([2, 3, 6])]);
    await b.play(1, 4, 1, 0);
    await b.play(1, 5, 1, 0);
    await b.play(4, 5, 5, 1);
    await b.play(2, 3, 3, 1);
    state = await b.play(2, 6, 2, 0);
    expect(state.matches.some((m) => m.stage === 'playoff')).toBe(false);
    state = await b.play(3, 6, 3, 1);
    // Winners 1 (+4) then 3 (+2); runners-up 2 (+1) then 5 (-1): semi-finals 1 v 5 and 3 v 2.
    expect(b.view().slice(6)).toEqual([
      [7, 'playoff:r1:m1', 5, 1, 5],
      [8, 'playoff:r1:m2', 5, 3, 2],
      [9, 'third-place:r1:m1', 5, null, null],
      [10, 'playoff:r2:m1', 5, null, null],
    ]);
    await b.play(1, 5, 1);
    await b.play(3, 2, 2);
    await b.play(5, 3, 3);
    state = await b.play(1, 2, 2);
    expect(state.complete).toBe(true);
    expect(seeds(state.places)).toEqual([2, 1, 3, 5]);
    expect(state.standings.map((s) => [s.group, s.rank, seeds([s.entrantId])[0]])).toEqual([
      [1, 1, 1],
      [1, 2, 5],
      [1, 3, 4],
      [2, 1, 3],
      [2, 2, 2],
      [2, 3, 6],
    ]);
  });
});
