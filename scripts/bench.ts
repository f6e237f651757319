// `npm run bench [-- name ...]`: runs the named benchmarks of scripts/bench/index.ts (all by default)
// and prints one compact table at the end. `npm run bench -- --list` lists them.
import { benchmarks } from './bench/index.ts';
import { stopAll } from './bench/processes.ts';
import type { Row } from './bench/types.ts';

const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const b of benchmarks) console.log(`${b.name.padEnd(16)} ${b.description}`);
  process.exit(0);
}
const unknown = args.filter((a) => !benchmarks.some((b) => b.name === a));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${benchmarks.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const selected = args.length > 0 ? benchmarks.filter((b) => args.includes(b.name)) : benchmarks;

const rows: Row[] = [];
let failed = 0;
for (const b of selected) {
  console.log(`\n== ${b.name}: ${b.description}`);
  const started = performance.now();
  try {
    const result = await b.run();
    rows.push(...result);
    console.log(`   done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (err) {
    failed += 1;
    console.error(`   FAILED: ${(err as Error).stack ?? err}`);
    rows.push({ benchmark: b.name, metric: 'error', value: 'FAILED', note: (err as Error).message.split('\n')[0] });
  }
}
await stopAll();

const headers = ['benchmark', 'metric', 'value', 'note'] as const;
const cells = rows.map((r) => [r.benchmark, r.metric, r.value, r.note ?? '']);
const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
const line = (c: readonly string[]) => c.map((v, i) => (i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
console.log(`\n${line(headers)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
for (const c of cells) console.log(line(c).trimEnd());
process.exit(failed > 0 ? 1 : 0);
