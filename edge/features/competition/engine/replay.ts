import { validateScore } from './best-of.ts';
import type { EngineEntrant, EngineMatch, ReportedResult, Stage } from './types.ts';

/** Where a side of a match comes from: a known entrant, or the winner or loser of another match (by key). */
export type Source = { entrant: number } | { winnerOf: string } | { loserOf: string };

/** A match as a format lays it out, before anything is played. */
export interface MatchSpec {
  key: string;
  stage: Stage;
  group: number;
  round: number;
  bestOf: 3 | 5;
  sides: [Source, Source];
}

interface Outcome {
  winnerId: number;
  loserId: number;
  /** Games won by the match's A and B sides; null for a forfeit. */
  scoreA: number | null;
  scoreB: number | null;
  forfeit: boolean;
  seq: number | null;
}

/** A completed match seen from its sides, for standings. */
export interface Played {
  spec: MatchSpec;
  a: number;
  b: number;
  winnerId: number;
  loserId: number;
  /** Games won by `a` and `b`: 0 and 0 for a forfeit (D20: no games). */
  gamesA: number;
  gamesB: number;
  forfeit: boolean;
}

/**
 * The replay (ADR 022): matches are laid out afresh, then results are applied in ascending `seq`. A result applies
 * only while its match is open and has exactly the two entrants it was reported between; otherwise it is dropped
 * (a result whose match is not ready yet waits for it, see `apply`).
 * Nothing is ever undone within a replay, so once a match has its two entrants they stay: a format may lay out
 * more matches (the next Swiss round, the playoff, the reset of a grand final) from what is decided so far.
 */
export class Replay {
  readonly specs: MatchSpec[] = [];
  readonly dropped: string[] = [];
  private readonly byKey = new Map<string, MatchSpec>();
  private readonly outcomes = new Map<string, Outcome>();
  private readonly withdrawn: Set<number>;
  private readonly seedOf: Map<number, number>;
  /** Results not applied yet, by match key: a withdrawal never pre-empts a result still to come (see `settle`). */
  private readonly pending = new Map<string, ReportedResult[]>();

  private readonly extend: (replay: Replay) => MatchSpec[];

  constructor(entrants: readonly EngineEntrant[], extend: (replay: Replay) => MatchSpec[]) {
    this.extend = extend;
    this.withdrawn = new Set(entrants.filter((e) => e.withdrawn).map((e) => e.id));
    this.seedOf = new Map(entrants.map((e) => [e.id, e.seed]));
  }

  /** Lays out matches; they must come after every match their sides come from. */
  add(specs: readonly MatchSpec[]): void {
    for (const spec of specs) {
      if (this.byKey.has(spec.key)) throw new Error(`Duplicate match key ${spec.key}`);
      this.specs.push(spec);
      this.byKey.set(spec.key, spec);
    }
  }

