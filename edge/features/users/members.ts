import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/auth.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { teamMembers, teams } from '../../../db/schema/teams.ts';
import { memberStandings, type MemberStanding } from '../../../db/schema/incidents.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { verificationApplications } from '../../../db/schema/verification.ts';
import { adminFlags } from '../../lib/admin.ts';
import { memberNameKey, memberPrefixMatch } from '../../lib/member-search.ts';
import { readStanding, standingView } from '../../lib/standing.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import { cursorPlain, cursorText } from '../../lib/paging.ts';
import { notificationKinds } from '../notifications/schema.ts';
import {
  MEMBER_MESSAGES as M,
  type AdminHolder,
  type AdminMember,
  type MemberRole,
  type TeamCoach,
} from './constants.ts';
import { decideAdminRoleChange } from './roles.ts';

/**
 * The admin control center's member management (D24): find any member, set their role (D34's team rules, D6's
 * domain rule), verify or unverify, end their sessions. Every change is one write transaction with its audit entry.
 * Callers have checked D6 (requireAdmin); the super-admin rule is checked here.
 */

export interface MemberCursor {
  key: string;
  id: string;
}

export function encodeMemberCursor({ key, id }: MemberCursor): string {
  return cursorText(`${id}:${encodeURIComponent(key)}`);
}

/** The cursor a text stands for, or null when it is not one this server wrote (never throws). */
export function decodeMemberCursor(text: string): MemberCursor | null {
  const plain = cursorPlain(text, 2400);
  const match = plain === null ? null : /^([A-Za-z0-9-]{1,64}):(.{0,1800})$/s.exec(plain);
  if (!match) return null;
  try {
    return { id: match[1]!, key: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

/**
 * The finder's statement (exported for its query-plan test). A search is a prefix of the full name, the last name or
 * the e-mail: three index ranges (users_name_search_idx, users_last_name_search_idx, the e-mail's unique index), never
 * a scan of every member; no search walks users_name_search_idx from the cursor on.
 */
export function memberSearchStatement(
  db: Db,
  page: { search?: string | undefined; cursor?: MemberCursor | undefined; limit: number },
) {
  const conditions: SQL[] = [];
  if (page.search) conditions.push(memberPrefixMatch(page.search));
  if (page.cursor) conditions.push(sql`(${memberNameKey}, ${users.id}) > (${page.cursor.key}, ${page.cursor.id})`);
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      isVerified: users.isVerified,
      profileImageUrl: users.profileImageUrl,
      createdAt: users.createdAt,
      key: memberNameKey,
      suspendedUntil: memberStandings.suspendedUntil,
      bannedAt: memberStandings.bannedAt,
    })
    .from(users)
    .leftJoin(memberStandings, eq(memberStandings.userId, users.id))
    .where(and(...conditions))
    .orderBy(asc(memberNameKey), asc(users.id))
    .limit(page.limit + 1);
}

type MemberRow = Pick<
  User,
  'id' | 'firstName' | 'lastName' | 'email' | 'role' | 'isVerified' | 'profileImageUrl' | 'createdAt'
>;

type StandingRow = Pick<MemberStanding, 'suspendedUntil' | 'bannedAt'> | null;

function toAdminMember(row: MemberRow, leagueEmailDomain: string, standing: StandingRow, now: Date): AdminMember {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    isVerified: row.isVerified === true,
    profileImageUrl: row.profileImageUrl,
    hasValidDomain: adminFlags(row, leagueEmailDomain).hasValidDomain,
    createdAt: row.createdAt.toISOString(),
    standing: standingView(standing, now),
  };
}

