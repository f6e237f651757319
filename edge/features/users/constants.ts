import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

export { NEXT_CURSOR_HEADER };

/**
 * The admin control center's member management and Permissions tab (D24): plain constants and types shared with the
 * app (no zod here).
 */

export const memberRoles = ['player', 'owner', 'fan', 'admin', 'super_admin'] as const;
export type MemberRole = (typeof memberRoles)[number];

/** The member finder's page unless `?limit=` says otherwise. */
export const MEMBER_PAGE_SIZE = 20;
export const MAX_MEMBER_PAGE_SIZE = 50;
/** The longest search text (characters after trimming). */
export const MEMBER_SEARCH_MAX = 100;
/** The Permissions tab's coaches page. */
export const COACH_PAGE_SIZE = 50;

export const MEMBER_MESSAGES = {
  search: `Search text must be ${MEMBER_SEARCH_MAX} characters or less`,
  cursor: 'That page of members does not exist',
  limit: `Limit must be 1 to ${MAX_MEMBER_PAGE_SIZE}`,
  role: 'Role must be player, owner, fan, admin or super_admin',
  verified: 'isVerified must be true or false',
  notFound: 'Member not found',
} as const;

/** One member as the admin finder shows them. */
export interface AdminMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: MemberRole;
  isVerified: boolean;
  profileImageUrl: string | null;
  /** D6: the e-mail is at the league domain (admin roles elsewhere grant nothing). */
  hasValidDomain: boolean;
  createdAt: string;
  /** D24: a ban or a suspension in force now (the row's Suspend, Ban and Lift actions read it). */
  standing: { banned: boolean; suspendedUntil: string | null };
}

/** PATCH /api/admin/users/{id}/role. */
export interface SetRoleInput {
  role: MemberRole;
}

/** PATCH /api/admin/users/{id}/verified. */
export interface SetVerifiedInput {
  isVerified: boolean;
}

/** DELETE /api/admin/users/{id}/sessions: how many sessions ended. */
export interface EndSessionsResult {
  ended: number;
}

/** GET /api/admin/permissions: who holds admin and super_admin (D24), with D6's domain flag. */
export interface AdminHolder {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'admin' | 'super_admin';
  hasValidDomain: boolean;
}

/** GET /api/admin/coaches: the teams' coaches, read-only (D24). */
export interface TeamCoach {
  teamId: number;
  teamName: string;
  coach: { id: string; firstName: string; lastName: string; profileImageUrl: string | null };
}
