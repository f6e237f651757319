import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { HTTPException } from 'hono/http-exception';
import type { Db } from '../../../db/client.ts';
import { entrants, matches, matchHistory, type Entrant, type MatchRow } from '../../../db/schema/competition.ts';
import { tournaments, type Tournament } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import { computeBracket, EngineInputError } from './engine/compute-bracket.ts';
import { fail } from '../../lib/errors.ts';
import { applyTeamStats, type TeamStatsDelta } from './team-entries.ts';
import { formats, type BracketInput, type BracketState, type EngineMatch, type Format, type ReportedResult } from './engine/types.ts';

/**
 * The storage around the pure engine (ADR 022): load a tournament's entrants and reported results, let the engine
 * replay them, and write only the difference (changed match rows, members' wins/losses/gamesPlayed by the
 * difference from what each entrant already counted). Every caller runs it inside its own write transaction.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The format stored on the tournament, as the engine names it; unknown or legacy values play single elimination. */
export function formatOf(tournament: Pick<Tournament, 'format'>): Format {
  const value = tournament.format.toLowerCase().replace(/[\s_]+/g, '-');
  return (formats as readonly string[]).includes(value) ? (value as Format) : 'single-elimination';
}

export interface LoadedBracket {
  tournament: Tournament;
  entrants: Entrant[];
  matches: MatchRow[];
}

/**
 * The tournament, its entrants and its matches. Outside a transaction the three reads are one batch: one consistent
 * snapshot and one database round trip (ADR 059).
 */
export async function loadBracket(tx: Tx | Db, tournamentId: number): Promise<LoadedBracket | null> {
  const reads = [
    tx.select().from(tournaments).where(eq(tournaments.id, tournamentId)).limit(1),
    tx.select().from(entrants).where(eq(entrants.tournamentId, tournamentId)).orderBy(entrants.seed),
    tx.select().from(matches).where(eq(matches.tournamentId, tournamentId)).orderBy(matches.number),
  ] as const;
  const [[tournament], entrantRows, matchRows] = 'batch' in tx ? await tx.batch(reads) : await Promise.all(reads);
  if (!tournament) return null;
  return { tournament, entrants: entrantRows, matches: matchRows };
}

/** The results as reported: every completed, non-forfeit match with its seq (forfeits follow from withdrawals). */
export function reportedResults(rows: MatchRow[]): ReportedResult[] {
  const results: ReportedResult[] = [];
  for (const m of rows) {
    if (m.status !== 'completed' || m.resultSeq === null) continue;
    if (m.entrantAId === null || m.entrantBId === null) continue;
    // D41: a confirmed no-show claim is a forfeit with a place in the results' order (a withdrawal's has none).
    if (m.forfeit) {
      if (m.winnerId === null) continue;
      results.push({ key: m.key, entrantAId: m.entrantAId, entrantBId: m.entrantBId, scoreA: 0, scoreB: 0, seq: m.resultSeq, forfeitWinnerId: m.winnerId });
      continue;
    }
    if (m.scoreA === null || m.scoreB === null) continue;
    results.push({ key: m.key, entrantAId: m.entrantAId, entrantBId: m.entrantBId, scoreA: m.scoreA, scoreB: m.scoreB, seq: m.resultSeq });
  }
  return results.sort((a, b) => a.seq - b.seq);
}

export function engineInput(loaded: LoadedBracket, results = reportedResults(loaded.matches)): BracketInput {
  return {
    format: formatOf(loaded.tournament),
    entrants: loaded.entrants.map((e) => ({ id: e.id, name: e.name, seed: e.seed, withdrawn: e.withdrawnAt !== null })),
    results,
  };
}

/** The engine's refusal of an input (a duplicate seed, a score for an unknown match) is a 409, never a 500. */
export async function compute(input: BracketInput): Promise<BracketState> {
  try {
    return await computeBracket(input);
  } catch (error) {
    if (error instanceof EngineInputError) fail(409, error.message);
    throw error;
  }
}

