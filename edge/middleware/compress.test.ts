import { Hono } from 'hono';
import { compress as honoCompress } from 'hono/compress';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { taggedJson } from '../lib/etag.ts';
import { compress } from './compress.ts';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Tournament ${i}` })) };

function appWith(middleware: typeof compress) {
  let sent: Response | null = null;
  const app = new Hono()
    .use('*', middleware())
    .get('/small', (c) => (sent = c.json({ ok: true })))
    .get('/big', (c) => (sent = c.json(big)))
    .get('/cookie-vary', (c) => (sent = c.json(big, 200, { Vary: 'Cookie' })))
    .get('/image', (c) => (sent = c.body(new Uint8Array(2048), 200, { 'Content-Type': 'image/png' })));
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
