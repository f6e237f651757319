import { singleEliminationBracket, singleEliminationPlaces, specsOf } from './elimination.ts';
import { roundRobinMatches } from './library.ts';
import type { FormatPlan } from './plan.ts';
import type { MatchSpec, Replay } from './replay.ts';
import { placesFromStandings, roundRobinStandings } from './standings.ts';
import type { EngineEntrant, Standing } from './types.ts';
import { BEST_OF } from './constants.ts';

/** D19: pools of 3 to 5, as even as possible: ceil(n / 5) pools; fewer than 6 entrants play in one pool. */
export function poolCount(entrantCount: number): number {
  return entrantCount < 6 ? 1 : Math.ceil(entrantCount / 5);
}

/**
 * Pool play (D19): snake-seeded round-robin pools (brackets-manager's groups.seed_optimized), then, once every pool
 * match is completed, a single-elimination playoff of the top two of each pool, seeded by pool place, then record
 * (wins, game difference, games won, seed). Places come from the playoff; with one pool the playoff is a final, and
 * third and fourth come from the pool's standings.
 */
export async function poolPlayPlan(entrants: readonly EngineEntrant[]): Promise<FormatPlan> {
  const pools = poolCount(entrants.length);
  const raw = await roundRobinMatches(entrants.length, pools);
  const members = new Map<number, Set<number>>();
  for (const m of raw) {
    const pool = members.get(m.group) ?? new Set<number>();
    for (const seed of m.seeds) pool.add(entrants[seed]!.id);
    members.set(m.group, pool);
  }
  // Play order: round 1 of every pool, then round 2, and so on.
  const poolSpecs: MatchSpec[] = [...raw]
    .sort((x, y) => x.round - y.round || x.group - y.group || x.number - y.number)
    .map((m) => ({
      key: `pool:g${m.group}:r${m.round}:m${m.number}`,
      stage: 'pool',
      group: m.group,
      round: m.round,
      bestOf: BEST_OF,
      sides: [{ entrant: entrants[m.seeds[0]]!.id }, { entrant: entrants[m.seeds[1]]!.id }],
    }));
  const bracket = await singleEliminationBracket(pools === 1 ? 2 : pools * 2, 'playoff');
  let playoffLaidOut = false;

  const standingsOf = (replay: Replay): Standing[] =>
    [...members.keys()]
      .sort((x, y) => x - y)
      .flatMap((pool) =>
        roundRobinStandings(
          [...members.get(pool)!],
          replay.played(poolSpecs.filter((s) => s.group === pool)),
          (id) => replay.seed(id),
          pool,
        ),
      );

  function playoff(replay: Replay): MatchSpec[] {
    if (playoffLaidOut || poolSpecs.some((s) => !replay.isCompleted(s.key))) return [];
    const standings = standingsOf(replay);
    const byRecord = (x: Standing, y: Standing) =>
      y.wins - x.wins ||
      y.gamesWon - y.gamesLost - (x.gamesWon - x.gamesLost) ||
      y.gamesWon - x.gamesWon ||
      replay.seed(x.entrantId) - replay.seed(y.entrantId);
    const place = (rank: number) => standings.filter((s) => s.rank === rank).sort(byRecord);
    const seeded = [...place(1), ...place(2)].map((s) => s.entrantId);
    playoffLaidOut = true;
    return specsOf(bracket, seeded);
  }

  return {
    initial: poolSpecs,
    extend: playoff,
    finished: () => playoffLaidOut,
    standings: standingsOf,
    places: (replay) => {
      const places = singleEliminationPlaces(bracket, replay);
      const rest = standingsOf(replay).filter((s) => !places.includes(s.entrantId));
      return [...places, ...placesFromStandings(rest, (id) => replay.isWithdrawn(id))].slice(0, 4);
    },
  };
}