  run(results: readonly ReportedResult[]): void {
    const ordered = [...results].sort((x, y) => x.seq - y.seq || (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    for (const r of ordered) this.pending.set(r.key, [...(this.pending.get(r.key) ?? []), r]);
    this.settle();
    const waiting: ReportedResult[] = [];
    const dropped: ReportedResult[] = [];
    const done = (r: ReportedResult) => {
      waiting.splice(waiting.indexOf(r), 1);
      const queue = this.pending.get(r.key)!;
      queue.splice(queue.indexOf(r), 1);
    };
    for (const r of ordered) {
      waiting.push(r);
      // Each applied result may make an earlier one's match ready: start over from the earliest still waiting,
      // until a whole pass leaves every waiting result waiting.
      let decided = true;
      while (decided) {
        decided = false;
        for (const w of waiting) {
          const verdict = this.apply(w);
          if (verdict === 'wait') continue;
          done(w);
          if (verdict === 'drop') dropped.push(w);
          else this.settle();
          decided = true;
          break;
        }
      }
    }
    // Still waiting at the end: their match never got both entrants (or does not exist).
    this.dropped.push(...[...dropped, ...waiting].sort((x, y) => x.seq - y.seq).map((r) => r.key));
  }

  entrantOf(source: Source): number | null {
    if ('entrant' in source) return source.entrant;
    const outcome = this.outcomes.get('winnerOf' in source ? source.winnerOf : source.loserOf);
    if (!outcome) return null;
    return 'winnerOf' in source ? outcome.winnerId : outcome.loserId;
  }

  sidesOf(spec: MatchSpec): [number | null, number | null] {
    return [this.entrantOf(spec.sides[0]), this.entrantOf(spec.sides[1])];
  }

  spec(key: string): MatchSpec | undefined {
    return this.byKey.get(key);
  }

  isCompleted(key: string): boolean {
    return this.outcomes.has(key);
  }

  winnerOf(key: string): number | null {
    return this.outcomes.get(key)?.winnerId ?? null;
  }

  loserOf(key: string): number | null {
    return this.outcomes.get(key)?.loserId ?? null;
  }

  isWithdrawn(entrantId: number): boolean {
    return this.withdrawn.has(entrantId);
  }

  seed(entrantId: number): number {
    return this.seedOf.get(entrantId)!;
  }

  /** The completed matches among `specs`, from their sides' point of view. */
  played(specs: readonly MatchSpec[] = this.specs): Played[] {
    const out: Played[] = [];
    for (const spec of specs) {
      const outcome = this.outcomes.get(spec.key);
      if (!outcome) continue;
      const [a, b] = this.sidesOf(spec) as [number, number];
      out.push({
        spec,
        a,
        b,
        winnerId: outcome.winnerId,
        loserId: outcome.loserId,
        gamesA: outcome.scoreA ?? 0,
        gamesB: outcome.scoreB ?? 0,
        forfeit: outcome.forfeit,
      });
    }
    return out;
  }

  toMatches(): EngineMatch[] {
    return this.specs.map((spec, i) => {
      const [a, b] = this.sidesOf(spec);
      const outcome = this.outcomes.get(spec.key);
      return {
        key: spec.key,
        stage: spec.stage,
        group: spec.group,
        round: spec.round,
        // Numbers follow the order matches were laid out, which is play order; later stages are laid out later.
        number: i + 1,
        bestOf: spec.bestOf,
        entrantAId: a,
        entrantBId: b,
        scoreA: outcome?.scoreA ?? null,
        scoreB: outcome?.scoreB ?? null,
        winnerId: outcome?.winnerId ?? null,
        completed: outcome !== undefined,
        forfeit: outcome?.forfeit ?? false,
        resultSeq: outcome?.seq ?? null,
      };
    });
  }

  /**
   * A result applies to an open match that has exactly its two entrants. It waits while its match is not laid out
   * or a side is still unknown (an upstream result re-reported later than it); it is dropped once the match has
   * other entrants or is already decided, since within a replay a match's entrants never change once known.
   */
  private apply(r: ReportedResult): 'applied' | 'wait' | 'drop' {
    const spec = this.byKey.get(r.key);
    if (!spec) return 'wait';
    if (this.outcomes.has(r.key)) return 'drop';
    const [a, b] = this.sidesOf(spec);
    if (a === null || b === null) return 'wait';
    if (r.forfeitWinnerId !== undefined) {
      if (!samePair(r, a, b) || (r.forfeitWinnerId !== a && r.forfeitWinnerId !== b)) return 'drop';
      const loserId = r.forfeitWinnerId === a ? b : a;
      this.outcomes.set(r.key, { winnerId: r.forfeitWinnerId, loserId, scoreA: null, scoreB: null, forfeit: true, seq: r.seq });
      return 'applied';
    }
    let scoreA: number, scoreB: number;
    if (r.entrantAId === a && r.entrantBId === b) [scoreA, scoreB] = [r.scoreA, r.scoreB];
    else if (r.entrantAId === b && r.entrantBId === a) [scoreA, scoreB] = [r.scoreB, r.scoreA];
    else return 'drop';
    if (validateScore(spec.bestOf, { scoreA, scoreB }) !== null) return 'drop';
    const [winnerId, loserId] = scoreA > scoreB ? [a, b] : [b, a];
    this.outcomes.set(r.key, { winnerId, loserId, scoreA, scoreB, forfeit: false, seq: r.seq });
    return 'applied';
  }

  /**
   * Forfeits (D20) and whatever the format lays out next, until nothing changes. An open match with both sides known
   * and a withdrawn side is a forfeit won by the other side (both withdrawn: the better seed), unless a result
   * between these two is still to be applied: the withdrawal carries no time, and a match played before it keeps
   * its result. One pass in layout order settles chains of forfeits, since a match comes after its sources.
   */
  private settle(): void {
    for (;;) {
      for (const spec of this.specs) {
        if (this.outcomes.has(spec.key)) continue;
        const [a, b] = this.sidesOf(spec);
        if (a === null || b === null) continue;
        const outA = this.withdrawn.has(a);
        const outB = this.withdrawn.has(b);
        if (!outA && !outB) continue;
        const stillToCome = this.pending.get(spec.key)?.some((r) => samePair(r, a, b)) ?? false;
        if (stillToCome) continue;
        const winnerId = outA && outB ? (this.seed(a) < this.seed(b) ? a : b) : outA ? b : a;
        const loserId = winnerId === a ? b : a;
        this.outcomes.set(spec.key, { winnerId, loserId, scoreA: null, scoreB: null, forfeit: true, seq: null });
      }
      const more = this.extend(this);
      if (more.length === 0) return;
      this.add(more);
    }
  }
}

function samePair(r: ReportedResult, a: number, b: number): boolean {
  return (r.entrantAId === a && r.entrantBId === b) || (r.entrantAId === b && r.entrantBId === a);
}
