import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../lib/sessions.ts';
import { createTestApp, TEST_IP_HEADER, type TestApp } from './app.ts';

// Checks of the fixture itself, so API tests can trust its cookie jars, Origin header and clock.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2026-01-01T00:00:00Z' });
});
afterEach(() => t.cleanup());

describe('createTestApp', () => {
  it('serves a freshly migrated database of its own', async () => {
    const other = await createTestApp();
    try {
      expect(other.databaseUrl).not.toBe(t.databaseUrl);
      const tables = await t.client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'users'");
      expect(tables.rows).toHaveLength(1);
    } finally {
      await other.cleanup();
    }
  });

  it('keeps one cookie jar per agent and sends it back', async () => {
    const a = t.agent();
    const b = t.agent();
    expect((await a.register()).status).toBe(201);
    expect(a.cookies.size).toBeGreaterThan(0);
    expect(b.cookies.size).toBe(0);
    expect((await a.get('/api/auth/user')).status).toBe(200);
    expect((await b.get('/api/auth/user')).status).toBe(401);
    await a.logout();
    // The session cookie is gone; the device cookie of D35 stays, as it should.
    expect(a.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await a.get('/api/auth/user')).status).toBe(401);
  });

  it('sends the league Origin on state-changing requests unless told not to', async () => {
    const noOrigin = t.agent({ origin: null });
    expect((await noOrigin.register()).status).toBe(403);
    const foreign = t.agent({ origin: 'https://evil.example' });
    expect((await foreign.register()).status).toBe(403);
    expect((await t.request('/api/logout', { method: 'POST' })).status).toBe(200);
  });

  it('gives each agent its own IP unless one is chosen', () => {
    expect(t.agent().ip).not.toBe(t.agent().ip);
    expect(t.agent({ ip: '198.51.100.7' }).ip).toBe('198.51.100.7');
    expect(TEST_IP_HEADER).toBe('x-test-ip');
  });

  it('moves the injected clock', () => {
    expect(t.now().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    t.advance(60_000);
    expect(t.now().toISOString()).toBe('2026-01-01T00:01:00.000Z');
    t.setNow('2026-02-01T00:00:00Z');
    expect(t.now().toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });
});
