import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tournaments } from '../db/schema/tournaments.ts';
import { users } from '../db/schema/users.ts';
import { startNodeServer, type NodeServer } from './node.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/app.ts';
import { decodedOnce, rawRequest, SECURITY_HEADERS, type RawAnswer } from './test/raw-http.ts';
import { assetsFrom, callWorker, workerEnv } from './test/worker-host.ts';
import type { WorkerEnv } from './worker.ts';

// Issue 35: the two hosts answer alike. The Node host on a real socket and the Worker through its fetch handler, over
// one migrated database (the Worker's Turso client is replaced by this test's libSQL file) and one build folder (the
// Worker's ASSETS binding answers from it as Cloudflare's does). On Workers nothing is compressed by the app: workerd
// encoded a gzipped answer a second time under its one Content-Encoding header (ADR 058).

const shared = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('@libsql/client/web', () => ({ createClient: () => shared.client }));

const DAY = 24 * 60 * 60 * 1000;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(', ')}];\n`;
const shell =
  '<!doctype html><html><head><title>WTA League</title>' +
  '<meta name="description" content="One-day cash-prize tournaments.">' +
  `<!-- ${'the app shell '.repeat(100)}-->` +
  '</head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const FILES: Record<string, string | Uint8Array> = {
  'index.html': shell,
  'assets/app-abc123.js': script,
  'sw.js': 'self.addEventListener("fetch", () => {});\n',
  'manifest.webmanifest': JSON.stringify({ name: 'WTA League', start_url: '/' }),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'icons/icon-192.png': new Uint8Array(64),
};

let dir: string;
let t: TestApp;
let node: NodeServer;
let env: WorkerEnv;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wta-hosts-'));
  const dist = join(dir, 'dist');
  for (const [file, body] of Object.entries(FILES)) {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    writeFileSync(join(dist, file), body);
  }
  t = await createTestApp();
  shared.client = t.client;
  // A league with a member does not get the demo seeded; thirty tournaments make a list worth compressing.
  await t.db.insert(users).values({ id: 'one', email: 'one@example.test', firstName: 'One', lastName: 'Member' });
  await t.db.insert(tournaments).values(
    Array.from({ length: 30 }, (_, i) => ({
      title: `Saturday Open ${i + 1}`,
      startDate: new Date(Date.now() + (30 + i) * DAY),
      createdAt: new Date(Date.now() - DAY),
    })),
  );
  const keys = {
    WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
    DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
  };
  node = await startNodeServer({
    env: { PORT: '0', DATABASE_URL: t.databaseUrl, UPLOADS_DIR: join(dir, 'uploads'), PUBLIC_URL: TEST_ORIGIN, ...keys },
    distDir: dist,
    // No renderer: pages are the shell on both hosts (their rendering is the same code on each, ADR 027).
    serverDir: join(dir, 'no-renderer'),
    log: false,
  });
  env = workerEnv({ PUBLIC_URL: TEST_ORIGIN, ASSETS: assetsFrom(dist), ...keys });
}, 120_000);

afterAll(async () => {
  await node?.close();
  await t?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

type Answer = RawAnswer;

/** GET on the Node host's socket (fetch would decode the body). */
const fromNode = (path: string, headers: Record<string, string>) => rawRequest(`${node.url}${path}`, headers);

async function fromWorker(path: string, headers: Record<string, string>): Promise<Answer> {
  const res = await callWorker(new Request(`${TEST_ORIGIN}${path}`, { headers }), env);
  return { status: res.status, headers: res.headers, raw: Buffer.from(await res.arrayBuffer()) };
}

const decoded = (answer: Answer) => decodedOnce(answer).toString('utf8');

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const bothHosts = (path: string, headers: Record<string, string> = BROWSER) =>
  Promise.all([fromNode(path, headers), fromWorker(path, headers)]);

describe('compression', () => {
  it.each(['/api/tournaments', '/assets/app-abc123.js', '/dashboard'])(
    '%s: the Node host compresses it; the Worker leaves it to the platform, and both say it varies by encoding',
    async (path) => {
      const [onNode, onWorker] = await bothHosts(path);
      expect([onNode.status, onWorker.status]).toEqual([200, 200]);
      expect(onNode.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
      expect(onNode.raw.length).toBeLessThan(decoded(onNode).length / 2);
      // workerd would encode whatever carries a Content-Encoding once more: the Worker sends the bytes themselves.
      expect(onWorker.headers.get('content-encoding')).toBeNull();
      expect(onWorker.raw.toString('utf8')).toBe(decoded(onNode));
      for (const answer of [onNode, onWorker]) expect(answer.headers.get('vary')).toMatch(/accept-encoding/i);
    },
  );

  it('the Worker compresses nothing for any client, whatever it accepts', async () => {
    for (const encoding of ['gzip', 'br', 'deflate', '*']) {
      for (const path of ['/api/tournaments', '/assets/app-abc123.js', '/dashboard']) {
        const answer = await fromWorker(path, { 'accept-encoding': encoding });
        expect(answer.headers.get('content-encoding'), `${path} ${encoding}`).toBeNull();
      }
    }
  });
});

describe('the same headers on both hosts', () => {
  it.each([
    '/api/auth/user',
    '/api/tournaments',
    '/api/no-such-call',
    '/dashboard',
    '/assets/app-abc123.js',
    '/favicon.svg',
    '/icons/icon-192.png',
    '/sw.js',
    '/manifest.webmanifest',
    '/index.html',
    '/assets/gone-abc123.js',
  ])('%s: status, security headers and Cache-Control', async (path) => {
    const [onNode, onWorker] = await bothHosts(path);
    const pick = ({ status, headers }: Answer) => ({
      status,
      cacheControl: headers.get('cache-control'),
      ...Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers.get(name)])),
    });
    expect(pick(onWorker)).toEqual(pick(onNode));
  });
});

// The service worker keeps /index.html as the shell of every in-app page (app/sw.ts): the file itself on both hosts,
// never a redirect to '/', whose answer is the landing page rendered (ADR 062).
it('/index.html is the shell on both hosts', async () => {
  const [onNode, onWorker] = await bothHosts('/index.html');
  expect([onNode.status, onWorker.status]).toEqual([200, 200]);
  expect([decoded(onNode), decoded(onWorker)]).toEqual([shell, shell]);
});

describe('revalidation', () => {
  it('an API list: the same ETag on both hosts, and a 304 to it on each', async () => {
    const [onNode, onWorker] = await bothHosts('/api/tournaments');
    const tag = onWorker.headers.get('etag');
    expect(tag).toMatch(/^"[0-9a-f]+"$/);
    // Compressed, the Node host's tag is weak (RFC 9110); Cloudflare weakens the Worker's as it compresses.
    expect(onNode.headers.get('etag')?.replace(/^W\//, '')).toBe(tag);
    const [again, againOnWorker] = await bothHosts('/api/tournaments', { ...BROWSER, 'if-none-match': tag! });
    expect([again.status, againOnWorker.status]).toEqual([304, 304]);
    expect(againOnWorker.headers.get('cache-control')).toBe(again.headers.get('cache-control'));
  });

  it.each(['/sw.js', '/manifest.webmanifest', '/favicon.svg', '/dashboard'])(
    '%s: a revalidation with the validator each host sent is a 304 with the same Cache-Control',
    async (path) => {
      const [onNode, onWorker] = await bothHosts(path);
      const lastModified = onNode.headers.get('last-modified');
      const etag = onWorker.headers.get('etag');
      expect(lastModified).not.toBeNull();
      expect(etag).not.toBeNull();
      const again = await fromNode(path, { ...BROWSER, 'if-modified-since': lastModified! });
      const againOnWorker = await fromWorker(path, { ...BROWSER, 'if-none-match': etag! });
      expect([again.status, againOnWorker.status]).toEqual([304, 304]);
      expect(again.raw.length + againOnWorker.raw.length).toBe(0);
      expect(againOnWorker.headers.get('cache-control')).toBe(again.headers.get('cache-control'));
      // A file changed since is sent again.
      const stale = await fromNode(path, { ...BROWSER, 'if-modified-since': new Date(0).toUTCString() });
      expect(stale.status).toBe(200);
    },
  );
});

describe('framing on both hosts (D45)', () => {
  it('the embedded bracket is the one page any site may frame; a tournament page is not', async () => {
    const [embedOnNode, embedOnWorker] = await bothHosts('/embed/tournaments/1/bracket?theme=dark');
    const [pageOnNode, pageOnWorker] = await bothHosts('/tournaments/1');
    for (const answer of [embedOnNode, embedOnWorker]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-security-policy')).toMatch(/frame-ancestors \*(;|$)/);
      expect(answer.headers.get('x-frame-options')).toBeNull();
    }
    for (const answer of [pageOnNode, pageOnWorker]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});