/** What a match row looked like, for the history's before/after. */
export function resultSnapshot(m: Pick<MatchRow, 'entrantAId' | 'entrantBId' | 'scoreA' | 'scoreB' | 'winnerId' | 'status' | 'forfeit'>) {
  return {
    entrantAId: m.entrantAId,
    entrantBId: m.entrantBId,
    scoreA: m.scoreA,
    scoreB: m.scoreB,
    winnerId: m.winnerId,
    status: m.status,
    forfeit: m.forfeit,
  };
}

/**
 * A match changed since it was loaded (D40, ADR 052): a report or correction named another version, or a row's
 * conditional write found another. Thrown inside the write transaction, so nothing of the request is kept; a report
 * answers 409 with the match as it is, any other caller a plain 409.
 */
export class StaleMatchError extends HTTPException {
  // A plain field, not a parameter property: scripts run these files with Node's type stripping, which has none.
  readonly matchId: number;
  constructor(matchId: number) {
    super(409, { message: 'This match was just updated: reload the bracket and try again' });
    this.matchId = matchId;
  }
}

/** A write refused as stale becomes the `{ ok: false, stale: true }` answer (the route then sends the match as it is). */
export function staleAnswer(error: unknown): { ok: false; stale: true } {
  if (error instanceof StaleMatchError) return { ok: false, stale: true };
  throw error;
}

/**
 * Changes a match row and raises its version, on condition that it still has the version it was loaded with; a row
 * changed since fails with StaleMatchError (its transaction then keeps nothing).
 */
export async function updateMatch(tx: Tx, row: MatchRow, values: Partial<typeof matches.$inferInsert>): Promise<MatchRow> {
  const [updated] = await updateMatchQuery(tx, row, values);
  if (!updated) throw new StaleMatchError(row.id);
  return updated;
}

function updateMatchQuery(q: Tx | Db, row: MatchRow, values: Partial<typeof matches.$inferInsert>) {
  return q
    .update(matches)
    .set({ ...values, version: row.version + 1 })
    .where(and(eq(matches.id, row.id), eq(matches.version, row.version)))
    .returning();
}

export interface WriteOutcome {
  state: BracketState;
  /** Rows after the write, by key. */
  rows: Map<string, MatchRow>;
  /** Keys of matches whose result the engine dropped in this write (cleared, to report again). */
  cleared: string[];
  changed: boolean;
}

/** One statement of a bracket write, and what its result tells (the row it wrote, or that the row moved). */
export interface WriteStep {
  query: BatchItem<'sqlite'>;
  take?: (result: never) => void;
}

/** A bracket write as statements (`planWrite`): run one by one in a transaction, or sent as one batch (ADR 059). */
export interface PlannedWrite {
  steps: WriteStep[];
  /** Rows after the write, by key: complete once every step's result is taken. */
  rows: Map<string, MatchRow>;
  /** What team entrants changed (D22): their teams and rosters are written by `applyTeamStats`, which reads. */
  teamDeltas: TeamStatsDelta[];
  /** True when anything was written: the tournament's bracketVersion moves. */
  changed: boolean;
}

/**
 * Writes the engine's state as match rows: new keys inserted, changed rows updated, keys the engine no longer emits
 * deleted (a Swiss round re-paired, a grand-final reset no longer needed). A live match keeps 'live' while its two
 * entrants stay the same. Cleared results are written to the match history; the tournament's bracketVersion moves.
 *
 * Every changed row's version goes up by one, by a conditional update on the version it was loaded with: a row
 * changed since (which the write lock rules out, but a caller that forgot it would not) fails the write with
 * StaleMatchError instead of being overwritten. `completedKey` is the match reported or corrected: its row is written
 * even when nothing else of it changed, so the report's version check and its write are one statement.
 */
export async function writeState(
  tx: Tx,
  loaded: LoadedBracket,
  state: BracketState,
  opts: { actorId: string | null; now: Date; completedKey?: string },
): Promise<WriteOutcome> {
  const plan = planWrite(tx, loaded, state, opts);
  for (const step of plan.steps) {
    const result = (await step.query) as never;
    step.take?.(result);
  }
  await applyTeamStats(tx, plan.teamDeltas);
  if (plan.changed) await tx.update(tournaments).set({ bracketVersion: sql`${tournaments.bracketVersion} + 1` }).where(eq(tournaments.id, loaded.tournament.id));
  return { state, rows: plan.rows, cleared: state.dropped, changed: plan.changed };
}

