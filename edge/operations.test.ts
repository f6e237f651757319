// ADR 060 on both hosts: GET /api/health; Turso out of reach answers 503 with Retry-After in the API's error shape,
// never a 500 page; and every 5xx answer and failed cron task is one JSON line on the console (what `wrangler tail`
// shows). The Worker is called through edge/worker.ts's handlers with its own libSQL client; the Node host's app is
// built by createTestApp around a database opened as edge/node.ts opens a remote DATABASE_URL.
import { randomUUID } from 'node:crypto';
import type { Client } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDb } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { DATABASE_UNAVAILABLE } from './lib/errors.ts';
import type { LogLine } from './lib/log.ts';
import { createSession, generateSessionToken, SESSION_COOKIE } from './lib/sessions.ts';
import { appRenderer, loadAppRendererFirst } from './test/app-renderer.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/app.ts';
import { remoteDatabase, type RemoteDatabase } from './test/remote-db.ts';
import { callWorker, workerEnv } from './test/worker-host.ts';
import worker, { type WorkerEnv } from './worker.ts';

type Host = 'node' | 'worker';
const HOSTS: Host[] = ['node', 'worker'];
const RAY = '8f1e2d3c4b5a6978-ATL';

let remote: RemoteDatabase;
let t: TestApp;
let env: WorkerEnv;

loadAppRendererFirst();
beforeEach(async () => {
  remote = await remoteDatabase();
  t = await createTestApp({ deps: { db: remote.db } });
  env = workerEnv({ DATABASE_URL: remote.url, PUBLIC_URL: TEST_ORIGIN });
});
afterEach(async () => {
  await t.cleanup();
  await remote.cleanup();
});

/** One request to a host; the Worker's carries a CF-Ray header, as Cloudflare's edge sets it. */
function call(host: Host, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.method && init.method !== 'GET') headers.set('origin', TEST_ORIGIN);
  if (host === 'node') return t.request(path, { ...init, headers });
  headers.set('cf-ray', RAY);
  return callWorker(new Request(`${TEST_ORIGIN}${path}`, { ...init, headers }), env);
}

/** The operations log's lines written from now on (console.error and console.warn; restored after each test). */
function captureLog(): LogLine[] {
  const lines: LogLine[] = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((first: unknown) => {
      if (typeof first === 'string' && first.startsWith('{')) lines.push(JSON.parse(first) as LogLine);
    });
  }
  return lines;
}

/** A member with a live session in the remote database: the Cookie header a signed-in browser sends. */
async function signedInCookie(): Promise<string> {
  const id = randomUUID();
  await remote.db.insert(users).values({ id, email: `${id}@example.test`, firstName: 'Pat', lastName: 'Member' });
  const token = generateSessionToken();
  await createSession(remote.db, token, id, new Date());
  return `${SESSION_COOKIE}=${token}`;
}

describe('GET /api/health', () => {
  it.each(HOSTS)('%s: 200 { ok: true }, and 503 { ok: false } while the database is unreachable, never stored', async (host) => {
    const cookie = await signedInCookie();
    const up = await call(host, '/api/health');
    expect([up.status, await up.json(), up.headers.get('cache-control')]).toEqual([200, { ok: true }, 'no-store']);

    const log = captureLog();
    await remote.stop();
    // A signed-in browser's cookie changes nothing: the answer is about the database, not a session lookup.
    for (const headers of [{}, { cookie }] as Record<string, string>[]) {
      const down = await call(host, '/api/health', { headers });
      expect([down.status, await down.json(), down.headers.get('cache-control')]).toEqual([503, { ok: false }, 'no-store']);
    }
    // The answer says nothing more; the log says why.
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ level: 'error', route: '/api/health', status: 503, message: expect.stringMatching(/could not be reached/) });

    await remote.start();
    expect((await call(host, '/api/health')).status).toBe(200);
  });
});

