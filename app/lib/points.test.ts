import { describe, expect, it } from 'vitest';
import { formatPoints } from './points.ts';

describe('formatPoints', () => {
  it('writes points with separators and the unit', () => {
    expect(formatPoints(1580)).toBe('1,580 pts');
    expect(formatPoints(990)).toBe('990 pts');
    expect(formatPoints(0)).toBe('0 pts');
    expect(formatPoints(1)).toBe('1 pt');
    expect(formatPoints(1234567)).toBe('1,234,567 pts');
  });
});