/**
 * `writeState`'s statements, built on `q` (the transaction that runs them, or the database whose batch sends them),
 * without the bracketVersion's move and the team deltas, which its caller writes. Counted stats are updated on
 * `loaded`'s entrants as planned.
 */
export function planWrite(
  q: Tx | Db,
  loaded: LoadedBracket,
  state: BracketState,
  opts: { actorId: string | null; now: Date; completedKey?: string },
): PlannedWrite {
  const tournamentId = loaded.tournament.id;
  const old = new Map(loaded.matches.map((m) => [m.key, m]));
  const next = new Map(state.matches.map((m) => [m.key, m]));
  const plan: PlannedWrite = { steps: [], rows: new Map(), teamDeltas: [], changed: false };
  const history = (row: typeof matchHistory.$inferInsert) => plan.steps.push({ query: q.insert(matchHistory).values(row) });

  const gone = loaded.matches.filter((m) => !next.has(m.key));
  if (gone.length > 0) {
    plan.changed = true;
    plan.steps.push({ query: q.delete(matches).where(inArray(matches.id, gone.map((m) => m.id))) });
    for (const m of gone) {
      if (m.status === 'completed' && !m.forfeit) history(historyRow(tournamentId, m, 'clear', opts, resultSnapshot(m), null));
    }
  }

  for (const m of state.matches) {
    const before = old.get(m.key);
    const values = rowValues(m, before, opts.now);
    if (!before) {
      plan.changed = true;
      plan.steps.push({
        query: q.insert(matches).values({ tournamentId, key: m.key, ...values }).returning(),
        take: (rows: MatchRow[]) => void plan.rows.set(m.key, rows[0]!),
      });
      continue;
    }
    if (sameRow(before, values) && m.key !== opts.completedKey) {
      plan.rows.set(m.key, before);
      continue;
    }
    plan.changed = true;
    plan.steps.push({
      query: updateMatchQuery(q, before, values),
      take: (rows: MatchRow[]) => {
        if (!rows[0]) throw new StaleMatchError(before.id);
        plan.rows.set(m.key, rows[0]);
      },
    });
    const lostResult = before.status === 'completed' && !before.forfeit && !m.completed;
    if (lostResult && m.key !== opts.completedKey) {
      // The row after the update, as the history shows it: the engine's values on the loaded row.
      history(historyRow(tournamentId, before, 'clear', opts, resultSnapshot(before), resultSnapshot({ ...before, ...values })));
    }
  }

  if (planStats(q, plan, loaded.entrants, state.matches)) plan.changed = true;
  return plan;
}

/** A match row's values for the engine's match `m`, given the row before (none for a new match). */
export function rowValues(m: EngineMatch, before: MatchRow | undefined, now: Date) {
  const sameSides = before !== undefined && before.entrantAId === m.entrantAId && before.entrantBId === m.entrantBId;
  const keepLive = !m.completed && sameSides && before.status === 'live';
  const sameResult =
    before !== undefined &&
    sameSides &&
    before.status === 'completed' &&
    before.scoreA === m.scoreA &&
    before.scoreB === m.scoreB &&
    before.winnerId === m.winnerId &&
    before.forfeit === m.forfeit;
  return {
    stage: m.stage,
    groupNumber: m.group,
    round: m.round,
    number: m.number,
    bestOf: m.bestOf,
    entrantAId: m.entrantAId,
    entrantBId: m.entrantBId,
    scoreA: m.scoreA,
    scoreB: m.scoreB,
    winnerId: m.winnerId,
    status: m.completed ? ('completed' as const) : keepLive ? ('live' as const) : ('upcoming' as const),
    forfeit: m.forfeit,
    // A scheduled time belongs to the pairing: it goes when the sides change.
    startTime: sameSides ? (before.startTime ?? null) : null,
    // D41: the call and the arrivals belong to the pairing too.
    court: sameSides ? before.court : null,
    calledAt: sameSides ? before.calledAt : null,
    arrivedAAt: sameSides ? before.arrivedAAt : null,
    arrivedBAt: sameSides ? before.arrivedBAt : null,
    completedAt: m.completed ? (sameResult ? before.completedAt : now) : null,
    resultSeq: m.resultSeq,
  };
}

