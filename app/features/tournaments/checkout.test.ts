import { describe, expect, it } from 'vitest';
import { registerButtonLabel, tabFromHash } from './checkout.ts';
import { formatMoney } from '../../lib/money.ts';

describe('registerButtonLabel (000 s2)', () => {
  it('shows the buy-in', () => {
    expect(registerButtonLabel(50, formatMoney)).toBe('Register - $50');
    expect(registerButtonLabel(1500, formatMoney)).toBe('Register - $1,500');
  });
  it('says Free for a zero buy-in', () => {
    expect(registerButtonLabel(0, formatMoney)).toBe('Register - Free');
  });
});

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
