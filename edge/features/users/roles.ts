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
} as const;

export interface RoleChangeFacts {
  current: Role;
  requested: Role;
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
  // Admins keep their role whatever the form says: admin roles are granted and revoked by super admins (D24).
  if (isAdminRole(current)) return { ok: true, role: current };
  if (requested === current) return { ok: true, role: current };
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
