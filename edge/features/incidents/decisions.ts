import { and, eq, gte, inArray, isNull, ne, or, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/auth.ts';
import { incidents, type Incident, type MemberStanding } from '../../../db/schema/incidents.ts';
import type { User } from '../../../db/schema/users.ts';
import { adminFlags } from '../../lib/admin.ts';
import { auditActions, recordAudit } from '../../lib/audit.ts';
import { fail } from '../../lib/errors.ts';
import { formatSuspensionEnd, standingView } from '../../lib/standing.ts';
import { notificationKinds } from '../notifications/schema.ts';
import {
  APPEAL_WINDOW_DAYS,
  INCIDENT_MESSAGES as M,
  type Consequence,
  type Standing,
} from './schema.ts';
import type { DecideInput } from './requests.ts';
import {
  DAY_MS,
  appealDeadline,
  loadMember,
  notifyMember,
  recomputeStanding,
  type Tx,
} from './service.ts';

/** The admin who acts, and the league domain that makes a super admin (D6). */
export interface Actor {
  user: User;
  leagueEmailDomain: string;
}

const immediate = { behavior: 'immediate' } as const;

/** What an admin may do to `subject`: never to themselves, and an admin's account only by a super admin. */
function checkSubject(actor: Actor, subject: User, consequence: Consequence | 'lift') {
  if (subject.id === actor.user.id) fail(403, M.notOnYourself);
  const restricts = consequence === 'suspension' || consequence === 'ban' || consequence === 'lift';
  if (
    restricts &&
    adminFlags(subject, actor.leagueEmailDomain).hasAdminRole &&
    !adminFlags(actor.user, actor.leagueEmailDomain).isSuperAdmin
  ) {
    fail(403, M.superAdminOnly);
  }
}

const appealLine = `You may appeal once within ${APPEAL_WINDOW_DAYS} days from your dashboard.`;

/** D15: the member's notification of a consequence, in words. */
function decisionNotice(
  consequence: Exclude<Consequence, 'none'>,
  note: string,
  endsAt: Date | null,
  days: number | null,
) {
  switch (consequence) {
    case 'warning':
      return {
        title: 'Conduct Warning',
        body: `You have received a warning under the Code of Conduct: ${note} ${appealLine}`,
      };
    case 'suspension':
      return {
        title: 'Account Suspended',
        body: `Your account is suspended for ${days} day${days === 1 ? '' : 's'}, until ${formatSuspensionEnd(endsAt!)}: ${note} ${appealLine}`,
      };
    case 'ban':
      return {
        title: 'Account Banned',
        body: `Your account has been banned under the Code of Conduct: ${note} ${appealLine}`,
      };
  }
}

/** Records the decision on an open incident, conditionally (two admins at once: one wins, the other gets 409). */
async function applyDecision(
  tx: Tx,
  actor: Actor,
  incident: Pick<Incident, 'id' | 'memberId'>,
  input: DecideInput,
  now: Date,
): Promise<{ row: Incident; before: Standing; after: Standing }> {
  const before = standingView(await currentStanding(tx, incident.memberId, now), now);
  const days = input.consequence === 'suspension' ? input.days ?? null : null;
  const endsAt = days === null ? null : new Date(now.getTime() + days * DAY_MS);
  const [row] = await tx
    .update(incidents)
    .set({
      status: 'decided',
      consequence: input.consequence,
      suspensionDays: days,
      endsAt,
      decisionNote: input.note,
      decidedBy: actor.user.id,
      decidedAt: now,
    })
    .where(and(eq(incidents.id, incident.id), eq(incidents.status, 'open')))
    .returning();
  if (!row) fail(409, M.alreadyDecided);
  let after = before;
  if (input.consequence === 'suspension' || input.consequence === 'ban') {
    after = standingView(await recomputeStanding(tx, incident.memberId, now), now);
    // D24: their sessions end with the decision (the session lookup would refuse them anyway; this frees the rows).
    await tx.delete(sessions).where(eq(sessions.userId, incident.memberId));
  }
  if (input.consequence !== 'none') {
    await notifyMember(tx, {
      memberId: incident.memberId,
      kind: notificationKinds.conductDecision,
      ...decisionNotice(input.consequence, input.note, endsAt, days),
      now,
    });
  }
  return { row, before, after };
}

async function currentStanding(tx: Tx, memberId: string, now: Date): Promise<MemberStanding> {
  // Recomputing is cheap (a member's handful of rows) and never stale, unlike reading the stored row mid-change.
  return recomputeStanding(tx, memberId, now);
}

/** POST /api/admin/incidents/{id}/decide: one decision per incident. */
export async function decideIncident(db: Db, actor: Actor, id: number, input: DecideInput, now: Date) {
  return db.transaction(async (tx) => {
    const [incident] = await tx.select().from(incidents).where(eq(incidents.id, id)).limit(1);
    if (!incident) fail(404, M.incidentNotFound);
    if (incident.status !== 'open') fail(409, M.alreadyDecided);
    checkSubject(actor, await loadMember(tx, incident.memberId), input.consequence);
    const { row, before, after } = await applyDecision(tx, actor, incident, input, now);
    await recordAudit(tx, {
      actorId: actor.user.id,
      action: auditActions.incidentDecide,
      targetType: 'incident',
      targetId: id,
      before: { status: 'open', standing: before },
      after: {
        status: 'decided',
        consequence: row.consequence,
        days: row.suspensionDays,
        endsAt: row.endsAt?.toISOString() ?? null,
        note: row.decisionNote,
        standing: after,
      },
      at: now,
    });
    return row.id;
  }, immediate);
}

/**
 * POST /api/admin/members/{id}/suspend and .../ban (the Users tab): the consequence is recorded as an incident the
 * admin writes and decides at once, so a member's whole history is in one place (the Incidents tab).
 */
export async function restrictMember(
  db: Db,
  actor: Actor,
  memberId: string,
  input: { consequence: 'suspension' | 'ban'; days?: number; reason: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const subject = await loadMember(tx, memberId);
    checkSubject(actor, subject, input.consequence);
    const standing = standingView(await currentStanding(tx, memberId, now), now);
    if (standing.banned) fail(409, M.alreadyBanned);
    const [incident] = await tx
      .insert(incidents)
      .values({ memberId, reporterId: actor.user.id, source: 'admin', description: input.reason, createdAt: now })
      .returning({ id: incidents.id, memberId: incidents.memberId });
    const decision = { consequence: input.consequence, days: input.days ?? null, note: input.reason };
    const { row, before, after } = await applyDecision(tx, actor, incident!, decision, now);
    await recordAudit(tx, {
      actorId: actor.user.id,
      action: input.consequence === 'ban' ? auditActions.memberBan : auditActions.memberSuspend,
      targetType: 'user',
      targetId: memberId,
      before: { standing: before },
      after: { standing: after, incidentId: row.id, days: row.suspensionDays, reason: input.reason },
      at: now,
    });
    return { incidentId: row.id, standing: after };
  }, immediate);
}

