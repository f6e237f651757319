import fc from 'fast-check';
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

describe('the same text as Intl.NumberFormat (en-US, whole), which the app no longer builds (issue 12)', () => {
  const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  it('on any whole or half number of points', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2e9, max: 2e9 }), (twice) => {
        const points = twice / 2;
        expect(formatPoints(points)).toBe(`${intl.format(points)} ${points === 1 ? 'pt' : 'pts'}`);
      }),
    );
  });
});
