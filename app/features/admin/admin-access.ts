/** The admin flags of GET /api/auth/user that decide access to /admin (000 s3, s6; D6). */
export interface AdminAccessFlags {
  isAdmin: boolean;
  hasAdminRole: boolean;
  hasValidDomain: boolean;
}

export interface AccessDenial {
  title: 'Authentication Required' | 'Admin Role Required' | 'Domain Verification Required';
  description: string;
}

/**
 * 000 s6: why /admin refuses this visitor, or null when it does not. The server refuses every admin call on its own
 * (D6); this only decides which toast the page shows before it sends the visitor home.
 */
export function adminAccessDenial(user: AdminAccessFlags | null): AccessDenial | null {
  if (!user) return { title: 'Authentication Required', description: 'Please log in to access the admin panel.' };
  if (user.isAdmin) return null;
  if (!user.hasAdminRole) {
    return { title: 'Admin Role Required', description: 'You need an admin role to access the admin panel.' };
  }
  return {
    title: 'Domain Verification Required',
    description: 'Admin access requires an e-mail address on the league domain.',
  };
}

/** 000 s9: the admin denial toasts are followed by a redirect to / after 1.5 s. */
export const ADMIN_DENIAL_REDIRECT_MS = 1500;

/** The control center's tabs (001 s2), in the specification's order; users is the default. */
export const adminTabs = ['tournaments', 'users', 'content', 'permissions', 'incidents', 'media', 'payments', 'waivers'] as const;
export type AdminTab = (typeof adminTabs)[number];
export const DEFAULT_ADMIN_TAB: AdminTab = 'users';

/** A `?tab=` value as a tab, or undefined for anything else (the default tab then shows). */
export function parseAdminTab(value: unknown): AdminTab | undefined {
  return typeof value === 'string' && (adminTabs as readonly string[]).includes(value) ? (value as AdminTab) : undefined;
}

/** The tab's label: its name capitalised. */
export function adminTabLabel(tab: AdminTab): string {
  return tab.charAt(0).toUpperCase() + tab.slice(1);
}
