// Benchmark (c): GET /api/tournaments with 5,000 listed tournaments (plus unlisted hosted ones and ~20,000
// registrations), the Node host (Hono, all middleware) against a bare node:http server running the service's
// same SQL on the same database file. The list answers pages (ADR 025), so two requests: the first page as
// /tournaments fetches it (no parameters: 24 tournaments), and a page of 50 upcoming ones deep in the list, after a
// cursor (the keyset seek that Load more costs however far the user went). Both servers run as child processes on
// 127.0.0.1, measured one after the other with autocannon (10 and 50 connections, after a short warm-up).
import { mkdtempSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openLocalDatabase } from '../../db/local.ts';
import { tournamentRegistrations, tournaments, users } from '../../db/schema/index.ts';
import { divisions } from '../../db/schema/tournaments.ts';
import { encodeCursor } from '../../edge/features/tournaments/cursor.ts';
import { listRankOf, TOURNAMENT_PAGE_SIZE } from '../../edge/features/tournaments/schema.ts';
import { comparisonRows, fetchText, measure } from './api-compare.ts';
import { start, stop, waitFor } from './processes.ts';
import type { Benchmark, Row } from './types.ts';

const root = resolve(import.meta.dirname, '../..');
/** Seconds per measured run; BENCH_DURATION overrides (bounded to 1..60). */
const DURATION = Math.min(60, Math.max(1, Number(process.env.BENCH_DURATION) || 10));
const WARMUP = 2;
/** 10 as before; 50 as the outside probe of issue 12. */
const CONNECTIONS = [10, 50] as const;
const LISTED = 5000;
const UNLISTED = 100;
const PLAYERS = 400;
const HOUR = 60 * 60 * 1000;

/** The upcoming tournament (odd id, 3 h apart) the deep page starts after: half-way down the upcoming list. */
const DEEP_AFTER_ID = 2501;