function sameRow(before: MatchRow, v: ReturnType<typeof rowValues>): boolean {
  return (
    before.stage === v.stage &&
    before.groupNumber === v.groupNumber &&
    before.round === v.round &&
    before.number === v.number &&
    before.bestOf === v.bestOf &&
    before.entrantAId === v.entrantAId &&
    before.entrantBId === v.entrantBId &&
    before.scoreA === v.scoreA &&
    before.scoreB === v.scoreB &&
    before.winnerId === v.winnerId &&
    before.status === v.status &&
    before.forfeit === v.forfeit &&
    (before.startTime?.getTime() ?? null) === (v.startTime?.getTime() ?? null) &&
    (before.completedAt?.getTime() ?? null) === (v.completedAt?.getTime() ?? null) &&
    before.resultSeq === v.resultSeq
  );
}

export function historyRow(
  tournamentId: number,
  m: Pick<MatchRow, 'key' | 'number'>,
  action: (typeof matchHistory.$inferInsert)['action'],
  opts: { actorId: string | null; now: Date },
  before: unknown,
  after: unknown,
): typeof matchHistory.$inferInsert {
  return {
    tournamentId,
    matchKey: m.key,
    matchNumber: m.number,
    action,
    actorId: opts.actorId,
    before: before === null || before === undefined ? null : JSON.stringify(before),
    after: after === null || after === undefined ? null : JSON.stringify(after),
    createdAt: opts.now,
  };
}

/**
 * D14: wins, losses and gamesPlayed follow every match (D22: a team's record and its members' teamWins/teamLosses). Each entrant row remembers what it has added to its member
 * so far; the member changes by the difference, so a correction or a replay never counts a match twice.
 * Forfeits count nothing (D20). gamesPlayed counts matches played, as the leaderboards' win rate reads it. Plans the
 * statements into `plan` (a team entrant's changes into its teamDeltas); true when any entrant's counts moved.
 */
function planStats(q: Tx | Db, plan: PlannedWrite, entrantRows: Entrant[], engineMatches: EngineMatch[]): boolean {
  const tally = new Map<number, { wins: number; losses: number }>();
  for (const m of engineMatches) {
    if (!m.completed || m.forfeit || m.winnerId === null || m.entrantAId === null || m.entrantBId === null) continue;
    const loser = m.winnerId === m.entrantAId ? m.entrantBId : m.entrantAId;
    const w = tally.get(m.winnerId) ?? { wins: 0, losses: 0 };
    w.wins += 1;
    tally.set(m.winnerId, w);
    const l = tally.get(loser) ?? { wins: 0, losses: 0 };
    l.losses += 1;
    tally.set(loser, l);
  }
  let moved = false;
  for (const e of entrantRows) {
    const t = tally.get(e.id) ?? { wins: 0, losses: 0 };
    const games = t.wins + t.losses;
    const dw = t.wins - e.countedWins;
    const dl = t.losses - e.countedLosses;
    const dg = games - e.countedGames;
    if (dw === 0 && dl === 0 && dg === 0) continue;
    moved = true;
    plan.steps.push({
      query: q.update(entrants).set({ countedWins: t.wins, countedLosses: t.losses, countedGames: games }).where(eq(entrants.id, e.id)),
    });
    e.countedWins = t.wins;
    e.countedLosses = t.losses;
    e.countedGames = games;
    // A team entry (D22) moves its team's record and its roster's teamWins/teamLosses instead.
    if (e.teamId !== null) plan.teamDeltas.push({ entrant: e, wins: dw, losses: dl });
    else if (e.userId !== null) {
      plan.steps.push({
        query: q
          .update(users)
          .set({
            wins: sql`${users.wins} + ${dw}`,
            losses: sql`${users.losses} + ${dl}`,
            gamesPlayed: sql`${users.gamesPlayed} + ${dg}`,
          })
          .where(eq(users.id, e.userId)),
      });
    }
  }
  return moved;
}