/** GET /api/admin/users: members by name (then id), optionally those whose name or e-mail starts with `search`. */
export async function searchMembers(
  db: Db,
  leagueEmailDomain: string,
  now: Date,
  page: { search?: string | undefined; cursor?: MemberCursor | undefined; limit: number },
): Promise<{ members: AdminMember[]; nextCursor: string | null }> {
  const rows = await memberSearchStatement(db, page);
  const shown = rows.slice(0, page.limit);
  const last = rows.length > page.limit ? shown.at(-1)! : null;
  return {
    members: shown.map((row) => toAdminMember(row, leagueEmailDomain, row, now)),
    nextCursor: last ? encodeMemberCursor({ key: last.key, id: last.id }) : null,
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function loadTarget(tx: Tx, id: string): Promise<User> {
  const [row] = await tx.select().from(users).where(eq(users.id, id));
  if (!row) fail(404, M.notFound);
  return row;
}

/**
 * PATCH /api/admin/users/{id}/role (D24, D34, D6): decided by the pure rule of roles.ts on facts read inside the write
 * transaction, so a team joined meanwhile cannot slip between the check and the update.
 */
export async function setMemberRole(
  db: Db,
  input: { actor: User; targetId: string; role: MemberRole; leagueEmailDomain: string; now: Date },
): Promise<AdminMember> {
  const { actor, targetId, role, leagueEmailDomain, now } = input;
  return db.transaction(
    async (tx) => {
      const target = await loadTarget(tx, targetId);
      const [owned] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.ownerId, targetId)).limit(1);
      const [rostered] = await tx
        .select({ teamId: teamMembers.teamId })
        .from(teamMembers)
        .where(eq(teamMembers.userId, targetId))
        .limit(1);
      const decision = decideAdminRoleChange({
        actorId: actor.id,
        actorIsSuperAdmin: adminFlags(actor, leagueEmailDomain).isSuperAdmin,
        targetId,
        current: target.role,
        requested: role,
        targetOnLeagueDomain: adminFlags(target, leagueEmailDomain).hasValidDomain,
        leagueEmailDomain,
        onTeam: rostered !== undefined,
        ownsTeam: owned !== undefined,
      });
      if (!decision.ok) fail(decision.status, decision.message);
      if (decision.role === target.role)
        return toAdminMember(target, leagueEmailDomain, await readStanding(tx, targetId), now);
      const [updated] = await tx.update(users).set({ role: decision.role }).where(eq(users.id, targetId)).returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: auditActions.roleChange,
        targetType: 'user',
        targetId,
        before: { role: target.role },
        after: { role: decision.role },
        at: now,
      });
      return toAdminMember(updated!, leagueEmailDomain, await readStanding(tx, targetId), now);
    },
    { behavior: 'immediate' },
  );
}

/**
 * PATCH /api/admin/users/{id}/verified (D24): the gold badge set or taken away directly. Verifying also closes the
 * member's pending application as approved, so no admin decides it afterwards; the member is told either way (D15).
 */
export async function setMemberVerified(
  db: Db,
  input: { actorId: string; targetId: string; isVerified: boolean; leagueEmailDomain: string; now: Date },
): Promise<AdminMember> {
  const { actorId, targetId, isVerified, leagueEmailDomain, now } = input;
  return db.transaction(
    async (tx) => {
      const target = await loadTarget(tx, targetId);
      if (target.isVerified === isVerified) {
        return toAdminMember(target, leagueEmailDomain, await readStanding(tx, targetId), now);
      }
      const [updated] = await tx.update(users).set({ isVerified }).where(eq(users.id, targetId)).returning();
      if (isVerified) {
        await tx
          .update(verificationApplications)
          .set({ status: 'approved', decidedBy: actorId, decidedAt: now })
          .where(and(eq(verificationApplications.userId, targetId), eq(verificationApplications.status, 'pending')));
      }
      await tx.insert(notifications).values({
        userId: targetId,
        kind: notificationKinds.verificationDecided,
        title: isVerified ? 'You are verified' : 'Verified status removed',
        body: isVerified
          ? 'A league admin verified your account: the gold badge, hosting, Media Day RSVP and 24-hour early registration are yours.'
          : 'A league admin removed your verified status. You may apply for verification again.',
        link: isVerified ? '/verified-dashboard' : '/apply-verified',
        read: false,
        createdAt: now,
      });
      await recordAudit(tx, {
        actorId,
        action: auditActions.verifiedChange,
        targetType: 'user',
        targetId,
        before: { isVerified: target.isVerified },
        after: { isVerified },
        at: now,
      });
      return toAdminMember(updated!, leagueEmailDomain, await readStanding(tx, targetId), now);
    },
    { behavior: 'immediate' },
  );
}

