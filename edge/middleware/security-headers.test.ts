import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Config } from '../lib/config.ts';
import { securityHeaders } from './security-headers.ts';

// D45: the embed pages are the only documents another site may frame; every other page and API answer keeps
// `frame-ancestors 'none'` and `X-Frame-Options: DENY`.

function appFor(publicUrl: string) {
  const app = new Hono();
  app.use('*', securityHeaders({ publicUrl } as Config));
  // The shell as the hosts answer any page of the route table, and a JSON answer as the API's.
  app.get('/api/*', (c) => c.json({ ok: true }));
  app.get('*', (c) => c.html('<!doctype html><div id="root"></div>'));
  return app;
}

const frameAncestors = (res: Response) =>
  /frame-ancestors ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? null;

describe('framing (D45)', () => {
  for (const publicUrl of ['http://localhost:4511', 'https://wta.example']) {
    const app = appFor(publicUrl);

    it(`lets any site frame the embedded bracket (${publicUrl})`, async () => {
      for (const path of ['/embed/tournaments/1/bracket', '/embed/tournaments/1/bracket?theme=dark']) {
        const res = await app.request(path);
        expect(res.status).toBe(200);
        expect(frameAncestors(res)).toBe('*');
        expect(res.headers.get('x-frame-options')).toBeNull();
        expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
        // The rest of the page's policy is the same as any page's.
        expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });

    it(`keeps every other page and API answer unframeable (${publicUrl})`, async () => {
      for (const path of [
        '/tournaments/1',
        '/tournaments/1/broadcast',
        '/',
        '/dashboard',
        '/api/tournaments/1/bracket',
        // Not the embed pages: a look-alike prefix and another case (the router matches it, the headers do not).
        '/embedded/tournaments/1/bracket',
        '/EMBED/tournaments/1/bracket',
      ]) {
        const res = await app.request(path);
        expect(frameAncestors(res), path).toBe("'none'");
        expect(res.headers.get('x-frame-options'), path).toBe('DENY');
        expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      }
    });
  }
});
