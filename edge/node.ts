import { lookup } from 'node:dns/promises';
import { mkdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Duplex } from 'node:stream';
import { constants as zlibConstants, createBrotliCompress } from 'node:zlib';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { RETAINED_304_HEADERS } from 'hono/etag';
import type { Db } from '../db/client.ts';
import { openLocalDatabase } from '../db/local.ts';
import { seedDemoData } from '../db/seed.ts';
import { createApp } from './app.ts';
import { hashPassword } from './features/auth/password.ts';
import { playDemoLeague } from './features/competition/demo-league.ts';
import { signUnsignedWaivers } from './features/waivers/signatures.ts';
import { folderBlobStore } from './lib/blobs/folder-store.ts';
import { nodeImageProcessor } from './lib/images/node-lanes.ts';
import { loadConfig, requireSecrets } from './lib/config.ts';
import { withNodeSecrets } from './lib/node-secrets.ts';
import type { AppEnv } from './lib/context.ts';
import { NO_CACHE, IMMUTABLE, staticCacheControl } from './lib/static-cache.ts';
import type { PageRenderer, PageSources } from './features/pages/render.ts';

/** The Node host (D1): embedded libSQL file, uploads in a folder (UPLOADS_DIR), the built PWA on the same port. */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface NodeServerOptions {
  /** Environment to read the D2 settings from; defaults to process.env. */
  env?: Record<string, string | undefined>;
  /** Folder of the built PWA; defaults to `dist/` of the repository. */
  distDir?: string;
  /** Folder of the built page renderer (ADR 027); defaults to `dist-server/` of the repository. */
  serverDir?: string;
  /** Log the start-up lines (default true). */
  log?: boolean;
  /**
   * The caller's address for the limits of D5/D35; default: the socket's. Only the e2e host replaces it (each
   * test account signs up as if from its own address); X-Forwarded-For is never trusted here.
   */
  clientIp?: (c: Context) => string | undefined;
  /**
   * The clock of the API and the tournament clock (default: the machine's). Only the e2e host replaces it, with a
   * clock its spec moves forward (scripts/e2e-host.ts); `npm start` never does.
   */
  now?: () => Date;
}

export interface NodeServer {
  port: number;
  url: string;
  /** Runs the tournament clock and the push queue once now, as the minute timer does. */
  runClock(): Promise<{ failed: string[] }>;
  close(): Promise<void>;
}

/** How long an idle keep-alive connection stays open on the Node host. */
export const KEEP_ALIVE_MS = 65_000;