function pathsAt(now: number) {
  const cursor = encodeCursor({ rank: listRankOf('upcoming'), key: now + DEEP_AFTER_ID * 3 * HOUR, id: DEEP_AFTER_ID });
  return [
    { label: 'first page', path: '/api/tournaments', connections: CONNECTIONS },
    {
      label: 'page of 50 after a cursor',
      path: `/api/tournaments?status=upcoming&limit=50&cursor=${cursor}`,
      connections: CONNECTIONS,
    },
  ] as const;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A league with LISTED listed tournaments across every division and status, deterministic apart from `now` (also used to measure page sizes for ADR 025). */
export async function fillDatabase(databaseUrl: string, now: number) {
  const { client, db } = await openLocalDatabase(databaseUrl);
  const cities = ['Atlanta, GA', 'Houston, TX', 'Oakland, CA', 'Brooklyn, NY', 'Chicago, IL', 'Tampa, FL'];
  const playerIds = Array.from({ length: PLAYERS }, (_, i) => `00000000-0000-8000-8000-${String(i).padStart(12, '0')}`);
  const userRows = playerIds.map((id, i) => ({
    id,
    email: `bench-player-${i}@bench.invalid`,
    firstName: `Player${i}`,
    lastName: `Bench${i}`,
    role: 'player' as const,
    city: cities[i % cities.length]!.split(',')[0]!,
    sport: 'basketball',
    isVerified: i % 3 === 0,
    wtaPoints: (i * 37) % 1500,
  }));

  const tournamentRows = Array.from({ length: LISTED + UNLISTED }, (_, n) => {
    const i = n + 1;
    const status =
      i > LISTED
        ? i % 2
          ? ('pending' as const)
          : ('rejected' as const)
        : i % 500 === 0
          ? ('live' as const)
          : i % 2
            ? ('upcoming' as const)
            : ('completed' as const);
    const startDate = new Date(
      status === 'live' ? now - HOUR : status === 'completed' ? now - i * 3 * HOUR : now + i * 3 * HOUR,
    );
    return {
      id: i,
      title: `${divisions[i % divisions.length]} Open #${i}`,
      description:
        'One day, one bracket, cash to the top four. Check-in closes 30 minutes before the first game; ' +
        `referees are certified and the prize pool is paid on site. Event ${i}.`,
      location: cities[i % cities.length]!,
      division: divisions[i % divisions.length]!,
      startDate,
      endDate: new Date(startDate.getTime() + 8 * HOUR),
      format: 'single-elimination',
      status,
      buyIn: [0, 25, 50, 100][i % 4]!,
      prizePool: [320, 400, 640][i % 3]!,
      maxPlayers: [8, 16, 32][i % 3]!,
      championId: status === 'completed' ? playerIds[i % PLAYERS]! : null,
      createdAt: new Date(now - 30 * 24 * HOUR),
    };
  });

  const registrationRows = tournamentRows
    .filter((t) => t.id <= LISTED)
    .flatMap((t) =>
      Array.from({ length: 2 + (t.id % 5) }, (_, j) => ({
        tournamentId: t.id,
        // 13 * j differs for j < 6 modulo 400, so a player registers once per tournament.
        userId: playerIds[(t.id * 7 + j * 13) % PLAYERS]!,
        status: j % 7 === 3 ? ('pending_payment' as const) : j === 5 ? ('cancelled' as const) : ('registered' as const),
        createdAt: new Date(now - (40 - j) * 24 * HOUR),
      })),
    );

  await db.transaction(async (tx) => {
    for (const part of chunks(userRows, 200)) await tx.insert(users).values(part);
    for (const part of chunks(tournamentRows, 200)) await tx.insert(tournaments).values(part);
    for (const part of chunks(registrationRows, 500)) await tx.insert(tournamentRegistrations).values(part);
  });
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
  client.close();
  return { registrations: registrationRows.length };
}

export const tournamentsList: Benchmark = {
  name: 'tournaments-list',
  description:
    `GET /api/tournaments pages, ${LISTED} listed tournaments: Node host (Hono) vs bare node:http with the same SQL, ` +
    `${CONNECTIONS.join(' and ')} connections, ${DURATION} s`,
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'wta-bench-'));
    const databaseUrl = `file:${join(dir, 'league.db')}`;
    let hostProc: ReturnType<typeof start> | null = null;
    let bareProc: ReturnType<typeof start> | null = null;
    try {
      const now = Date.now();
      const filled = await fillDatabase(databaseUrl, now);
      const PATHS = pathsAt(now);
      console.log(
        `[tournaments-list] ${LISTED} listed + ${UNLISTED} unlisted tournaments, ${filled.registrations} registrations`,
      );

      const hostPort = await freePort();
      const host = `http://127.0.0.1:${hostPort}`;
      // The embedded run as `npm start` runs it (the seed skips a database that already has members).
      hostProc = start('host', process.execPath, ['--import', 'tsx', resolve(root, 'edge/node.ts')], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          PORT: String(hostPort),
          DATABASE_URL: databaseUrl,
          UPLOADS_DIR: join(dir, 'uploads'),
          PUBLIC_URL: host,
          LEAGUE_EMAIL_DOMAIN: 'wta.local',
        },
      });
      await waitFor(`${host}/api/tournaments/next`, (s) => s === 200, 180_000, hostProc.log);

      const barePort = await freePort();
      const bare = `http://127.0.0.1:${barePort}`;
      bareProc = start('bare', process.execPath, [
        resolve(root, 'scripts/bench/bare-tournaments-list.ts'),
        databaseUrl,
        String(barePort),
        ...PATHS.map((p) => p.path),
      ]);
      await waitFor(`${bare}${PATHS[0].path}`, (s) => s === 200, 30_000, bareProc.log);

      const rows: Row[] = [];
      for (const { label, path, connections: counts } of PATHS) {
        const fromHost = await fetchText(`${host}${path}`);
        const fromBare = await fetchText(`${bare}${path}`);
        if (fromHost !== fromBare) throw new Error(`${path}: the host and the bare server answer differently`);
        const count = (JSON.parse(fromHost) as unknown[]).length;
        if (path === '/api/tournaments' && count !== TOURNAMENT_PAGE_SIZE) throw new Error(`${path}: ${count} tournaments listed`);
        const size =
          `${count} tournaments, ${(Buffer.byteLength(fromHost) / 1024).toFixed(1)} KiB ` +
          `(${(gzipSync(fromHost).length / 1024).toFixed(1)} KiB gzipped)`;

        for (const connections of counts) {
          console.log(`[tournaments-list] ${label}, ${connections} connections: measuring the Node host (${DURATION} s)...`);
          const hono = await measure(`${host}${path}`, { connections, warmup: WARMUP, duration: DURATION });
          // Only one server at a time under load: the other is idle (not stopped) meanwhile.
          console.log(`[tournaments-list] ${label}, ${connections} connections: measuring the bare server (${DURATION} s)...`);
          const base = await measure(`${bare}${path}`, { connections, warmup: WARMUP, duration: DURATION });
          rows.push(...comparisonRows(`${this.name} (${label}, ${connections} conn)`, hono, base, `; ${size}`, 1));
        }
      }
      return rows;
    } finally {
      if (bareProc) await stop(bareProc.child);
      if (hostProc) await stop(hostProc.child);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
