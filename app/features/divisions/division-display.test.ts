import { describe, expect, it } from 'vitest';
import { formatMoney, formatRecord, fullName } from './division-display.ts';

describe('division page formatting', () => {
  it('shows whole dollars, records and names', () => {
    expect(formatMoney(640)).toBe('$640');
    expect(formatMoney(1500.75)).toBe('$1,500');
    expect(formatRecord(12, 3)).toBe('12-3');
    expect(fullName({ firstName: 'Jordan', lastName: 'Lee' })).toBe('Jordan Lee');
  });
});
