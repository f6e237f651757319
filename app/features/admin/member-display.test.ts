import { describe, expect, it } from 'vitest';
import { roleOptions } from './member-display.ts';

const values = (...args: Parameters<typeof roleOptions>) => roleOptions(...args).map((o) => o.value);
const admin = { id: 'me', isSuperAdmin: false };
const superAdmin = { id: 'me', isSuperAdmin: true };

describe('roleOptions (D24, D6)', () => {
  it('gives every admin player, owner and fan; super admins also admin roles for league addresses', () => {
    expect(values({ role: 'player', hasValidDomain: true }, admin)).toEqual(['player', 'owner', 'fan']);
    expect(values({ role: 'fan', hasValidDomain: true }, superAdmin)).toEqual([
      'player',
      'owner',
      'fan',
      'admin',
      'super_admin',
    ]);
    expect(values({ role: 'player', hasValidDomain: false }, superAdmin)).toEqual(['player', 'owner', 'fan']);
  });

  it('leaves an admin-role holder to super admins, and always shows the current role', () => {
    expect(values({ role: 'super_admin', hasValidDomain: true }, admin)).toEqual(['super_admin']);
    expect(values({ role: 'admin', hasValidDomain: false }, superAdmin)).toEqual(['player', 'owner', 'fan', 'admin']);
  });
});
