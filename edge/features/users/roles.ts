import type { Role } from '../../../db/schema/users.ts';

/**
 * D34: who may change their own role to what, as a pure rule (plain data in, a decision out) so every combination
 * can be tested without a database. The service loads the facts inside the write transaction that stores the
 * change, so a team joined meanwhile cannot slip between the check and the update.
 */

/** The refusals' words; the Choose Your Path screen shows them as the server sends them. */
export const ROLE_CHANGE_MESSAGES = {
  ownsTeam:
    'You own a team, so you cannot change your role. Players and team owners can switch only while they own no team and are on no team.',
  onTeam:
    'You are on a team, so you cannot change your role. Players and team owners can switch only while they own no team and are on no team.',
  toFan: 'You cannot become a fan through your profile.',
  toAdmin: 'Admin roles are granted by a super admin, not through your profile.',
  adminRole: 'Your admin role is changed by a super admin, not through your profile.',
} as const;

export interface RoleChangeFacts {
  current: Role;
  /** Undefined when the form sends no role (an admin's): the current role stays. */
  requested: Role | undefined;
  /** On a team's roster (player, captain or coach). */
  onTeam: boolean;
  /** Owner of at least one team. */
  ownsTeam: boolean;
}

export type RoleDecision =
  /** The role to store: the requested one, or the current one when it does not change. */
  | { ok: true; role: Role }
  /**
   * 403: a role nobody takes through their own profile. 409: a switch the member's teams stand in the way of; it
   * becomes possible once they leave the team or no longer own one, so it is a conflict with the current state.
   */
  | { ok: false; status: 403 | 409; message: string };

const isAdminRole = (role: Role) => role === 'admin' || role === 'super_admin';

export function decideRoleChange({ current, requested, onTeam, ownsTeam }: RoleChangeFacts): RoleDecision {
  if (requested === undefined || requested === current) return { ok: true, role: current };
  // Admin roles are granted and revoked by super admins (D24): an admin asking for another role through the form is
  // refused as a whole, rather than saving the rest and quietly ignoring the role.
  if (isAdminRole(current)) return { ok: false, status: 403, message: ROLE_CHANGE_MESSAGES.adminRole };
  if (isAdminRole(requested)) return { ok: false, status: 403, message: ROLE_CHANGE_MESSAGES.toAdmin };
  if (requested === 'fan') return { ok: false, status: 403, message: ROLE_CHANGE_MESSAGES.toFan };
  // A fan upgrades through Choose Your Path (the waiver and free agency send them there).
  if (current === 'fan') return { ok: true, role: requested };
  // Player <-> owner: a team owner who became a player would leave a team without an owner page, and a rostered
  // player who became an owner would sit on someone else's roster as an owner.
  if (ownsTeam) return { ok: false, status: 409, message: ROLE_CHANGE_MESSAGES.ownsTeam };
  if (onTeam) return { ok: false, status: 409, message: ROLE_CHANGE_MESSAGES.onTeam };
  return { ok: true, role: requested };
}

/** D24: the refusals of an admin changing another member's role, in the admin's words. */
export const ADMIN_ROLE_MESSAGES = {
  ownRole: 'You cannot change your own role. Another admin can.',
  superAdminOnly: 'Only a super admin can grant or revoke the admin and super_admin roles.',
  leagueDomainOnly: (domain: string) => `Admin roles can only be granted to e-mail addresses at @${domain}.`,
  ownsTeam:
    'This member owns a team, so their role cannot change. Players and team owners can switch only while they own no team and are on no team.',
  onTeam:
    'This member is on a team, so they cannot become an owner or a fan. Players and team owners can switch only while they own no team and are on no team.',
} as const;

export interface AdminRoleChangeFacts {
  actorId: string;
  /** D6: super_admin role AND the league domain. */
  actorIsSuperAdmin: boolean;
  targetId: string;
  current: Role;
  requested: Role;
  /** The target's e-mail ends in the league domain (D6). */
  targetOnLeagueDomain: boolean;
  leagueEmailDomain: string;
  onTeam: boolean;
  ownsTeam: boolean;
}

/**
 * D24 with D34's team rules: an admin sets player, owner or fan; only a super admin grants or revokes admin and
 * super_admin, and only to addresses at the league domain. The team rules of D34 hold whoever asks: an owner of a
 * team stays an owner (their team would lose its owner page), and a member on a roster cannot become an owner (an
 * owner on someone else's roster) or a fan (fans do not play, D9). Nobody changes their own role here, which also
 * keeps at least one super admin: the last one can only be demoted by another.
 */
export function decideAdminRoleChange(facts: AdminRoleChangeFacts): RoleDecision {
  const { current, requested } = facts;
  if (facts.actorId === facts.targetId) return { ok: false, status: 403, message: ADMIN_ROLE_MESSAGES.ownRole };
  if (requested === current) return { ok: true, role: current };
  if ((isAdminRole(current) || isAdminRole(requested)) && !facts.actorIsSuperAdmin) {
    return { ok: false, status: 403, message: ADMIN_ROLE_MESSAGES.superAdminOnly };
  }
  if (isAdminRole(requested) && !facts.targetOnLeagueDomain) {
    return { ok: false, status: 409, message: ADMIN_ROLE_MESSAGES.leagueDomainOnly(facts.leagueEmailDomain) };
  }
  if (facts.ownsTeam && requested !== 'owner') return { ok: false, status: 409, message: ADMIN_ROLE_MESSAGES.ownsTeam };
  if (facts.onTeam && (requested === 'owner' || requested === 'fan')) {
    return { ok: false, status: 409, message: ADMIN_ROLE_MESSAGES.onTeam };
  }
  return { ok: true, role: requested };
}
