import { describe, expect, it } from 'vitest';
import { tabFromHash } from './detail-tabs.ts';

describe('tabFromHash', () => {
  const tabs = ['overview', 'sponsors', 'registration', 'tickets'];
  it('opens a known tab', () => {
    expect(tabFromHash('#tickets', tabs)).toBe('tickets');
    expect(tabFromHash('#Sponsors', tabs)).toBe('sponsors');
  });
  it('ignores anything else', () => {
    expect(tabFromHash('', tabs)).toBeUndefined();
    expect(tabFromHash('#bracket', tabs)).toBeUndefined();
  });
});
