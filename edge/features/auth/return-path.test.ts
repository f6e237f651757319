import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './schema.ts';

describe('safeReturnPath', () => {
  it('keeps same-site paths', () => {
    expect(safeReturnPath('/dashboard')).toBe('/dashboard');
    expect(safeReturnPath('/tournaments/7?tab=registration')).toBe('/tournaments/7?tab=registration');
  });

  it('refuses other hosts and non-paths', () => {
    for (const value of ['//evil.example', '/\\evil.example', 'https://evil.example', 'dashboard', '', '/\tx', 42, undefined]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });
});