/** Starts the league on Node: migrates and (when empty) seeds the database, then listens on PORT. */
export async function startNodeServer(options: NodeServerOptions = {}): Promise<NodeServer> {
  const log = options.log ?? true;
  const config = withNodeSecrets(loadConfig(options.env ?? process.env));
  const { client, db } = await openLocalDatabase(config.databaseUrl, config.databaseAuthToken);

  const { waiverSigningKey } = requireSecrets(config);

  await seedDemoLeague(db, { leagueEmailDomain: config.leagueEmailDomain, waiverSigningKey, log });

  const uploadsDir = resolve(config.uploadsDir);
  mkdirSync(uploadsDir, { recursive: true });
  const distDir = options.distDir ?? join(repoRoot, 'dist');

  // D23: images are re-encoded off the event loop, small ones on a thread of their own, so neither a large photo
  // nor a flood of them holds up other requests or the members' profile pictures (ADR 050).
  const images = nodeImageProcessor();
  const { app, cron } = createApp({
    db,
    config,
    ...(options.now ? { now: options.now } : {}),
    blobs: folderBlobStore(uploadsDir),
    images: images.prepare,
    // D12: before tournament reads, besides the timer below.
    clockOnRead: true,
    // D44: a webhook's name is checked after DNS resolution, every address it resolves to.
    resolveHost: async (hostname) => (await lookup(hostname, { all: true })).map((a) => a.address),
    // D28: a message or notification is pushed right after the write that made it.
    pushAfterWrites: true,
    // The socket's address: X-Forwarded-For is client-controlled and would let anyone dodge the rate limit.
    clientIp: options.clientIp ?? socketAddress,
    staticHandler: nodeStaticHandler({ distDir }),
    // Quality 5: a page of 24 tournaments (75 KB) in ~0.7 ms of CPU, 12 % under gzip's best (ADR 048).
    brotli: () =>
      Duplex.toWeb(
        createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
      ) as ReadableWritablePair<Uint8Array, Uint8Array>,
    pages: nodePageSources(distDir, options.serverDir ?? join(repoRoot, 'dist-server')),
  });

  const server = await new Promise<Server>((resolveServer, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port }, () => resolveServer(s as Server)) as Server;
    s.once('error', reject);
  }).catch((error: unknown) => {
    client.close();
    throw error instanceof Error && 'code' in error && error.code === 'EADDRINUSE'
      ? new Error(`Port ${config.port} is already in use: stop the other server or set PORT.`)
      : error;
  });
  // D12: the tournament clock every minute (starts, reminders, cancellations, refund retries), and the push queue:
  // the clock writes notifications too (a tournament starting within the hour), and a push put back waits for this.
  // A failed task is logged as one line (ADR 060).
  const clockTimer = setInterval(() => void cron(), 60_000);
  clockTimer.unref();
  // Node closes an idle keep-alive connection after 5 s, the same moment Node's own HTTP clients (Playwright's
  // request context among them) give one up: a request sent on it as the server closes it fails with ECONNRESET (a
  // CI run lost one that way). A proxy in front keeps connections for 60 s. So the server waits longer than either
  // and the client is always the one that lets go; headersTimeout must exceed it (Node's rule).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  if (log)
    console.log(`WTA league running at ${url}${config.publicUrl === url ? '' : ` (PUBLIC_URL ${config.publicUrl})`}`);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolveClose) => {
      // Give open requests a moment, then drop keep-alive sockets so shutdown never hangs.
      const force = setTimeout(() => server.closeAllConnections(), 3000);
      force.unref();
      clearInterval(clockTimer);
      server.close(() => {
        clearTimeout(force);
        client.close();
        void images.close().then(resolveClose);
      });
      server.closeIdleConnections();
    }));

  return { port, url, runClock: () => cron(), close };
}

/**
 * What `npm start` puts into an empty database (D18): the demo league with its accounts, its live and completed
 * tournaments played through the engine, and every stored waiver signed. Idempotent: a later start finds it done.
 * Node tooling only (the e2e harness of the Worker seeds its test server's file with it); the Worker never seeds.
 */
export async function seedDemoLeague(
  db: Db,
  { leagueEmailDomain, waiverSigningKey, log = true }: { leagueEmailDomain: string; waiverSigningKey: string; log?: boolean },
): Promise<void> {
  const seed = await seedDemoData(db, { now: new Date(), hashPassword, includeDemoAccounts: true, waiverSigningKey });
  if (seed.seeded && log) {
    console.log(
      `Seeded the demo league: ${seed.counts.users} members, ${seed.counts.tournaments} tournaments ` +
        `(demo accounts in README.md, password wta-demo-2025).`,
    );
  }
  // Issue 11: the demo league's live and completed tournaments are played through the engine (once: a played
  // tournament has entrants), so their brackets, standings, points and payouts are the engine's own.
  const demo = await playDemoLeague(db, { now: new Date(), leagueEmailDomain });
  if (demo.played && log)
    console.log(`Played ${demo.played} demo tournament(s) through the engine (${demo.reported} results).`);
  // D8 (ADR 010): waivers stored before signatures existed are signed once; later starts find none to sign.
  const signing = await signUnsignedWaivers(db, waiverSigningKey, new Date());
  if (log && signing.signed) console.log(`Signed ${signing.signed} waiver(s) stored before waiver signatures.`);
  if (signing.refused.length) {
    console.warn(
      `Waiver(s) ${signing.refused.join(', ')} no longer match their content hash and were left unsigned: ` +
        'run `npm run waivers:verify`.',
    );
  }
}

/**
 * The built page renderer and index.html (ADR 027). index.html is read again when a build replaces it; the renderer
 * is loaded once per process (its chunks import its entry by path, so a second copy under another URL would split
 * its module state): restart after a build, as `npm start` does.
 */
