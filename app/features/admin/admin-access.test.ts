import { describe, expect, it } from 'vitest';
import { adminAccessDenial, adminTabLabel, adminTabs, parseAdminTab } from './admin-access.ts';

const flags = (isAdmin: boolean, hasAdminRole: boolean, hasValidDomain: boolean) => ({ isAdmin, hasAdminRole, hasValidDomain });

describe('admin page access (000 s6)', () => {
  it('refuses a signed-out visitor first', () => {
    expect(adminAccessDenial(null)?.title).toBe('Authentication Required');
  });

  it('refuses a user without an admin role, whatever the domain', () => {
    expect(adminAccessDenial(flags(false, false, true))?.title).toBe('Admin Role Required');
    expect(adminAccessDenial(flags(false, false, false))?.title).toBe('Admin Role Required');
  });

  it('refuses an admin role on a foreign domain', () => {
    expect(adminAccessDenial(flags(false, true, false))?.title).toBe('Domain Verification Required');
  });

  it('lets an admin in', () => {
    expect(adminAccessDenial(flags(true, true, true))).toBeNull();
  });

  it('gives each refusal a one-line description', () => {
    for (const user of [null, flags(false, false, true), flags(false, true, false)]) {
      const description = adminAccessDenial(user)?.description ?? '';
      expect(description.length).toBeGreaterThan(10);
      expect(description).not.toContain('\n');
    }
  });
});

describe('admin tabs (001 s2)', () => {
  it('lists the eight tabs in order with capitalised labels', () => {
    expect(adminTabs.map(adminTabLabel)).toEqual([
      'Tournaments',
      'Users',
      'Content',
      'Permissions',
      'Incidents',
      'Media',
      'Payments',
      'Waivers',
    ]);
  });

  it('accepts only known tab names from the URL', () => {
    expect(parseAdminTab('waivers')).toBe('waivers');
    expect(parseAdminTab('Waivers')).toBeUndefined();
    expect(parseAdminTab('admin')).toBeUndefined();
    expect(parseAdminTab(3)).toBeUndefined();
  });
});
