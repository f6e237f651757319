import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/app.ts';
import { workerEnv } from './test/worker-host.ts';
import * as workerModule from './worker.ts';
import type { WorkerEnv } from './worker.ts';

// What workerd checks when it loads edge/worker.ts, and what its Cron Trigger does (issue 35): it refused to start the
// Worker because the module exported a string beside its handler ("Incorrect type for map entry
// 'MISSING_PUBLIC_URL'"), and a cron run against a database that was down logged nothing.

// The Worker's Turso client: this test's libSQL file, or (without one) a real web client at env.DATABASE_URL.
const shared = vi.hoisted(() => ({ client: undefined as unknown }));
vi.mock('@libsql/client/web', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@libsql/client/web')>();
  return { ...actual, createClient: (config: { url: string }) => shared.client ?? actual.createClient(config) };
});

describe('the Worker module', () => {
  it('exports only handlers, as workerd requires of every export of the main module', () => {
    // A named export must be a class (a Durable Object or an entrypoint) or an object of handler functions.
    expect(Object.keys(workerModule)).toEqual(['default']);
    const handler = workerModule.default as unknown as Record<string, unknown>;
    expect(Object.keys(handler).sort()).toEqual(['fetch', 'scheduled']);
    for (const [name, value] of Object.entries(handler)) expect(typeof value, name).toBe('function');
  });
});

/** One run of the Cron Trigger, as workerd hands it to the Worker. */
function cronRun(env: WorkerEnv, scheduledTime = Date.now()) {
  const scheduled = workerModule.default.scheduled as unknown as (c: unknown, e: WorkerEnv, ctx: unknown) => Promise<void>;
  const waited: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => void waited.push(p), passThroughOnException: () => undefined };
  const run = scheduled({ scheduledTime, cron: '* * * * *', noRetry: () => undefined }, env, ctx);
  // What the run hands to waitUntil is part of it: the invocation ends when both have.
  return run.then(async () => void (await Promise.all(waited)));
}

describe('the Cron Trigger (D12)', () => {
  let t: TestApp | undefined;
  beforeEach(() => {
    shared.client = undefined;
  });
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  it('runs the clock on the database and logs nothing when all is well', async () => {
    t = await createTestApp();
    shared.client = t.client;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(cronRun(workerEnv({ PUBLIC_URL: TEST_ORIGIN }))).resolves.toBeUndefined();
    expect(errors).not.toHaveBeenCalled();
  });

  it('fails the run and logs one structured line per failed task when the database is down, so the failure shows', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Nothing listens on port 9 of this machine: every query is refused, as from a Turso that cannot be reached.
    const env = workerEnv({ PUBLIC_URL: TEST_ORIGIN, DATABASE_URL: 'http://127.0.0.1:9' });
    const scheduledTime = Date.parse('2026-12-05T10:00:00Z');
    await expect(cronRun(env, scheduledTime)).rejects.toThrow('The cron run failed: clock, webhooks');
    // The clock and the webhook queue (D44) each read the database; push is off without VAPID keys.
    expect(errors).toHaveBeenCalledTimes(2);
    const lines = errors.mock.calls.map(([line]) => {
      expect(typeof line).toBe('string');
      return line as string;
    });
    const parsed = lines.map((line) => JSON.parse(line) as { route: string }).sort((a, b) => a.route.localeCompare(b.route));
    for (const [i, route] of ['clock', 'webhooks'].entries()) {
      expect(parsed[i]).toMatchObject({
        level: 'error',
        event: 'cron',
        requestId: 'cron-2026-12-05T10:00:00.000Z',
        route,
        // Why: the connection was refused (the query's parameters, which may be a member's data, are left out).
        message: expect.stringMatching(/^Failed query: select .* <- \S/s),
      });
    }
    for (const line of lines) expect(line).not.toMatch(/params:/);
  });
});
