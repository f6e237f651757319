import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { isFull, LIMITS, releaseAttempt, reserveAttempt, type LimitKind } from './rate-limit.ts';

const MINUTE = 60 * 1000;
let t: TestApp;
let run = 0;

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
});
afterAll(() => t.cleanup());

async function recorded(kind: LimitKind, key: string) {
  const rows = await t.db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM sign_in_failures WHERE kind = ${kind} AND key = ${key}`,
  );
  return rows[0]!.n;
}

describe('counting attempts (D35)', () => {
  it('never records more than a limit, however many attempts arrive at once', async () => {
    const key = '203.0.113.200';
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => reserveAttempt(t.db, [{ kind: 'ip', key }], t.now())),
    );
    expect(answers.filter((a) => a !== null)).toHaveLength(LIMITS.ip.max);
    expect(await recorded('ip', key)).toBe(LIMITS.ip.max);
  });

  it('reserves on every counter of an attempt or on none', async () => {
    const ip = '203.0.113.201';
    const email = 'both@example.test';
    for (let i = 0; i < LIMITS.ip.max; i += 1) {
      expect(await reserveAttempt(t.db, [{ kind: 'ip', key: `other-${i}` }, { kind: 'account', key: email }], t.now())).not.toBeNull();
    }
    for (let i = 0; i < LIMITS.ip.max; i += 1) {
      expect(await reserveAttempt(t.db, [{ kind: 'ip', key: ip }], t.now())).not.toBeNull();
    }
    // The address is full: the account's row must not be written either.
    expect(await reserveAttempt(t.db, [{ kind: 'ip', key: ip }, { kind: 'account', key: email }], t.now())).toBeNull();
    expect(await recorded('account', email)).toBe(LIMITS.ip.max);
  });

  it.each(['ip', 'device'] as const)(
    'the database agrees with the rule for %s under any sequence of attempts, successes and waits (property)',
    async (kind) => {
      const limit = LIMITS[kind];
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              // Bursts, attempts spread over a window, and waits of up to twice the window.
              waitMs: fc.oneof(
                { weight: 2, arbitrary: fc.constant(0) },
                { weight: 6, arbitrary: fc.integer({ min: 0, max: limit.windowMs / 6 }) },
                { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 * limit.windowMs }) },
              ),
              // Mostly failures, so windows fill.
              succeeds: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
            }),
            { minLength: 1, maxLength: 40, size: 'max' },
          ),
          async (attempts) => {
            run += 1;
            const key = `${kind}-property-${run}`;
            const times: number[] = [];
            for (const { waitMs, succeeds } of attempts) {
              t.advance(waitMs);
              const now = t.now().getTime();
              const full = isFull(limit, times, now);
              const ids = await reserveAttempt(t.db, [{ kind, key }], t.now());
              expect(ids === null).toBe(full);
              if (!ids) continue;
              if (succeeds) await releaseAttempt(t.db, ids);
              else times.push(now);
            }
            expect(await recorded(kind, key)).toBe(times.length);
          },
        ),
        { numRuns: 60 },
      );
    },
  );

  it('refuses an address for 10 minutes after its 10th failure, even when the failures were spread out', async () => {
    const key = '203.0.113.202';
    // One failure a minute: the 10th at minute 9 fills the window.
    for (let i = 0; i < 10; i += 1) {
      expect(await reserveAttempt(t.db, [{ kind: 'ip', key }], t.now())).not.toBeNull();
      if (i < 9) t.advance(MINUTE);
    }
    t.advance(9 * MINUTE + 59 * 1000); // the first failure left the window long ago
    expect(await reserveAttempt(t.db, [{ kind: 'ip', key }], t.now())).toBeNull();
    t.advance(1000);
    expect(await reserveAttempt(t.db, [{ kind: 'ip', key }], t.now())).not.toBeNull();
  });
});
