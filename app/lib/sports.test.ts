import { describe, expect, it } from 'vitest';
import { sportLabel } from './sports.ts';

describe('sportLabel', () => {
  it('uses the specification labels and reads other sports as words', () => {
    expect(sportLabel('basketball')).toBe('Basketball');
    expect(sportLabel('football')).toBe('Flag Football');
    expect(sportLabel('slap')).toBe('Slap Division');
    expect(sportLabel('flag-football')).toBe('Flag Football');
    expect(sportLabel('slamball')).toBe('Slamball');
  });
});
