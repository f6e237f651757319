import { describe, expect, it } from 'vitest';
import { savedCopyTime } from './queries.ts';

describe('savedCopyTime', () => {
  const requestedAt = Date.parse('2026-11-21T18:00:00Z');
  it("takes an answer whose Date is more than a minute old for the service worker's saved copy", () => {
    expect(savedCopyTime('Sat, 21 Nov 2026 17:40:00 GMT', requestedAt)).toBe(Date.parse('2026-11-21T17:40:00Z'));
  });

  it('takes a current answer (or a server clock a little behind) for a fresh one', () => {
    expect(savedCopyTime('Sat, 21 Nov 2026 18:00:01 GMT', requestedAt)).toBeNull();
    expect(savedCopyTime('Sat, 21 Nov 2026 17:59:30 GMT', requestedAt)).toBeNull();
    expect(savedCopyTime(null, requestedAt)).toBeNull();
    expect(savedCopyTime('not a date', requestedAt)).toBeNull();
  });
});
