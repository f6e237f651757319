// `npm run budget`: fails when the JS a first visit to the landing page downloads exceeds 144 KiB gzipped, or when
// the service worker's precache (what an installed app downloads before it works offline) exceeds 1.5 MiB raw.
// Counts the entry script(s) of dist/index.html, the `/` route's chunk(s) and all their static imports
// (dist/.vite/manifest.json; index.html and the chunks' import statements when there is no manifest).
import { assertBuilt, defaultDist, firstLoadFor, kib, KiB, precacheTotal, readManifest } from './bench/first-load.ts';

// Only ever lowered (ADR 027): 145 -> 144 KiB with issue 16's moves off the first load.
const BUDGET_GZIP = 144 * KiB;
const PRECACHE_BUDGET = 1.5 * 1024 * KiB;
const dist = process.argv[2] ?? defaultDist;
assertBuilt(dist);

const manifest = readManifest(dist);
if (!manifest) console.log('(no dist/.vite/manifest.json: following index.html and import statements)');

const landing = firstLoadFor(dist, manifest, '/');
console.log('First-load JS of / :');
for (const f of [...landing.files].sort((a, b) => b.gzip - a.gzip)) {
  console.log(`  ${f.file.padEnd(48)} ${kib(f.bytes).padStart(11)}  ${kib(f.gzip).padStart(10)} gz`);
}
console.log(`  ${'total'.padEnd(48)} ${kib(landing.bytes).padStart(11)}  ${kib(landing.gzip).padStart(10)} gz`);

const precache = precacheTotal(dist);
if (precache) {
  console.log(
    `Precache (dist/sw.js): ${precache.entries} files (${precache.listed} entries listed), ` +
      `${kib(precache.bytes)} (${kib(precache.gzip)} gz)` +
      (precache.missing.length ? `; not in dist: ${precache.missing.join(', ')}` : ''),
  );
} else {
  console.log('Precache: no dist/sw.js');
}

const verdict = landing.gzip <= BUDGET_GZIP ? 'within' : 'OVER';
console.log(`Landing first-load JS: ${kib(landing.gzip)} gz, ${verdict} the budget of ${kib(BUDGET_GZIP)}`);
const precacheOver = precache !== null && precache.bytes > PRECACHE_BUDGET;
if (precache) {
  console.log(
    `Precache: ${kib(precache.bytes)}, ${precacheOver ? 'OVER' : 'within'} the budget of ${kib(PRECACHE_BUDGET)} (1.5 MiB)`,
  );
}
if (landing.gzip > BUDGET_GZIP || precacheOver) process.exit(1);