describe('the database out of reach', () => {
  it.each(HOSTS)('%s: API calls answer 503 with Retry-After and { message }, each logged once; then recover', async (host) => {
    const cookie = await signedInCookie();
    const log = captureLog();
    await remote.stop();
    const calls: [string, RequestInit][] = [
      ['/api/tournaments', {}],
      ['/api/tournaments/7', {}],
      // The session lookup is the first query of a signed-in request.
      ['/api/auth/user', { headers: { cookie } }],
      ['/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@example.test', password: 'whatever-long' }) }],
      ['/api/messages/send', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ recipientId: 'x', content: 'hi' }) }],
    ];
    for (const [path, init] of calls) {
      const res = await call(host, path, init);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('30');
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await res.json(), path).toEqual({ message: DATABASE_UNAVAILABLE });
      expect(res.headers.get('x-request-id'), path).toBe(log.at(-1)?.requestId);
    }

    expect(log).toHaveLength(calls.length);
    expect(log.map((line) => line.path)).toEqual(calls.map(([path]) => path));
    for (const line of log) {
      expect(line).toMatchObject({ level: 'error', event: 'request', status: 503, message: expect.stringMatching(/could not be reached/) });
      expect(line.stack).toMatch(/^\s+at /);
      if (host === 'worker') expect(line.requestId).toBe(RAY);
      else expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(log.slice(0, 2).map((line) => [line.method, line.route])).toEqual([
      ['GET', '/api/tournaments'],
      ['GET', '/api/tournaments/:id'],
    ]);
    expect(log[3]).toMatchObject({ method: 'POST', route: '/api/login' });
    // A query's parameters (an e-mail address here) never reach the log.
    expect(JSON.stringify(log)).not.toContain('a@example.test');

    await remote.start();
    expect((await call(host, '/api/tournaments')).status).toBe(200);
    expect((await call(host, '/api/auth/user', { headers: { cookie } })).status).toBe(200);
  });

  it('a token the database refuses (revoked, expired) is the same 503 on the Worker, and its log line says HTTP 401', async () => {
    const guarded = await remoteDatabase({ authToken: 'the-current-token' });
    const log = captureLog();
    try {
      env = workerEnv({ DATABASE_URL: guarded.url, DATABASE_AUTH_TOKEN: 'a-revoked-token', PUBLIC_URL: TEST_ORIGIN });
      const health = await call('worker', '/api/health');
      expect([health.status, await health.json()]).toEqual([503, { ok: false }]);
      const res = await call('worker', '/api/tournaments');
      expect([res.status, res.headers.get('retry-after'), await res.json()]).toEqual([503, '30', { message: DATABASE_UNAVAILABLE }]);
      expect(log.map((line) => line.message)).toEqual([
        expect.stringMatching(/The database server answered HTTP 401: Unauthorized/),
        expect.stringMatching(/The database server answered HTTP 401: Unauthorized/),
      ]);
      // With the right token, the same Worker's next isolate serves.
      env = workerEnv({ DATABASE_URL: guarded.url, DATABASE_AUTH_TOKEN: 'the-current-token', PUBLIC_URL: TEST_ORIGIN });
      expect((await call('worker', '/api/health')).status).toBe(200);
    } finally {
      await guarded.cleanup();
    }
  });

  it('a server-rendered page whose data could not be read is a 503 with Retry-After, never a 500 page', async () => {
    const page = await createTestApp({
      deps: { db: remote.db, pages: { renderer: appRenderer, template: async () => '<!doctype html><div id="root"></div>' } },
    });
    captureLog();
    await remote.stop();
    try {
      for (const path of ['/', '/tournaments', '/tournaments/7']) {
        const res = await page.request(path);
        expect(res.status, path).not.toBe(500);
        expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
        if (res.status === 503) expect(res.headers.get('retry-after'), path).toBe('30');
      }
      // The tournament's own page cannot be shown without its record.
      expect((await page.request('/tournaments/7')).status).toBe(503);
    } finally {
      await page.cleanup();
    }
  });
});

/** A libSQL client whose every statement fails with `error`, as a broken disk or driver would. */
function failingClient(error: Error): Client {
  const fail = () => Promise.reject(error);
  return { execute: fail, batch: fail, migrate: fail, transaction: fail, executeMultiple: fail, sync: fail, close() {}, closed: false, protocol: 'file' } as unknown as Client;
}

describe('the log of 5xx answers', () => {
  it('a failure that is not the database being out of reach is a 500 with its cause, never the query parameters', async () => {
    const broken = await createTestApp({ deps: { db: createDb(failingClient(new Error('disk I/O error on /data'))) } });
    const log = captureLog();
    try {
      const res = await broken.request('/api/tournaments/4242?tab=bracket');
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Internal server error' });
      expect(log).toEqual([
        {
          level: 'error',
          event: 'request',
          requestId: res.headers.get('x-request-id'),
          method: 'GET',
          route: '/api/tournaments/:id',
          path: '/api/tournaments/4242',
          status: 500,
          message: expect.stringMatching(/^Failed query: select .{100,}\.\.\. <- disk I\/O error on \/data$/),
          stack: expect.stringMatching(/^\s+at /),
        },
      ]);
      expect(JSON.stringify(log)).not.toMatch(/params|4242\]/);
    } finally {
      await broken.cleanup();
    }
  });

  it('a 5xx a handler answers itself is logged with its message', async () => {
    const log = captureLog();
    const res = await call('node', '/api/stripe/webhook', { method: 'POST', body: '{}' });
    expect(res.status).toBe(503);
    expect(log).toEqual([
      expect.objectContaining({ level: 'error', route: '/api/stripe/webhook', status: 503, message: 'Stripe payments are not configured on this server' }),
    ]);
  });
});

describe('a cron run', () => {
  it.each(HOSTS)('%s: with the database unreachable, each failed task is one log line and the run ends (failed on the Worker)', async (host) => {
    const log = captureLog();
    await remote.stop();
    const at = new Date('2026-11-21T12:00:00Z');
    if (host === 'node') {
      // The clock and the webhook queue read the database (push is off here, without VAPID keys).
      expect(await t.cron(at)).toEqual({ failed: ['clock', 'webhooks'] });
    } else {
      const waiting: Promise<unknown>[] = [];
      const scheduled = worker.scheduled as unknown as (controller: unknown, env: WorkerEnv, ctx: unknown) => Promise<void>;
      // The invocation fails, so the dashboard's cron events show it (edge/worker.ts).
      await expect(
        scheduled({ scheduledTime: at.getTime(), cron: '* * * * *' }, env, { waitUntil: (p: Promise<unknown>) => waiting.push(p) }),
      ).rejects.toThrow('The cron run failed: clock, webhooks');
      await Promise.all(waiting);
    }
    const line = (route: string) => ({
      level: 'error',
      event: 'cron',
      requestId: 'cron-2026-11-21T12:00:00.000Z',
      route,
      message: expect.stringMatching(/could not be reached/),
      stack: expect.stringMatching(/^\s+at /),
    });
    // The tasks run side by side: their lines come in either order.
    expect([...log].sort((a, b) => String(a.route).localeCompare(String(b.route)))).toEqual([line('clock'), line('webhooks')]);
  });
});
