import { spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEEP_ALIVE_MS, type NodeServer } from './node.ts';
import { startTestNodeHost } from './test/node-host.ts';

// The Node host's connection handling and static files (edge/node.ts), on a real socket.

let dir: string;
let server: NodeServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wta-node-host-'));
  server = await startTestNodeHost(dir);
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** GET on the given agent: the status and the local port of the connection it went over. */
function get(agent: Agent, path: string): Promise<{ status: number; localPort: number }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { agent }, (res) => {
      const localPort = res.socket.localPort!;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, localPort }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('keeps an idle keep-alive connection longer than the clients that reuse it (no ECONNRESET at 5 s)', async () => {
  expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
  // A client that keeps its connection open as long as the server lets it (browsers keep theirs for minutes).
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await get(agent, '/api/auth/user');
    expect(first.status).toBe(401);
    // Past Node's default of 5 s, after which the server used to close it as a client might be sending.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await get(agent, '/api/auth/user');
    expect(second.status).toBe(401);
    expect(second.localPort, 'the second request went over the same connection').toBe(first.localPort);
  } finally {
    agent.destroy();
  }
}, 20_000);

/** GET with the given Accept-Encoding: status, headers and the raw (still encoded) body. */
function getEncoded(
  path: string,
  acceptEncoding: string | undefined,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding };
    const req = request(`${server.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

it("serves the build's precompressed copies (npm run build's last step) as they are, by the browser's Accept-Encoding", async () => {
  const assets = join(dir, 'dist', 'assets');
  mkdirSync(assets, { recursive: true });
  // A script worth compressing, and one so small that a compressed copy would not pay for its header.
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `'row ${i}'`).join(', ')}];\n`;
  writeFileSync(join(assets, 'rows-abc123.js'), script);
  writeFileSync(join(assets, 'tiny-abc123.js'), 'export const a = 1;\n');
  const run = spawnSync(process.execPath, [join(import.meta.dirname, '../scripts/precompress.ts'), join(dir, 'dist')], {
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  expect(existsSync(join(assets, 'rows-abc123.js.br'))).toBe(true);
  expect(existsSync(join(assets, 'tiny-abc123.js.gz'))).toBe(false);

  const br = await getEncoded('/assets/rows-abc123.js', 'gzip, deflate, br, zstd');
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toMatch(/^text\/javascript/);
  expect(br.headers['vary']).toMatch(/Accept-Encoding/i);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers['last-modified']).toBeUndefined();
  expect(brotliDecompressSync(br.body).toString()).toBe(script);
  expect(br.body.length).toBeLessThan(script.length / 2);

  const gzip = await getEncoded('/assets/rows-abc123.js', 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.body).toString()).toBe(script);

  // A client that takes no encoding gets the file itself; so does any client for a file with no copies.
  const plain = await getEncoded('/assets/rows-abc123.js', undefined);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(script);
  const tiny = await getEncoded('/assets/tiny-abc123.js', 'gzip, br');
  expect(tiny.headers['content-encoding']).toBeUndefined();
  expect(tiny.body.toString()).toBe('export const a = 1;\n');
}, 20_000);

it('sends a build file only the security headers that apply to a file; documents and worker scripts get them all', async () => {
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'assets', 'screen-abc123.js'), 'export const a = 1;\n');
  writeFileSync(join(dist, 'assets', 'zone.worker-abc123.js'), 'postMessage("UTC");\n');
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dist, 'icons'), { recursive: true });
  writeFileSync(join(dist, 'icons', 'icon-192.png'), 'not really a png');

  for (const path of ['/assets/screen-abc123.js', '/favicon.svg', '/icons/icon-192.png']) {
    const file = await getEncoded(path, 'gzip, br');
    expect(file.status, path).toBe(200);
    expect(file.headers['x-content-type-options'], path).toBe('nosniff');
    expect(file.headers['cross-origin-resource-policy'], path).toBe('same-origin');
    for (const header of ['permissions-policy', 'x-frame-options', 'cross-origin-opener-policy'])
      expect(file.headers[header], `${path} ${header}`).toBeUndefined();
  }
  // A script or an image has no CSP; an SVG, a document if opened on its own, has one that allows no script.
  expect((await getEncoded('/assets/screen-abc123.js', 'br')).headers['content-security-policy']).toBeUndefined();
  expect((await getEncoded('/favicon.svg', 'br')).headers['content-security-policy']).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  );
  // A missing build file is a plain 404, with the same two.
  const missing = await getEncoded('/assets/gone-abc123.js', undefined);
  expect(missing.status).toBe(404);
  expect(missing.headers['x-content-type-options']).toBe('nosniff');

  // A worker takes its CSP from its own script's answer; a page (the app shell here) from its document's.
  for (const path of ['/assets/zone.worker-abc123.js', '/tournaments']) {
    const answer = await getEncoded(path, 'gzip, br');
    expect(answer.status, path).toBe(200);
    expect(answer.headers['content-security-policy'], path).toContain("script-src 'self'");
    expect(answer.headers['x-frame-options'], path).toBe('DENY');
    expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
  }
});

it('answers a page in brotli to a browser that takes it, gzip to one that does not', async () => {
  const dist = join(dir, 'dist');
  mkdirSync(dist, { recursive: true });
  const html = `<!doctype html><html><body><ul>${'<li>Tournament</li>'.repeat(200)}</ul></body></html>`;
  writeFileSync(join(dist, 'index.html'), html);
  const br = await getEncoded('/tournaments', 'gzip, deflate, br, zstd');
  expect(br.headers['content-encoding']).toBe('br');
  // The page as the host renders it into the file, whole.
  expect(brotliDecompressSync(br.body).toString()).toContain('<li>Tournament</li>'.repeat(200));
  const gzip = await getEncoded('/tournaments', 'gzip, deflate');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.body).toString()).toContain('<li>Tournament</li>'.repeat(200));
});
