import fc from 'fast-check';
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

describe('the same text as Intl.NumberFormat (en-US dollars), which the app no longer builds (issue 12)', () => {
  const intl = (options: Intl.NumberFormatOptions) =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', ...options });
  const whole = intl({ maximumFractionDigits: 0 });
  const dollars = intl({ minimumFractionDigits: 0, maximumFractionDigits: 2 });
  const cents = intl({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

  it('formatMoney on any amount of dollars and cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (inCents) => {
        const amount = inCents / 100;
        expect(formatMoney(amount)).toBe(whole.format(Math.floor(amount)));
      }),
    );
  });

  it('formatAmount on any amount of dollars and cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (inCents) => {
        const amount = inCents / 100;
        expect(formatAmount(amount)).toBe((Number.isInteger(amount) ? dollars : cents).format(amount));
      }),
    );
  });
});
