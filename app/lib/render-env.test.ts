import { afterEach, describe, expect, it, vi } from 'vitest';
import { validTimeZone } from './render-env.ts';

describe('time zones of a server-rendered page', () => {
  it('accepts only real zone names from the cookie', () => {
    expect(validTimeZone('America/New_York')).toBe('America/New_York');
    expect(validTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    expect(validTimeZone('Not/AZone')).toBeNull();
    expect(validTimeZone('<script>')).toBeNull();
    expect(validTimeZone(undefined)).toBeNull();
    expect(validTimeZone('x'.repeat(65))).toBeNull();
  });
});

describe('the wta_tz cookie in the browser', () => {
  /** A fresh copy of the modules (the cookie is read once per page) under a document with `cookie`. */
  async function page(cookie: string) {
    const doc = { cookie };
    vi.stubGlobal('document', doc);
    vi.resetModules();
    const env = await import('./render-env.ts');
    const dates = await import('./dates.ts');
    return { doc, ...env, ...dates };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('ignores a value that is not a zone, a broken escape included, and writes the browser’s own', async () => {
    for (const bad of ['%E0%A4', 'Foo%2', '<b>', '']) {
      const p = await page(`other=1; wta_tz=${bad}`);
      expect(p.assumedLocalZone()).toBeNull();
      expect(() => p.formatLongDate(new Date('2026-12-05T23:30:00Z'), 'UTC')).not.toThrow();
      p.rememberTimeZone();
      expect(p.doc.cookie).toBe(
        `wta_tz=${encodeURIComponent(p.localTimeZone())}; Path=/; Max-Age=31536000; SameSite=Lax`,
      );
    }
  });

  it('keeps the zone the page loaded with: dates in it read the same after the check rewrites the cookie', async () => {
    // The cookie says New York; this process runs in another zone (the browser moved): the page took New York for
    // the browser's own, and must go on doing so when the idle check writes the real zone for the next page.
    const stale = zoneOtherThan(new Date().getTimezoneOffset());
    const p = await page(`wta_tz=${encodeURIComponent(stale)}`);
    const when = new Date('2026-12-05T23:30:00Z');
    const before = p.formatLongDateTime(when, stale);
    p.rememberTimeZone();
    expect(p.doc.cookie).toContain(`wta_tz=${encodeURIComponent(p.localTimeZone())}`);
    expect(p.assumedLocalZone()).toBe(stale);
    expect(p.formatLongDateTime(when, stale)).toBe(before);
  });
});

/** A zone whose offset differs from this process's (so the test means something whatever TZ it runs in). */
function zoneOtherThan(offsetMinutes: number): string {
  return offsetMinutes === 300 || offsetMinutes === 240 ? 'Asia/Tokyo' : 'America/New_York';
}
