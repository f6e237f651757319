import type { User } from '../../db/schema/users.ts';

/** The derived admin flags of 000 s3 and D6: admin rights need both the role and the league's e-mail domain. */
export function adminFlags(user: Pick<User, 'role' | 'email'>, leagueEmailDomain: string) {
  const hasAdminRole = user.role === 'admin' || user.role === 'super_admin';
  const hasValidDomain = user.email.toLowerCase().endsWith(`@${leagueEmailDomain.toLowerCase()}`);
  return {
    hasAdminRole,
    hasValidDomain,
    isAdmin: hasAdminRole && hasValidDomain,
    isSuperAdmin: user.role === 'super_admin' && hasValidDomain,
  };
}

/** D26: who runs a tournament's door: a league admin (D6) runs every door, a host the doors of their own tournaments. */
export function runsDoorOf(
  user: Pick<User, 'id' | 'role' | 'email'>,
  tournament: { hostId: string | null },
  leagueEmailDomain: string,
): boolean {
  return adminFlags(user, leagueEmailDomain).isAdmin || tournament.hostId === user.id;
}
