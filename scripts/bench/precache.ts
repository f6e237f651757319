// Benchmark: what an installed app downloads before it works offline, the service worker's precache manifest
// (inlined in dist/sw.js): unique files, raw KiB and gzipped KiB.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { assertBuilt, defaultDist, kib, KiB, precacheTotal } from './first-load.ts';
import type { Benchmark, Row } from './types.ts';

/**
 * scripts/budget.ts fails the build above this. Only ever lowered: 1.5 MiB -> 1.4 MiB with ADR 042; -> 1.35 MiB with
 * ADR 048 (1,290.6 -> 1,261.2 KiB); -> 1.3 MiB with ADR 049 (1,235.7 KiB). Re-based with React as the runtime
 * (issue 36, ADR 063): 1.3 -> 1.45 MiB (1,476.2 KiB); from here only lowered again. 1,484.8 -> 1,480 KiB with chunk
 * files named by their hash alone (ADR 068: 1,484.0 -> 1,473.4 KiB); 1,480 -> 1,450 KiB with the install-only icons
 * left out (ADR 068: 1,480.3 -> 1,437.0 KiB, issue 37's door and passes included); 1,450 -> 1,380 KiB with the admin
 * console's screen fetched on first use (ADR 071: 1,449.7 -> 1,360.9 KiB; 1,363.9 with the host's queued actions).
 */
export const PRECACHE_BUDGET = 1380 * KiB;

export const precache: Benchmark = {
  name: 'precache',
  description: 'service-worker precache of the build (dist/sw.js, or BENCH_DIST): files, KiB, KiB gzipped',
  async run() {
    const dist = defaultDist;
    assertBuilt(dist);
    if (!existsSync(join(dist, 'sw.js'))) throw new Error(`no service worker in ${dist}`);
    const total = precacheTotal(dist)!;
    if (total.missing.length > 0) throw new Error(`precached but not in the build: ${total.missing.join(', ')}`);
    const rows: Row[] = [
      { benchmark: this.name, metric: 'files', value: String(total.entries), note: `${total.listed} entries listed` },
      {
        benchmark: this.name,
        metric: 'size',
        value: kib(total.bytes),
        note: `budget ${kib(PRECACHE_BUDGET)}: ${total.bytes <= PRECACHE_BUDGET ? 'within' : 'OVER'}`,
      },
      { benchmark: this.name, metric: 'size gzipped', value: kib(total.gzip), note: 'what the network carries' },
    ];
    return rows;
  },
};

