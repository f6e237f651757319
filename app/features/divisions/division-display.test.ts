import { describe, expect, it } from 'vitest';
import { formatRecord, fullName } from './division-display.ts';

describe('division page formatting', () => {
  it('shows records and names', () => {
    expect(formatRecord(12, 3)).toBe('12-3');
    expect(fullName({ firstName: 'Jordan', lastName: 'Lee' })).toBe('Jordan Lee');
  });
});
