import swissPairing, { type PairedMatch } from 'swiss-pairing';
import { declareBlossomGlobals } from './blossom-globals.ts';
import type { FormatPlan } from './plan.ts';
import type { MatchSpec, Replay } from './replay.ts';
import { placesFromStandings, swissStandings } from './standings.ts';
import type { EngineEntrant, Standing } from './types.ts';
import { BEST_OF } from './constants.ts';

// One point a win. A rematch costs more than any spread of score groups can over ceil(log2 n) rounds (at most
// 16 pairs x 5^2 for 32 entrants), so the matching avoids rematches whenever a pairing without one exists.
const pairing = swissPairing({ maxPerRound: 1, rematchWeight: 10_000, standingPower: 2 });

/** Swiss rounds for `count` entrants (D19). */
/**
 * Round 1, where every score is 0 and swiss-pairing's choice is arbitrary (1 v 2 for 4 or 8 entrants): the usual
 * Swiss fold, top half against bottom half by seed (1 v n/2+1, 2 v n/2+2, ...), so top seeds do not meet at once.
 */
function firstRound(bySeed: readonly number[], bye: number | undefined): [number, number][] {
  const playing = bySeed.filter((id) => id !== bye);
  const half = playing.length / 2;
  return playing.slice(0, half).map((id, i) => [id, playing[half + i]!]);
}

export function swissRoundCount(count: number): number {
  return Math.ceil(Math.log2(count));
}

/**
 * Swiss (D19): ceil(log2 n) rounds, each paired once the previous round is complete: round 1 by seed (see
 * `firstRound`), later rounds by swiss-pairing (minimum-cost matching within score groups, no rematches). With an odd count the bye (a win with no games) goes first to the
 * lowest-ranked entrant who has not had one; we choose it, then pair the others. Withdrawn entrants stay in the
 * pairing (their opponents win by forfeit): a withdrawal carries no time, and leaving them out would re-pair rounds
 * played before it.
 */
export function swissPlan(entrants: readonly EngineEntrant[]): FormatPlan {
  const ids = entrants.map((e) => e.id);
  const rounds = swissRoundCount(ids.length);
  const byeRounds = new Map<number, number>();
  const byeCounts = () => {
    const counts = new Map<number, number>();
    for (const id of byeRounds.values()) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  };
  const standingsOf = (replay: Replay) => swissStandings(ids, replay.played(), byeCounts(), (id) => replay.seed(id));
  let paired = 0;

  function nextRound(replay: Replay): MatchSpec[] {
    if (paired === rounds) return [];
    if (replay.specs.some((s) => s.round === paired && !replay.isCompleted(s.key))) return [];
    const round = paired + 1;
    const standings = standingsOf(replay);
    const rank = new Map(standings.map((s) => [s.entrantId, s.rank]));
    let bye: number | undefined;
    if (ids.length % 2 === 1) {
      const lowestFirst = standings.map((s) => s.entrantId).reverse();
      const had = new Set(byeRounds.values());
      bye = lowestFirst.find((id) => !had.has(id)) ?? lowestFirst[0]!;
      byeRounds.set(round, bye);
    }
    const history: PairedMatch[] = replay.played().map((p) => ({
      round: p.spec.round,
      home: { id: String(p.a), points: p.winnerId === p.a ? 1 : 0 },
      away: { id: String(p.b), points: p.winnerId === p.b ? 1 : 0 },
    }));
    for (const [r, id] of byeRounds) {
      if (r < round) history.push({ round: r, home: { id: String(id), points: 1 }, away: { id: null, points: 0 } });
    }
    const pairs = (round === 1 ? firstRound(ids, bye) : laterRound(round, bye, history))
      .map((pair) => [...pair].sort((x, y) => rank.get(x)! - rank.get(y)!) as [number, number])
      .sort(([x], [y]) => rank.get(x)! - rank.get(y)!);
    paired = round;
    return pairs.map(([a, b], i) => ({
      key: `swiss:r${round}:m${i + 1}`,
      stage: 'swiss',
      group: 0,
      round,
      bestOf: BEST_OF,
      sides: [{ entrant: a }, { entrant: b }],
    }));
  }

  function laterRound(round: number, bye: number | undefined, history: PairedMatch[]): [number, number][] {
    const participants = entrants.map((e) => ({ id: String(e.id), seed: e.seed, droppedOut: e.id === bye }));
    declareBlossomGlobals();
    return pairing.getMatchups(round, participants, history).map(({ home, away }) => [Number(home), Number(away)]);
  }

  return {
    initial: [],
    extend: nextRound,
    finished: () => paired === rounds,
    standings: (replay): Standing[] => standingsOf(replay),
    places: (replay) => placesFromStandings(standingsOf(replay), (id) => replay.isWithdrawn(id)),
  };
}
