import { describe, expect, it } from 'vitest';
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
