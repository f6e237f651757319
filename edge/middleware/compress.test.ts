import { Hono } from 'hono';
import { compress as honoCompress } from 'hono/compress';
import { Duplex } from 'node:stream';
import { brotliDecompressSync, createBrotliCompress, gunzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { taggedJson } from '../lib/etag.ts';
import { compress } from './compress.ts';

const page = `<!doctype html><ul>${big0()}</ul>`;
function big0() {
  return Array.from({ length: 200 }, (_, i) => `<li>Tournament ${i}</li>`).join('');
}
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Tournament ${i}` })) };

function appWith(middleware: () => MiddlewareHandler) {
  let sent: Response | null = null;
  const app = new Hono()
    .use('*', middleware())
    .get('/small', (c) => (sent = c.json({ ok: true })))
    .get('/big', (c) => (sent = c.json(big)))
    .get('/cookie-vary', (c) => (sent = c.json(big, 200, { Vary: 'Cookie' })))
    .get('/image', (c) => (sent = c.body(new Uint8Array(2048), 200, { 'Content-Type': 'image/png' })))
    .get('/page', (c) => (sent = c.html(page)))
    .get('/events', (c) => (sent = c.body(page, 200, { 'Content-Type': 'text/event-stream' })))
    .get('/no-transform', (c) => (sent = c.json(big, 200, { 'Cache-Control': 'no-transform' })));
  return { app, sent: () => sent };
}

describe('compress (hono’s, without rebuilding the answers it leaves alone)', () => {
  it('sends an uncompressed answer as the handler made it, with Vary: Accept-Encoding', async () => {
    const { app, sent } = appWith(compress);
    for (const path of ['/small', '/big']) {
      const res = await app.request(path);
      // The same object: nothing read its body stream to rebuild it (the Node adapter writes its string directly).
      expect(res).toBe(sent());
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      expect(res.headers.get('Content-Encoding')).toBeNull();
    }
    expect(await (await app.request('/big')).json()).toEqual(big);
  });

  it('hono’s own middleware rebuilt it (what this one avoids)', async () => {
    const { app, sent } = appWith(honoCompress);
    const res = await app.request('/small');
    expect(res).not.toBe(sent());
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
  });

  it('compresses what hono compresses, with the same headers', async () => {
    for (const middleware of [compress, honoCompress]) {
      const { app } = appWith(middleware);
      const res = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
      expect(res.headers.get('Content-Encoding')).toBe('gzip');
      expect(res.headers.get('Vary')).toBe('Accept-Encoding');
      expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'))).toEqual(big);
    }
  });

  it('keeps a Vary the handler set and adds Accept-Encoding once', async () => {
    const { app } = appWith(compress);
    expect((await app.request('/cookie-vary')).headers.get('Vary')).toBe('Cookie, Accept-Encoding');
    const gz = await app.request('/cookie-vary', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
  });

  it('leaves answers it never compresses without a Vary', async () => {
    const { app } = appWith(compress);
    const res = await app.request('/image', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('Vary')).toBeNull();
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect((await res.arrayBuffer()).byteLength).toBe(2048);
  });

  it('leaves a small tagged answer (it knows its length) uncompressed, and compresses a large one', async () => {
    const app = new Hono()
      .use('*', compress())
      .get('/user', (c) => taggedJson(c, { firstName: 'Zoë', role: 'player' }))
      .get('/list', (c) => taggedJson(c, big));
    const user = await app.request('/user', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(user.headers.get('Content-Encoding')).toBeNull();
    const text = await user.text();
    expect(user.headers.get('Content-Length')).toBe(String(Buffer.byteLength(text, 'utf8')));
    expect(JSON.parse(text)).toEqual({ firstName: 'Zoë', role: 'player' });
    const list = await app.request('/list', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(list.headers.get('Content-Encoding')).toBe('gzip');
    expect(list.headers.get('Content-Length')).toBeNull();
    expect(JSON.parse(gunzipSync(Buffer.from(await list.arrayBuffer())).toString('utf8'))).toEqual(big);
  });
});

describe('compress with the Node host\'s brotli', () => {
  const withBrotli = () =>
    compress({
      brotli: () => Duplex.toWeb(createBrotliCompress()) as ReadableWritablePair<Uint8Array, Uint8Array>,
    });

  it('answers a browser that takes br with brotli, pages and JSON alike', async () => {
    const { app } = appWith(withBrotli);
    for (const [path, text] of [
      ['/page', page],
      ['/big', JSON.stringify(big)],
    ] as const) {
      const res = await app.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
      expect(res.headers.get('Content-Encoding'), path).toBe('br');
      expect(res.headers.get('Vary'), path).toBe('Accept-Encoding');
      expect(res.headers.get('Content-Length'), path).toBeNull();
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString('utf8'), path).toBe(text);
    }
  });

  it('gives gzip to a client that takes only gzip or prefers it, and nothing to one that takes none', async () => {
    const { app } = appWith(withBrotli);
    for (const accept of ['gzip', 'br;q=0.5, gzip']) {
      const res = await app.request('/page', { headers: { 'Accept-Encoding': accept } });
      expect(res.headers.get('Content-Encoding'), accept).toBe('gzip');
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(page);
    }
    const plain = await app.request('/page');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(page);
  });

  it('leaves what hono leaves: an image, an event stream, a no-transform answer, a small one that says its length', async () => {
    const { app } = appWith(withBrotli);
    const tagged = new Hono().use('*', withBrotli()).get('/user', (c) => taggedJson(c, { firstName: 'Zoë' }));
    const user = await tagged.request('/user', { headers: { 'Accept-Encoding': 'br' } });
    expect(user.headers.get('Content-Encoding')).toBeNull();
    for (const path of ['/image', '/events', '/no-transform']) {
      const res = await app.request(path, { headers: { 'Accept-Encoding': 'br' } });
      expect(res.headers.get('Content-Encoding'), path).toBeNull();
    }
  });

  it('makes a strong ETag weak, as hono does for gzip', async () => {
    const app = new Hono().use('*', withBrotli()).get('/list', (c) => taggedJson(c, big));
    const res = await app.request('/list', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('ETag')).toMatch(/^W\//);
  });
});
