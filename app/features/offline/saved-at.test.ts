import { describe, expect, it } from 'vitest';
import { formatSavedAt } from './saved-at.ts';

describe('formatSavedAt', () => {
  const now = new Date(2026, 10, 22, 15, 0);

  it('shows the time alone for data saved today', () => {
    expect(formatSavedAt(new Date(2026, 10, 22, 10, 42).getTime(), now)).toMatch(/^Saved 10:42\sAM$/);
  });

  it('adds the day for older data', () => {
    expect(formatSavedAt(new Date(2026, 10, 20, 18, 5).getTime(), now)).toMatch(/^Saved Nov 20, 6:05\sPM$/);
  });
});
