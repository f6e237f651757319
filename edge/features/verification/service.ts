import { and, asc, desc, eq, gt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema/messages.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { verificationApplications, type VerificationApplication } from '../../../db/schema/verification.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { fail } from '../../lib/errors.ts';
import { notificationKinds } from '../notifications/schema.ts';
import { encodeQueueCursor, type QueueCursor } from './cursor.ts';
import {
  VERIFICATION_MESSAGES as M,
  type ApplicationType,
  type MyApplication,
  type PendingApplication,
} from './schema.ts';

/** What the apply call stores once its fields are checked (trimmed; empty optional fields are null). */
export interface ApplicationFields {
  applicationReason: string;
  achievements: string;
  socialMedia: string | null;
  teamAffiliations: string | null;
}

/** 001 s2: the application's type follows the applicant's role, whatever the form sent. */
export const applicationTypeOf = (role: User['role']): ApplicationType => (role === 'owner' ? 'owner' : 'player');

function toMyApplication(row: VerificationApplication): MyApplication {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    reason: row.reason,
    applicationReason: row.applicationReason,
    achievements: row.achievements,
    socialMedia: row.socialMedia,
    teamAffiliations: row.teamAffiliations,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

/**
 * POST /api/verification/apply (D11): any signed-in member not yet verified. The pending application's uniqueness is
 * the database's (verification_applications_pending_uq): of two applies racing, one row lands and the other is a 409.
 */
export async function applyForVerification(
  db: Db,
  userId: string,
  fields: ApplicationFields,
  now: Date,
): Promise<MyApplication> {
  try {
    return await db.transaction(
      async (tx) => {
        const [member] = await tx
          .select({ role: users.role, isVerified: users.isVerified })
          .from(users)
          .where(eq(users.id, userId));
        if (!member) fail(401, 'Unauthorized');
        if (member.isVerified) fail(409, M.alreadyVerified);
        const [row] = await tx
          .insert(verificationApplications)
          .values({ userId, type: applicationTypeOf(member.role), status: 'pending', ...fields, createdAt: now })
          .returning();
        return toMyApplication(row!);
      },
      { behavior: 'immediate' },
    );
  } catch (error) {
    if (isUniqueViolation(error)) fail(409, M.alreadyPending);
    throw error;
  }
}

/** The most a member's own list holds: enough history for the page, which reads only the newest. */
export const MY_APPLICATIONS_LIMIT = 20;

/** GET /api/verification/applications: the member's own applications, newest first. */
export async function myApplications(db: Db, userId: string): Promise<MyApplication[]> {
  const rows = await db
    .select()
    .from(verificationApplications)
    .where(eq(verificationApplications.userId, userId))
    .orderBy(desc(verificationApplications.createdAt), desc(verificationApplications.id))
    .limit(MY_APPLICATIONS_LIMIT);
  return rows.map(toMyApplication);
}

/** The admin queue's statement: pending only, oldest first, after the cursor (exported for its query-plan test). */
export function pendingQueueStatement(db: Db, page: { cursor?: QueueCursor | undefined; limit: number }) {
  const a = verificationApplications;
  const after = page.cursor
    ? or(gt(a.createdAt, page.cursor.createdAt), and(eq(a.createdAt, page.cursor.createdAt), gt(a.id, page.cursor.id)))
    : undefined;
  return db
    .select({
      application: a,
      user: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        profileImageUrl: users.profileImageUrl,
      },
    })
    .from(a)
    .innerJoin(users, eq(users.id, a.userId))
    .where(and(eq(a.status, 'pending'), after))
    .orderBy(asc(a.createdAt), asc(a.id))
    .limit(page.limit + 1);
}

/** GET /api/verification/admin/applications: a page of the queue and the cursor of the next, if any. */
export async function pendingApplications(
  db: Db,
  page: { cursor?: QueueCursor | undefined; limit: number },
): Promise<{ applications: PendingApplication[]; nextCursor: string | null }> {
  const rows = await pendingQueueStatement(db, page);
  const applications = rows
    .slice(0, page.limit)
    .map(({ application, user }) => ({ ...toMyApplication(application), user }));
  const last = rows.length > page.limit ? rows[page.limit - 1]!.application : null;
  return { applications, nextCursor: last ? encodeQueueCursor({ createdAt: last.createdAt, id: last.id }) : null };
}

export type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

function decisionNotice(userId: string, decision: Decision, now: Date): typeof notifications.$inferInsert {
  return decision.kind === 'approve'
    ? {
        userId,
        kind: notificationKinds.verificationDecided,
        title: 'Verification approved',
        body: 'You are now a verified member: the gold badge, hosting, Media Day RSVP and 24-hour early registration are yours.',
        link: '/verified-dashboard',
        read: false,
        createdAt: now,
      }
    : {
        userId,
        kind: notificationKinds.verificationDecided,
        title: 'Verification rejected',
        body: `Your verification application was not approved. Reason: ${decision.reason}`,
        link: '/apply-verified',
        read: false,
        createdAt: now,
      };
}

/**
 * PATCH /api/verification/{id}/approve and /reject (D11, D15, D24): one write transaction moves a pending application
 * to its decision (a conditional update, so two admins deciding at once decide it once), sets the badge on approval,
 * notifies the applicant and writes the audit entry. Callers have checked D6.
 */
export async function decideApplication(
  db: Db,
  input: { id: number; actorId: string; decision: Decision; now: Date },
): Promise<MyApplication> {
  const { id, actorId, decision, now } = input;
  return db.transaction(
    async (tx) => {
      const [current] = await tx.select().from(verificationApplications).where(eq(verificationApplications.id, id));
      if (!current) fail(404, M.notFound);
      if (current.userId === actorId) fail(403, M.ownApplication);
      if (current.status !== 'pending') fail(409, M.alreadyDecided);
      const approved = decision.kind === 'approve';
      const [decided] = await tx
        .update(verificationApplications)
        .set({
          status: approved ? 'approved' : 'rejected',
          reason: approved ? null : decision.reason,
          decidedBy: actorId,
          decidedAt: now,
        })
        .where(and(eq(verificationApplications.id, id), eq(verificationApplications.status, 'pending')))
        .returning();
      if (!decided) fail(409, M.alreadyDecided);
      let verifiedBefore: boolean | undefined;
      if (approved) {
        const [member] = await tx
          .select({ isVerified: users.isVerified })
          .from(users)
          .where(eq(users.id, current.userId));
        verifiedBefore = member?.isVerified ?? false;
        await tx.update(users).set({ isVerified: true }).where(eq(users.id, current.userId));
      }
      await tx.insert(notifications).values(decisionNotice(current.userId, decision, now));
      await recordAudit(tx, {
        actorId,
        action: approved ? auditActions.verificationApprove : auditActions.verificationReject,
        targetType: 'verification_application',
        targetId: id,
        before: { status: 'pending', userId: current.userId, ...(approved ? { isVerified: verifiedBefore } : {}) },
        after: approved
          ? { status: 'approved', userId: current.userId, isVerified: true }
          : { status: 'rejected', userId: current.userId, reason: decision.reason },
        at: now,
      });
      return toMyApplication(decided);
    },
    { behavior: 'immediate' },
  );
}
