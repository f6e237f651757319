import { describe, expect, it } from 'vitest';
import { sameLocalTimes, validTimeZone } from './render-env.ts';

describe('time zones of a server-rendered page', () => {
  it('treats aliases and zones with the same offsets as the same', () => {
    expect(sameLocalTimes('UTC', 'Etc/UTC')).toBe(true);
    expect(sameLocalTimes('America/New_York', 'America/Detroit')).toBe(true);
    expect(sameLocalTimes('UTC', 'America/New_York')).toBe(false);
    // Same winter offset, different summer offset: not the same.
    expect(sameLocalTimes('Europe/London', 'Africa/Abidjan')).toBe(false);
    expect(sameLocalTimes('UTC', 'Not/AZone')).toBe(false);
  });

  it('accepts only real zone names from the cookie', () => {
    expect(validTimeZone('America/New_York')).toBe('America/New_York');
    expect(validTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
    expect(validTimeZone('Not/AZone')).toBeNull();
    expect(validTimeZone('<script>')).toBeNull();
    expect(validTimeZone(undefined)).toBeNull();
    expect(validTimeZone('x'.repeat(65))).toBeNull();
  });
});
