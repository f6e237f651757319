import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('writes whole dollars with separators, rounded down', () => {
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(50)).toBe('$50');
    expect(formatMoney(12500)).toBe('$12,500');
    expect(formatMoney(1250.9)).toBe('$1,250');
  });
});

describe('formatAmount', () => {
  it('shows cents only when there are some', () => {
    expect(formatAmount(25)).toBe('$25');
    expect(formatAmount(1000)).toBe('$1,000');
    expect(formatAmount(12.5)).toBe('$12.50');
  });
});
