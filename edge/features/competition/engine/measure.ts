// The figures of ADR 022: `node_modules/.bin/node --import tsx edge/features/competition/engine/measure.ts`.
// computeBracket over a finished 64-entrant double elimination and a finished 32-entrant Swiss (every result in),
// and correctionImpact on the first winners-bracket match of the former. The first call of a size is timed apart:
// it builds that size's layout with brackets-manager, which is then kept.
import { computeBracket } from './compute-bracket.ts';
import { correctionImpact } from './score.ts';
import { entrantsOf, playOut } from './test-support.ts';
import type { BracketInput } from './types.ts';

const RUNS = 200;
// Uncounted runs first: without them the JIT's warm-up (runs 30-40 of a Swiss) lands in the p99.
const WARM_UP = 50;

async function timeIt(label: string, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  times.sort((x, y) => x - y);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(`${label}: over ${RUNS} runs after ${WARM_UP} uncounted, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
}

const chooser = (m: { number: number }) => (m.number * 7) % 5 < 3;
for (const [format, count] of [['double-elimination', 64], ['swiss', 32]] as const) {
  const t = performance.now();
  await computeBracket({ format, entrants: entrantsOf(count), results: [] });
  console.log(`first layout of a ${count}-entrant ${format} (brackets-manager, then kept): ${(performance.now() - t).toFixed(1)} ms`);
}
const de = await playOut('double-elimination', entrantsOf(64), chooser);
const deInput: BracketInput = { format: 'double-elimination', entrants: entrantsOf(64), results: de.results };
const swiss = await playOut('swiss', entrantsOf(32), chooser);
const swissInput: BracketInput = { format: 'swiss', entrants: entrantsOf(32), results: swiss.results };
console.log(`64 DE: ${de.state.matches.length} matches, ${de.results.length} results; 32 Swiss: ${swiss.results.length} results`);

await timeIt('computeBracket, 64-entrant double elimination, complete', () => computeBracket(deInput));
await timeIt('computeBracket, 32-entrant Swiss, complete', () => computeBracket(swissInput));
await timeIt('correctionImpact, 64-entrant double elimination, first match flipped', () =>
  correctionImpact(deInput, 'winners:r1:m1', { scoreA: 0, scoreB: 2 }),
);