/** DELETE /api/admin/users/{id}/sessions (D24): signs the member out everywhere; the count ended is audited. */
export async function endMemberSessions(
  db: Db,
  input: { actorId: string; targetId: string; now: Date },
): Promise<{ ended: number }> {
  const { actorId, targetId, now } = input;
  return db.transaction(
    async (tx) => {
      await loadTarget(tx, targetId);
      // edge/lib/sessions.ts's invalidateUserSessions, inside this transaction so the audit entry commits with it.
      const ended = await tx.delete(sessions).where(eq(sessions.userId, targetId)).returning({ id: sessions.id });
      await recordAudit(tx, {
        actorId,
        action: auditActions.sessionsEnd,
        targetType: 'user',
        targetId,
        before: { sessions: ended.length },
        after: { sessions: 0 },
        at: now,
      });
      return { ended: ended.length };
    },
    { behavior: 'immediate' },
  );
}

/** GET /api/admin/permissions: every holder of admin or super_admin (a handful), super admins first, by name. */
export async function adminHolders(db: Db, leagueEmailDomain: string): Promise<AdminHolder[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(inArray(users.role, ['admin', 'super_admin']));
  return rows
    .map((row) => ({
      ...row,
      role: row.role as AdminHolder['role'],
      hasValidDomain: adminFlags(row, leagueEmailDomain).hasValidDomain,
    }))
    .sort(
      (a, b) =>
        (a.role === b.role ? 0 : a.role === 'super_admin' ? -1 : 1) ||
        `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`) ||
        a.id.localeCompare(b.id),
    );
}

export interface CoachCursor {
  teamId: number;
  userId: string;
}

export function encodeCoachCursor({ teamId, userId }: CoachCursor): string {
  return cursorText(`${teamId}.${userId}`);
}

export function decodeCoachCursor(text: string): CoachCursor | null {
  const plain = cursorPlain(text, 120);
  const match = plain === null ? null : /^([1-9][0-9]{0,15})\.([A-Za-z0-9-]{1,64})$/.exec(plain);
  if (!match || !Number.isSafeInteger(Number(match[1]))) return null;
  return { teamId: Number(match[1]), userId: match[2]! };
}

/** The coaches' statement: team_members_coach_idx from the cursor on (exported for its query-plan test). */
export function coachesStatement(db: Db, page: { cursor?: CoachCursor | undefined; limit: number }) {
  const after = page.cursor
    ? sql`(${teamMembers.teamId}, ${teamMembers.userId}) > (${page.cursor.teamId}, ${page.cursor.userId})`
    : undefined;
  return db
    .select({
      teamId: teamMembers.teamId,
      teamName: teams.name,
      coach: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.position, 'coach'), after))
    .orderBy(asc(teamMembers.teamId), asc(teamMembers.userId))
    .limit(page.limit + 1);
}

/** GET /api/admin/coaches: the teams' coaches, read-only (D24), by team. */
export async function teamCoaches(
  db: Db,
  page: { cursor?: CoachCursor | undefined; limit: number },
): Promise<{ coaches: TeamCoach[]; nextCursor: string | null }> {
  const rows = await coachesStatement(db, page);
  const coaches = rows.slice(0, page.limit);
  const last = rows.length > page.limit ? coaches.at(-1)! : null;
  return { coaches, nextCursor: last ? encodeCoachCursor({ teamId: last.teamId, userId: last.coach.id }) : null };
}
