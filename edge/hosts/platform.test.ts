// What every answer shares on both hosts, over real sockets: health, the Worker's empty start (D18), one layer of
// compression however the answer travels, and the same security headers, cache rules and revalidation. node:http
// reads the bodies as they travelled (fetch would decode them).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tournaments } from '../../db/schema/tournaments.ts';
import { decodedOnce, rawRequest, SECURITY_HEADERS, type RawAnswer } from '../test/raw-http.ts';
import { HOST_NAMES, type HostName } from './context.ts';
import { eachHost, hostsContext } from './host.ts';

const dist = resolve(import.meta.dirname, '../../dist');
const BROWSER = { 'accept-encoding': 'gzip, br' };
const DAY = 24 * 60 * 60 * 1000;

const get = (name: HostName, path: string, headers: Record<string, string> = BROWSER) =>
  rawRequest(`${hostsContext()[name].url}${path}`, headers);
const onBoth = (path: string, headers?: Record<string, string>) => Promise.all(HOST_NAMES.map((name) => get(name, path, headers)));

/** The build's entry script, as index.html names it. */
const entryScript = () => /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))![1]!;

eachHost((host) => {
  describe('edge/features/health/routes.ts', () => {
    it('answers 200 { ok: true }, never stored', async () => {
      const res = await host.request('/api/health');
      expect([res.status, await res.json()]).toEqual([200, { ok: true }]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });
  });

  describe('one layer of compression', () => {
    beforeAll(async () => {
      // A list worth compressing, far enough ahead that no other test's list meets it first.
      await host.db.insert(tournaments).values(
        Array.from({ length: 30 }, (_, i) => ({
          title: `Compression Cup ${i + 1}`,
          division: 'slap' as const,
          startDate: new Date(Date.now() + (900 + i) * DAY),
          createdAt: new Date(Date.now() - DAY),
        })),
      );
    });

    const once = (answer: RawAnswer) => {
      expect(answer.status).toBe(200);
      // One token: an answer encoded twice names one encoding (workerd's) or two.
      expect(answer.headers.get('content-encoding')).toMatch(/^(gzip|br)$/);
      return decodedOnce(answer);
    };

    it('JSON decodes once to the list', async () => {
      const list = JSON.parse(once(await get(host.name, '/api/tournaments?division=slap&limit=48')).toString('utf8')) as unknown[];
      expect(list.length).toBeGreaterThanOrEqual(30);
    });

    it('a script of the build, the manifest and the shell decode once to the files themselves', async () => {
      for (const path of [entryScript(), '/manifest.webmanifest', '/sw.js']) {
        expect(once(await get(host.name, path)).equals(readFileSync(join(dist, path))), path).toBe(true);
      }
      expect(JSON.parse(once(await get(host.name, '/manifest.webmanifest')).toString('utf8'))).toMatchObject({ start_url: '/' });
      expect(once(await get(host.name, '/dashboard')).equals(readFileSync(join(dist, 'index.html')))).toBe(true);
    });

    it('a server-rendered page decodes once to its HTML', async () => {
      for (const path of ['/', '/terms', '/tournaments']) {
        const html = once(await get(host.name, path)).toString('utf8');
        expect(html, path).toMatch(/^<!doctype html>/i);
        expect(html.trimEnd(), path).toMatch(/<\/html>$/);
      }
    });
  });
});

describe('the Worker never seeds (D18)', () => {
  it('had no member and no tournament once it had started and answered', () => {
    expect(hostsContext().workerAtStart).toEqual({ users: 0, tournaments: 0 });
  });
});

describe('the same headers on both hosts', () => {
  const pick = ({ status, headers }: RawAnswer) => ({
    status,
    // The media type; the charset parameter differs (Cloudflare's assets name none on SVG, the Node host UTF-8).
    'content-type': headers.get('content-type')?.split(';')[0],
    'cache-control': headers.get('cache-control'),
    vary: headers.get('vary'),
    ...Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers.get(name)])),
  });

  it.each(['/', '/terms', '/dashboard', '/no-such-page', '/sw.js', '/manifest.webmanifest', '/favicon.svg', '/api/tournaments', '/api/auth/user', '/api/no-such-call', '/assets/gone-abc123.js'])(
    '%s: status, security headers, Cache-Control and Vary',
    async (path) => {
      const [onNode, onWorker] = (await onBoth(path)) as [RawAnswer, RawAnswer];
      expect(pick(onWorker)).toEqual(pick(onNode));
    },
  );

  it('a script of the build: kept a year, never revalidated', async () => {
    const answers = await onBoth(entryScript());
    expect(answers.map(pick)[1]).toEqual(answers.map(pick)[0]);
    expect(answers[0]!.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('revalidation on both hosts', () => {
  it('an API read: an ETag of its body (weak once Node compresses it), and a 304 to it', async () => {
    for (const name of HOST_NAMES) {
      const first = await get(name, '/api/tournaments?division=slap');
      const tag = first.headers.get('etag');
      expect(tag, name).toMatch(name === 'node' ? /^W\/"[0-9a-f]{40}"$/ : /^"[0-9a-f]{40}"$/);
      const again = await get(name, '/api/tournaments?division=slap', { ...BROWSER, 'if-none-match': tag! });
      expect([again.status, again.raw.length, again.headers.get('cache-control')], name).toEqual([
        304,
        0,
        first.headers.get('cache-control'),
      ]);
    }
  });

  it.each(['/dashboard', '/sw.js', '/manifest.webmanifest'])(
    '%s: a 304 to the validator each host sent (Last-Modified on Node, the assets ETag on the Worker)',
    async (path) => {
      const [onNode, onWorker] = (await onBoth(path)) as [RawAnswer, RawAnswer];
      const again = await Promise.all([
        get('node', path, { ...BROWSER, 'if-modified-since': onNode.headers.get('last-modified')! }),
        get('worker', path, { ...BROWSER, 'if-none-match': onWorker.headers.get('etag')! }),
      ]);
      expect(again.map((a) => [a.status, a.raw.length])).toEqual([
        [304, 0],
        [304, 0],
      ]);
      expect(again[1]!.headers.get('cache-control')).toBe(again[0]!.headers.get('cache-control'));
    },
  );
});

eachHost((host) => {
  describe('many callers at once', () => {
    it('answers 60 reads at once, every one of them', async () => {
      const [row] = await host.db
        .insert(tournaments)
        .values({ title: 'Busy Saturday', startDate: new Date(Date.now() + 700 * DAY), createdAt: new Date(Date.now() - DAY) })
        .returning({ id: tournaments.id });
      const paths = Array.from({ length: 60 }, (_, i) =>
        [`/api/tournaments/${row!.id}`, `/api/tournaments/${row!.id}/registrations`, '/api/health'][i % 3]!,
      );
      const answers = await Promise.all(paths.map((path) => host.request(path)));
      expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
    });
  });
});
