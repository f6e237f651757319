/** The fields of the current user the hero's main button depends on. */
export interface HeroUser {
  role: 'player' | 'owner' | 'fan' | 'admin' | 'super_admin';
}

export interface HeroAction {
  label: string;
  href: string;
}

/**
 * The hero's primary button, first matching rule wins (000 s2). `hasRegistrations` is whether
 * GET /api/tournament-registrations/my-registrations returned anything; only its emptiness matters (000 s3).
 */
export function primaryAction(user: HeroUser | null, hasRegistrations = false): HeroAction {
  if (user && hasRegistrations) return { label: 'Send Ticket Link', href: '/dashboard' };
  if (user?.role === 'player' || user?.role === 'owner') return { label: 'Join Tournament', href: '/tournaments' };
  if (user?.role === 'admin' || user?.role === 'super_admin') return { label: 'Admin Dashboard', href: '/admin' };
  if (user) return { label: 'My Dashboard', href: '/dashboard' };
  return { label: 'Register Now', href: '/auth' };
}
