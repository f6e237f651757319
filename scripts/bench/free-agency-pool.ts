// The Free Agency Pool at 100,000 members (issue 13, ADR 028), in process: `freeAgentsPage` (the statement behind
// GET /api/free-agency) on a scratch database of 100,000 members (94,000 players, 18,750 of them on 1,000 teams),
// median and p90 of 30 runs after 5 warm-up runs for the first page, a page 30,000 rows deep, the filters and name
// searches (one that matches no one walks the whole pool). Not part of `npm run bench`; run it alone with
// `node scripts/bench/free-agency-pool.ts` on a quiet machine. The folder is removed at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLocalDatabase } from '../../db/local.ts';
import { decodePoolCursor } from '../../edge/features/free-agency/cursor.ts';
import { freeAgentsPage, type PoolFilters } from '../../edge/features/free-agency/service.ts';

const MEMBERS = 100_000;
const dir = mkdtempSync(join(tmpdir(), 'wta-pool-'));
const { client, db } = await openLocalDatabase(`file:${join(dir, 'pool.db')}`);
try {
  const built = performance.now();
  // Every 50th member an owner, every 20th a fan; names repeat (977 first, 1,013 last) as real ones do.
  await client.execute(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MEMBERS})
    INSERT INTO users (id, email, first_name, last_name, role, sport, is_verified, wta_points, wins, losses, games_played)
    SELECT printf('%08x-0000-4000-8000-%012x', i, i), 'u' || i || '@pool.example', 'First' || (i % 977),
           'Last' || (i % 1013),
           CASE WHEN i % 50 = 0 THEN 'owner' WHEN i % 20 = 0 THEN 'fan' ELSE 'player' END,
           CASE i % 6 WHEN 0 THEN 'basketball' WHEN 1 THEN 'football' WHEN 2 THEN 'kickball' WHEN 3 THEN 'slap'
                      WHEN 4 THEN 'soccer' ELSE 'boxing' END,
           (i % 37 = 0), abs(random()) % 2000, i % 40, i % 30, i % 70
    FROM n`);
  await client.execute(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
    INSERT INTO teams (name, owner_id) SELECT 'Team ' || i, printf('%08x-0000-4000-8000-%012x', i * 50, i * 50) FROM n`);
  await client.execute(`
    INSERT INTO team_members (team_id, user_id, joined_at)
    SELECT (rn - 1) / 30 + 1, id, 0 FROM (
      SELECT id, row_number() OVER (ORDER BY id) AS rn FROM users
      WHERE role = 'player' AND substr(id, 8, 1) IN ('1', '3', '5')
    ) WHERE rn <= 30000`);
  console.log(`built ${MEMBERS.toLocaleString('en-US')} members in ${Math.round(performance.now() - built)} ms`);

  const time = async (label: string, filters: PoolFilters) => {
    for (let i = 0; i < 5; i += 1) await freeAgentsPage(db, filters);
    const runs: number[] = [];
    let rows = 0;
    for (let i = 0; i < 30; i += 1) {
      const started = performance.now();
      rows = (await freeAgentsPage(db, filters)).players.length;
      runs.push(performance.now() - started);
    }
    runs.sort((a, b) => a - b);
    console.log(`${label.padEnd(42)} median ${runs[15]!.toFixed(2)} ms  p90 ${runs[27]!.toFixed(2)} ms  rows ${rows}`);
  };

  await time('first page (24)', { limit: 24 });
  let page = await freeAgentsPage(db, { limit: 100 });
  for (let walked = 100; walked < 30_000 && page.nextCursor; walked += 100) {
    page = await freeAgentsPage(db, { limit: 100, cursor: decodePoolCursor(page.nextCursor)! });
  }
  await time('a page 30,000 rows deep', { limit: 24, cursor: decodePoolCursor(page.nextCursor!)! });
  await time('sport=slap', { limit: 24, sport: 'slap' });
  await time('verified only', { limit: 24, verified: 'verified' });
  await time('sport=slap, verified only', { limit: 24, sport: 'slap', verified: 'verified' });
  await time('search "first12 last"', { limit: 24, search: 'first12 last' });
  await time('search that matches no one', { limit: 24, search: 'zzz' });
  await time('search that matches no one, sport=kickball', { limit: 24, search: 'zzz', sport: 'kickball' });
} finally {
  client.close();
  rmSync(dir, { recursive: true, force: true });
}
