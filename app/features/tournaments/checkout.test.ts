import { describe, expect, it } from 'vitest';
import { registerButtonLabel } from './checkout.ts';
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