/** POST /api/admin/members/{id}/lift: ends the member's suspensions and ban still in force. */
export async function liftRestrictions(db: Db, actor: Actor, memberId: string, reason: string, now: Date) {
  return db.transaction(async (tx) => {
    checkSubject(actor, await loadMember(tx, memberId), 'lift');
    const before = standingView(await currentStanding(tx, memberId, now), now);
    const lifted = await tx
      .update(incidents)
      .set({ liftedAt: now, liftedBy: actor.user.id })
      .where(
        and(
          eq(incidents.memberId, memberId),
          eq(incidents.status, 'decided'),
          isNull(incidents.liftedAt),
          or(eq(incidents.consequence, 'ban'), and(eq(incidents.consequence, 'suspension'), gt(incidents.endsAt, now))),
        ),
      )
      .returning({ id: incidents.id });
    if (lifted.length === 0) fail(409, M.notRestricted);
    const after = standingView(await recomputeStanding(tx, memberId, now), now);
    await notifyMember(tx, {
      memberId,
      kind: notificationKinds.conductDecision,
      title: before.banned ? 'Ban Lifted' : 'Suspension Lifted',
      body: `An admin lifted your ${before.banned ? 'ban' : 'suspension'}: ${reason} You can sign in again.`,
      now,
    });
    await recordAudit(tx, {
      actorId: actor.user.id,
      action: auditActions.memberLift,
      targetType: 'user',
      targetId: memberId,
      before: { standing: before },
      after: { standing: after, incidentIds: lifted.map((l) => l.id), reason },
      at: now,
    });
    return { standing: after };
  }, immediate);
}

