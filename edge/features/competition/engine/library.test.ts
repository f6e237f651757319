// The engine advances entrants itself over the topology read from brackets-manager (library.ts). Here the library's
// own propagation (update.match) is the oracle: on full brackets, where its bye bugs cannot bite, both must put the
// same two entrants in every match for the same winners.
import { BracketsManager } from 'brackets-manager';
import { InMemoryDatabase } from 'brackets-memory-db';
import { Status, type Group, type Match, type Round } from 'brackets-model';
import { describe, expect, it } from 'vitest';
import { computeBracket } from './compute-bracket.ts';
import { eliminationTopology } from './library.ts';
import { resultFor } from './test-support.ts';
import type { BracketInput, EngineEntrant } from './types.ts';

/** Who wins between two entrants, by id: a fixed but irregular rule both sides can apply. */
const aBeatsB = (a: number, b: number) => (a * 7 + b * 13) % 5 < 2 === a < b;

async function libraryPlayed(kind: 'single' | 'double', size: number) {
  const db = new InMemoryDatabase();
  const manager = new BracketsManager(db);
  await db.insert('participant', Array.from({ length: size }, (_, i) => ({ tournament_id: 0, name: `#${i}` })));
  await manager.create.stage({
    tournamentId: 0,
    name: kind,
    type: kind === 'single' ? 'single_elimination' : 'double_elimination',
    seedingIds: Array.from({ length: size }, (_, i) => i),
    settings: kind === 'single' ? { size, consolationFinal: true } : { size, grandFinal: 'simple' },
  });
  for (;;) {
    const ready = ((await db.select<Match>('match')) ?? []).find((m) => m.status === Status.Ready);
    if (!ready) break;
    const a = ready.opponent1!.id as number;
    const b = ready.opponent2!.id as number;
    await manager.update.match({
      id: ready.id,
      opponent1: { score: 1, result: aBeatsB(a, b) ? 'win' : 'loss' },
      opponent2: { score: 0 },
    });
  }
  const groups = new Map(((await db.select<Group>('group')) ?? []).map((g) => [g.id, g.number]));
  const rounds = new Map(((await db.select<Round>('round')) ?? []).map((r) => [r.id, r.number]));
  const names = kind === 'single' ? ['main', 'third-place'] : ['winners', 'losers', 'grand-final'];
  return new Map(
    ((await db.select<Match>('match')) ?? []).map((m) => [
      `${names[groups.get(m.group_id as number)! - 1]}:r${rounds.get(m.round_id as number)}:m${m.number}`,
      new Set([m.opponent1?.id, m.opponent2?.id]),
    ]),
  );
}

async function enginePlayed(kind: 'single' | 'double', size: number) {
  // Entrant id = the library's participant id = seed position; seeds from 1.
  const entrants: EngineEntrant[] = Array.from({ length: size }, (_, i) => ({ id: i, name: `#${i}`, seed: i + 1 }));
  const input: BracketInput = { format: kind === 'single' ? 'single-elimination' : 'double-elimination', entrants, results: [] };
  for (;;) {
    const state = await computeBracket(input);
    const open = state.matches.find((m) => !m.completed && m.entrantAId !== null && m.entrantBId !== null);
    if (!open) return new Map(state.matches.map((m) => [m.key, new Set([m.entrantAId, m.entrantBId])]));
    input.results.push(resultFor(open, aBeatsB(open.entrantAId!, open.entrantBId!), input.results.length + 1));
  }
}

describe('the topology read from brackets-manager', () => {
  it.each([
    ['single', 4],
    ['single', 8],
    ['single', 16],
    ['double', 4],
    ['double', 8],
    ['double', 16],
  ] as const)('%s elimination of %i: the same entrants meet as under the library propagation', async (kind, size) => {
    const library = await libraryPlayed(kind, size);
    const engine = await enginePlayed(kind, size);
    // The engine lays out the grand final's reset only when it is needed; the library has no reset here.
    engine.delete('grand-final:r2:m1');
    expect(engine).toEqual(library);
  });

  it('feeds every side of every match from exactly one place', async () => {
    const topology = await eliminationTopology('double', 32);
    const fed = topology.matches.flatMap((m) => m.sides).map((s) => JSON.stringify(s));
    expect(new Set(fed).size).toBe(fed.length);
    expect(topology.matches).toHaveLength(31 + 30 + 1);
  });
});
