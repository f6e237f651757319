import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NodeServer } from './node.ts';
import { loadAppRendererFirst } from './test/app-renderer.ts';
import { startTestNodeHost } from './test/node-host.ts';
import worker, { type WorkerEnv } from './worker.ts';

// Issue 34: a path outside the app's route table (app/routes/) is the not-found page with 404 on both hosts, where
// the SPA fallback answered 200; the pages of the table keep their answers.

// The Worker bundles the built renderer (dist-server/); here it is the app's own source, so no build is needed.
vi.mock('../dist-server/entry-server.js', () => import('../app/entry-server.tsx'));

const SHELL =
  '<!doctype html><html><head><title>WTA League</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
const UNKNOWN = ['/does-not-exist', '/tournaments/foo/bar', '/divisions', '/a/b/c'];
const KNOWN_SHELL = ['/dashboard', '/messages', '/DASHBOARD/'];

let dir: string;
let server: NodeServer;

loadAppRendererFirst();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wta-unknown-paths-'));
  mkdirSync(join(dir, 'dist', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'dist', 'index.html'), SHELL);
  writeFileSync(join(dir, 'dist', 'assets', 'index-abc123.js'), 'export {};\n');
  // The page renderer as `npm run build` leaves it in dist-server/, made of the app's source.
  mkdirSync(join(dir, 'dist-server'));
  writeFileSync(
    join(dir, 'dist-server', 'entry-server.js'),
    `export * from ${JSON.stringify(join(import.meta.dirname, '../app/entry-server.tsx'))};\n`,
  );
  server = await startTestNodeHost(dir, { serverDir: join(dir, 'dist-server') });
}, 180_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the Node host', () => {
  it.each(UNKNOWN)('answers %s with the not-found page and 404', async (path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('Page Not Found');
    // The page hydrates like any rendered page: the shell's script and the data it starts from.
    expect(html).toContain('/assets/index-abc123.js');
    expect(html).toContain('id="wta-ssr"');
  });

  it('keeps the answers of the pages of the table, of files and of unknown players and tournaments', async () => {
    for (const path of KNOWN_SHELL) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(SHELL);
    }
    expect((await fetch(`${server.url}/assets/index-abc123.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/assets/gone-abc123.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/missing.png`)).status).toBe(404);
    expect((await fetch(`${server.url}/tournaments/987654`)).status).toBe(404);
    // A path under a profile shows the profile's own not-found page (its route is the router's not-found boundary).
    for (const path of ['/player/nobody', '/player/nobody/extra']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('Player not found');
    }
  });
});

describe('the Worker host', () => {
  const files: Record<string, { body: string; type: string }> = {
    '/index.html': { body: SHELL, type: 'text/html; charset=utf-8' },
    '/assets/index-abc123.js': { body: 'export {};\n', type: 'text/javascript' },
  };
  /** The ASSETS binding as wrangler.toml sets it up: a file under its own name (`html_handling = "none"`), or a 404. */
  const assets = {
    fetch: async (input: Request | string) => {
      const { pathname } = new URL(typeof input === 'string' ? input : input.url);
      const file = files[pathname];
      return file
        ? new Response(file.body, { headers: { 'content-type': file.type } })
        : new Response(null, { status: 404 });
    },
  };
  const env = {
    DATABASE_URL: 'libsql://league-test.turso.io',
    PUBLIC_URL: 'https://league.example',
    ASSETS: assets,
    UPLOADS: {},
    WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
    DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
  } as unknown as WorkerEnv;
  const call = (path: string) =>
    (worker.fetch as unknown as (r: Request, e: WorkerEnv, ctx: unknown) => Promise<Response>)(
      new Request(`https://league.example${path}`),
      env,
      { waitUntil: () => {}, passThroughOnException: () => {} },
    );

  it.each(UNKNOWN)('answers %s with the not-found page and 404', async (path) => {
    const res = await call(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('/assets/index-abc123.js');
  });

  it('keeps the answers of the pages of the table and of files', async () => {
    for (const path of KNOWN_SHELL) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(SHELL);
    }
    expect((await call('/assets/index-abc123.js')).status).toBe(200);
    expect((await call('/assets/gone-abc123.js')).status).toBe(404);
    expect((await call('/missing.png')).status).toBe(404);
    // The service worker's shell (app/sw.ts) is the file itself (ADR 062).
    expect(await (await call('/index.html')).text()).toBe(SHELL);
  });
});
