import {
  doubleEliminationBracket,
  doubleEliminationPlaces,
  grandFinalReset,
  singleEliminationBracket,
  singleEliminationPlaces,
  specsOf,
} from './elimination.ts';
import { roundRobinMatches } from './library.ts';
import type { FormatPlan } from './plan.ts';
import { poolPlayPlan } from './pool-play.ts';
import { Replay, type MatchSpec } from './replay.ts';
import { placesFromStandings, roundRobinStandings } from './standings.ts';
import { swissPlan } from './swiss.ts';
import type { BracketInput, BracketState, EngineEntrant, Format } from './types.ts';
import { BEST_OF } from './constants.ts';

/** An input no bracket can be made of (a caller's bug, not a user's mistake: the service checks first). */
export class EngineInputError extends Error {}

const none = (): MatchSpec[] => [];

async function planFor(format: Format, entrants: readonly EngineEntrant[]): Promise<FormatPlan> {
  const ids = entrants.map((e) => e.id);
  switch (format) {
    case 'single-elimination': {
      const bracket = await singleEliminationBracket(ids.length, 'main');
      return {
        initial: specsOf(bracket, ids),
        extend: none,
        finished: () => true,
        standings: () => [],
        places: (replay) => singleEliminationPlaces(bracket, replay),
      };
    }
    case 'double-elimination': {
      const bracket = await doubleEliminationBracket(ids.length);
      return {
        initial: specsOf(bracket, ids),
        extend: grandFinalReset,
        finished: () => true,
        standings: () => [],
        places: (replay) => doubleEliminationPlaces(bracket, replay),
      };
    }
    case 'round-robin': {
      const raw = await roundRobinMatches(ids.length, 1);
      const standings = (replay: Replay) => roundRobinStandings(ids, replay.played(), (id) => replay.seed(id), 0);
      return {
        initial: [...raw]
          .sort((x, y) => x.round - y.round || x.number - y.number)
          .map((m) => ({
            key: `round-robin:r${m.round}:m${m.number}`,
            stage: 'round-robin',
            group: 0,
            round: m.round,
            bestOf: BEST_OF,
            sides: [{ entrant: ids[m.seeds[0]]! }, { entrant: ids[m.seeds[1]]! }],
          })),
        extend: none,
        finished: () => true,
        standings,
        places: (replay) => placesFromStandings(standings(replay), (id) => replay.isWithdrawn(id)),
      };
    }
    case 'swiss':
      return swissPlan(entrants);
    case 'pool-play':
      return poolPlayPlan(entrants);
  }
}

function seeded(entrants: readonly EngineEntrant[]): EngineEntrant[] {
  if (entrants.length < 2) throw new EngineInputError('A bracket needs at least 2 entrants');
  if (new Set(entrants.map((e) => e.id)).size !== entrants.length) throw new EngineInputError('Entrant ids repeat');
  if (new Set(entrants.map((e) => e.seed)).size !== entrants.length) throw new EngineInputError('Seeds repeat');
  return [...entrants].sort((x, y) => x.seed - y.seed);
}

/**
 * The bracket of `input` (ADR 022): laid out afresh from the entrants (brackets-manager for single and double
 * elimination, round robin and pools, swiss-pairing for Swiss), then the results replayed in `seq` order, each
 * applying only while its match has the two entrants it was reported between. Pure: the same input gives the same
 * output. Async only because brackets-manager's storage API is; the layout of each size is computed once and kept.
 */
export async function computeBracket(input: BracketInput): Promise<BracketState> {
  const entrants = seeded(input.entrants);
  const plan = await planFor(input.format, entrants);
  const replay = new Replay(entrants, plan.extend);
  replay.add(plan.initial);
  replay.run(input.results);
  const matches = replay.toMatches();
  const complete = matches.every((m) => m.completed) && plan.finished(replay);
  return {
    format: input.format,
    matches,
    standings: plan.standings(replay),
    complete,
    places: complete ? plan.places(replay) : [],
    dropped: replay.dropped,
  };
}
