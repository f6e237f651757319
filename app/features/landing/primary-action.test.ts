import { describe, expect, it } from 'vitest';
import { primaryAction } from './primary-action.ts';

describe('hero primary button (000 s2, first match wins)', () => {
  it('follows the rules in order', () => {
    expect(primaryAction({ role: 'player' }, true)).toEqual({ label: 'Send Ticket Link', href: '/dashboard' });
    expect(primaryAction({ role: 'player' })).toEqual({ label: 'Join Tournament', href: '/tournaments' });
    expect(primaryAction({ role: 'owner' })).toEqual({ label: 'Join Tournament', href: '/tournaments' });
    expect(primaryAction({ role: 'super_admin' })).toEqual({ label: 'Admin Dashboard', href: '/admin' });
    expect(primaryAction({ role: 'fan' })).toEqual({ label: 'My Dashboard', href: '/dashboard' });
    expect(primaryAction(null)).toEqual({ label: 'Register Now', href: '/auth' });
  });

  it('puts registrations first for every signed-in role, and never for a guest', () => {
    for (const role of ['owner', 'fan', 'admin', 'super_admin'] as const) {
      expect(primaryAction({ role }, true)).toEqual({ label: 'Send Ticket Link', href: '/dashboard' });
    }
    expect(primaryAction(null, true)).toEqual({ label: 'Register Now', href: '/auth' });
    expect(primaryAction({ role: 'admin' }, false)).toEqual({ label: 'Admin Dashboard', href: '/admin' });
  });
});
