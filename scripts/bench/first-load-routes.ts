// Benchmark (a): gzipped first-load JS per route (entry + route chunks + static imports) and the precache total.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import {
  assertBuilt,
  defaultDist,
  firstLoadFor,
  kib,
  precacheTotal,
  readManifest,
  routeChunks,
} from './first-load.ts';
import type { Benchmark, Row } from './types.ts';

/** Routes always reported, whether or not they have a chunk of their own. */
const REQUIRED = ['/', '/auth', '/register', '/tournaments', '/tournaments/$id', '/divisions/$slug'];

export const firstLoadRoutes: Benchmark = {
  name: 'first-load-js',
  description: 'gzipped JS a first visit to each route downloads, from the production build (dist/)',
  async run() {
    const dist = defaultDist;
    if (!readManifest(dist)) {
      // Route chunks are only known from Vite's manifest: build once with it.
      console.log('[first-load-js] no dist/.vite/manifest.json: npm run build');
      const r = spawnSync('npm', ['run', 'build'], {
        cwd: resolve(dist, '..'),
        stdio: 'inherit',
      });
      if (r.status !== 0) throw new Error(`build failed (exit ${r.status})`);
    }
    assertBuilt(dist);
    const manifest = readManifest(dist);
    const rows: Row[] = [];
    const paths = new Set(REQUIRED);
    if (manifest) for (const r of routeChunks(manifest)) paths.add(r.path);
    else rows.push({ benchmark: this.name, metric: 'note', value: '-', note: 'no manifest: entry only' });
    const routed = new Set(manifest ? routeChunks(manifest).map((r) => r.path) : []);
    for (const path of [...paths].sort()) {
      const load = firstLoadFor(dist, manifest, path);
      rows.push({
        benchmark: this.name,
        metric: path,
        value: `${kib(load.gzip)} gz`,
        note: `${load.files.length} files, ${kib(load.bytes)} raw${routed.has(path) ? '' : ', no route chunk found'}`,
      });
    }
    const precache = precacheTotal(dist);
    rows.push({
      benchmark: this.name,
      metric: 'precache total',
      value: precache ? kib(precache.bytes) : 'no sw.js',
      note: precache ? `${precache.entries} files (${precache.listed} listed), ${kib(precache.gzip)} gz` : undefined,
    });
    return rows;
  },
};
