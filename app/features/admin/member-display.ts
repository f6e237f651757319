import type { AdminMember, MemberRole } from '../../../edge/features/users/constants.ts';
import type { SelectOption } from '../../ui/select.tsx';

/** Who is looking at the Users and Permissions tabs: their own row is read-only, and super admins see more (D24). */
export interface AdminViewer {
  id: string;
  isSuperAdmin: boolean;
}

const LABELS: Record<MemberRole, string> = {
  player: 'Player',
  owner: 'Owner',
  fan: 'Fan',
  admin: 'Admin',
  super_admin: 'Super Admin',
};

export const roleLabel = (role: MemberRole): string => LABELS[role];

const isAdminRole = (role: MemberRole) => role === 'admin' || role === 'super_admin';

/**
 * The roles the viewer may pick for a member (D24, D6): any admin sets player, owner or fan; a super admin also grants
 * admin and super_admin, to league-domain addresses only. A member holding an admin role can only be changed by a
 * super admin, so a plain admin sees just the current role. The current role is always an option, so the select
 * shows it. The server decides again (D34's team rules included).
 */
export function roleOptions(member: Pick<AdminMember, 'role' | 'hasValidDomain'>, viewer: AdminViewer): SelectOption[] {
  if (isAdminRole(member.role) && !viewer.isSuperAdmin) return [{ value: member.role, label: roleLabel(member.role) }];
  const roles: MemberRole[] = ['player', 'owner', 'fan'];
  if (viewer.isSuperAdmin && member.hasValidDomain) roles.push('admin', 'super_admin');
  if (!roles.includes(member.role)) roles.push(member.role);
  return roles.map((role) => ({ value: role, label: roleLabel(role) }));
}
