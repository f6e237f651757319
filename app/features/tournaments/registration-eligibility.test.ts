import { describe, expect, it } from 'vitest';
import { FANS_CANNOT_REGISTER, FOREIGN_ADMINS_CANNOT_REGISTER } from '../../../edge/features/payments/constants.ts';
import { mayRegisterToPlay, registrationRefusal } from './registration-eligibility.ts';

describe('registrationRefusal (D6, D9)', () => {
  it('players, owners and league admins may register; fans and foreign-domain admins are told why, in the server words', () => {
    for (const role of ['player', 'owner', 'admin', 'super_admin']) {
      expect(registrationRefusal({ role })).toBeNull();
      expect(mayRegisterToPlay({ role })).toBe(true);
    }
    expect(registrationRefusal({ role: 'fan' })).toBe(FANS_CANNOT_REGISTER);
    expect(registrationRefusal({ role: 'admin', foreignAdmin: true })).toBe(FOREIGN_ADMINS_CANNOT_REGISTER);
    expect(mayRegisterToPlay({ role: 'admin', foreignAdmin: true })).toBe(false);
  });
});