/**
 * POST /api/incidents/{id}/appeal: the member's one appeal within 7 days of the decision (the Code of Conduct). The
 * conditions sit in the UPDATE, so two appeals sent at once record one.
 */
export async function appealDecision(db: Db, memberId: string, id: number, text: string, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(incidents)
      .set({ appealText: text, appealedAt: now, appealStatus: 'pending' })
      .where(
        and(
          eq(incidents.id, id),
          eq(incidents.memberId, memberId),
          eq(incidents.status, 'decided'),
          inArray(incidents.consequence, ['warning', 'suspension', 'ban']),
          isNull(incidents.appealedAt),
          gte(incidents.decidedAt, new Date(now.getTime() - APPEAL_WINDOW_DAYS * DAY_MS)),
        ),
      )
      .returning({ id: incidents.id });
    if (row) return row.id;
    // Why not: read the row to say so (someone else's incident is "not found", never "not yours").
    const [incident] = await tx.select().from(incidents).where(eq(incidents.id, id)).limit(1);
    if (!incident || incident.memberId !== memberId || incident.status !== 'decided') fail(404, M.incidentNotFound);
    if (incident.consequence === 'none') fail(409, M.notAppealable);
    if (incident.appealedAt) fail(409, M.alreadyAppealed);
    if (now.getTime() > appealDeadline(incident.decidedAt!).getTime()) fail(409, M.appealWindowClosed);
    return fail(409, M.notAppealable);
  }, immediate);
}

/** POST /api/admin/incidents/{id}/appeal: uphold (the decision stands) or overturn (a suspension or ban ends). */
export async function resolveAppeal(
  db: Db,
  actor: Actor,
  id: number,
  input: { outcome: 'upheld' | 'overturned'; response: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [incident] = await tx.select().from(incidents).where(eq(incidents.id, id)).limit(1);
    if (!incident) fail(404, M.incidentNotFound);
    if (incident.memberId === actor.user.id) fail(403, M.notOnYourself);
    const before = standingView(await currentStanding(tx, incident.memberId, now), now);
    const [row] = await tx
      .update(incidents)
      .set({
        appealStatus: input.outcome,
        appealResponse: input.response,
        appealResolvedAt: now,
        appealResolvedBy: actor.user.id,
        // Overturned: a suspension or ban stops applying now (a warning simply no longer stands).
        ...(input.outcome === 'overturned' && incident.liftedAt === null && incident.consequence !== 'warning'
          ? { liftedAt: now, liftedBy: actor.user.id }
          : {}),
      })
      .where(and(eq(incidents.id, id), eq(incidents.appealStatus, 'pending'), ne(incidents.status, 'open')))
      .returning();
    if (!row) fail(409, M.noPendingAppeal);
    const after = standingView(await recomputeStanding(tx, incident.memberId, now), now);
    await notifyMember(tx, {
      memberId: incident.memberId,
      kind: notificationKinds.appealResolved,
      title: input.outcome === 'overturned' ? 'Appeal Accepted' : 'Appeal Declined',
      body:
        input.outcome === 'overturned'
          ? `Your appeal was accepted and the decision was overturned: ${input.response}`
          : `Your appeal was reviewed and the decision stands: ${input.response}`,
      now,
    });
    await recordAudit(tx, {
      actorId: actor.user.id,
      action: auditActions.incidentAppealResolve,
      targetType: 'incident',
      targetId: id,
      before: { appealStatus: 'pending', liftedAt: incident.liftedAt?.toISOString() ?? null, standing: before },
      after: {
        appealStatus: row.appealStatus,
        response: row.appealResponse,
        liftedAt: row.liftedAt?.toISOString() ?? null,
        standing: after,
      },
      at: now,
    });
    return row.id;
  }, immediate);
}

/** POST /api/admin/incidents: an admin writes a report (audited); decided later in the tab. */
export async function createAdminIncident(
  db: Db,
  actor: Actor,
  write: (tx: Tx) => Promise<number>,
  after: unknown,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const id = await write(tx);
    await recordAudit(tx, {
      actorId: actor.user.id,
      action: auditActions.incidentCreate,
      targetType: 'incident',
      targetId: id,
      after,
      at: now,
    });
    return id;
  }, immediate);
}