export function nodePageSources(distDir: string, serverDir: string): PageSources {
  const indexPath = join(distDir, 'index.html');
  const rendererPath = join(serverDir, 'entry-server.js');
  // React's server renderer picks its build by NODE_ENV when first loaded: unset means the development build,
  // several times slower and noisier. Tests set their own.
  process.env.NODE_ENV ??= 'production';
  let template: { mtime: number; text: string } | undefined;
  let renderer: Promise<PageRenderer | null> | undefined;
  return {
    async template() {
      try {
        const { mtimeMs } = await stat(indexPath);
        if (template?.mtime !== mtimeMs) template = { mtime: mtimeMs, text: await readFile(indexPath, 'utf8') };
        return template.text;
      } catch {
        return null;
      }
    },
    async renderer() {
      if (!renderer) {
        try {
          await stat(rendererPath);
        } catch {
          return null; // Not built (yet): the shell answers; a later build is picked up.
        }
        renderer = (import(pathToFileURL(rendererPath).href) as Promise<PageRenderer>).catch((error: unknown) => {
          console.error('[pages] the page renderer failed to load:', error);
          return null;
        });
      }
      return renderer;
    },
  };
}

/** The address of the socket the request came in on. */
export function socketAddress(c: Context): string | undefined {
  return getConnInfo(c).remote.address;
}

/**
 * Serves the built PWA from `dist/` with an SPA fallback (any other GET gets index.html, so deep links work).
 * /api/* and the uploaded images at /uploads/* never reach it (createApp answers those, D23).
 */
export function nodeStaticHandler(opts: { distDir: string }): MiddlewareHandler<AppEnv> {
  const indexPath = join(opts.distDir, 'index.html');
  const assets = serveStatic<AppEnv>({
    root: opts.distDir,
    // The .br / .gz copies `npm run build` wrote (scripts/precompress.ts): the compress middleware leaves an answer
    // that is already encoded, so no file is compressed again on each request (issue 12: host CPU beside the page).
    precompressed: true,
    onFound: (_path, c) => {
      const cacheControl = staticCacheControl(c.req.path);
      c.header('Cache-Control', cacheControl);
      // A hashed file never changes and is never revalidated: a date to revalidate against is 46 wasted bytes on
      // each of a first visit's ~30 files (ADR 048).
      if (cacheControl === IMMUTABLE) c.header('Last-Modified', undefined);
    },
  });

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const path = c.req.path;
    if (path.startsWith('/api/')) return next();

    const found = await assets(c, async () => {});
    if (found) return unlessModifiedSince(c, found);

    // A missing file (hashed asset of an old build, icon, ...) is a 404; only page routes fall back to the app.
    if (path.startsWith('/assets/') || extname(path) !== '') return c.text('Not found', 404);
    return unlessModifiedSince(c, await spaIndex(c, indexPath));
  };
}

/**
 * A revalidation the file passes answers 304, as the Worker's assets answer theirs (issue 35): serveStatic sends the
 * file's Last-Modified but would send the whole file again for an If-Modified-Since it meets.
 */
async function unlessModifiedSince(c: Context<AppEnv>, res: Response): Promise<Response> {
  const since = Date.parse(c.req.header('If-Modified-Since') ?? '');
  const modified = Date.parse(res.headers.get('Last-Modified') ?? '');
  // If-None-Match, when sent, decides alone (RFC 9110 13.1.3); these files have no ETag to match.
  if (res.status !== 200 || c.req.header('If-None-Match') || Number.isNaN(since) || !(modified <= since)) return res;
  await res.body?.cancel();
  const headers = new Headers();
  for (const name of [...RETAINED_304_HEADERS, 'last-modified']) {
    const value = res.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(null, { status: 304, headers });
}

async function spaIndex(c: Context<AppEnv>, indexPath: string) {
  let modified: Date;
  try {
    modified = (await stat(indexPath)).mtime;
  } catch {
    return c.text('The app is not built yet: run `npm run build` (npm start does it for you).', 503);
  }
  c.header('Cache-Control', NO_CACHE);
  c.header('Last-Modified', modified.toUTCString());
  return c.html(await readFile(indexPath, 'utf8'));
}

function isMain(): boolean {
  const entry = process.argv[1];
  return !!entry && resolve(entry) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  try {
    const server = await startNodeServer();
    const shutdown = (signal: NodeJS.Signals) => {
      console.log(`${signal} received, shutting down.`);
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
