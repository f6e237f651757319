import { and, count, desc, eq, gt, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client.ts';
import { incidents, memberStandings, type Incident, type MemberStanding } from '../../../db/schema/incidents.ts';
import { messages, notifications } from '../../../db/schema/messages.ts';
import { users, type User } from '../../../db/schema/users.ts';
import { fail } from '../../lib/errors.ts';
import { memberNameKey, memberPrefixMatch } from '../../lib/member-search.ts';
import { standingView } from '../../lib/standing.ts';
import {
  APPEAL_WINDOW_DAYS,
  INCIDENT_MESSAGES as M,
  REPORTS_PER_DAY,
  type AdminIncident,
  type AdminIncidentPage,
  type Appeal,
  type IncidentFilter,
  type MemberStandingView,
  type MyDecision,
} from './schema.ts';
import type { IncidentReportInput } from './requests.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction: every writer here runs inside the caller's transaction. */
export type Runner = Db | Tx;

export const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);


/** The member, or 404. */
export async function loadMember(tx: Runner, memberId: string): Promise<User> {
  const [member] = await tx.select().from(users).where(eq(users.id, memberId)).limit(1);
  if (!member) fail(404, M.memberNotFound);
  return member;
}

/**
 * Recomputes the member's standing from their decided suspensions and bans still in force (not lifted, not
 * overturned) and stores it; returns it. Called inside every transaction that changes one of those.
 */
export async function recomputeStanding(tx: Tx, memberId: string, now: Date): Promise<MemberStanding> {
  const active = await tx
    .select({ consequence: incidents.consequence, endsAt: incidents.endsAt, decidedAt: incidents.decidedAt })
    .from(incidents)
    .where(
      and(
        eq(incidents.memberId, memberId),
        eq(incidents.status, 'decided'),
        inArray(incidents.consequence, ['suspension', 'ban']),
        isNull(incidents.liftedAt),
      ),
    );
  let bannedAt: Date | null = null;
  let suspendedUntil: Date | null = null;
  for (const row of active) {
    if (row.consequence === 'ban' && row.decidedAt && (!bannedAt || row.decidedAt < bannedAt)) bannedAt = row.decidedAt;
    if (row.consequence === 'suspension' && row.endsAt && (!suspendedUntil || row.endsAt > suspendedUntil)) {
      suspendedUntil = row.endsAt;
    }
  }
  const standing = { userId: memberId, suspendedUntil, bannedAt, updatedAt: now };
  await tx
    .insert(memberStandings)
    .values(standing)
    .onConflictDoUpdate({ target: memberStandings.userId, set: { suspendedUntil, bannedAt, updatedAt: now } });
  return standing;
}

/** D15: the member reads every decision about them on the dashboard's Notifications, written with the decision. */
export async function notifyMember(
  tx: Tx,
  input: { memberId: string; kind: string; title: string; body: string; now: Date },
): Promise<void> {
  await tx.insert(notifications).values({
    userId: input.memberId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: '/dashboard',
    read: false,
    createdAt: input.now,
  });
}

export interface ReportAuthor {
  id: string;
  source: 'admin' | 'member';
}

/**
 * Writes a conduct report (D24, D27) inside the caller's transaction and returns its id. The messaging issue's
 * "report a message" calls this too. A member reports another member (never themselves), at most REPORTS_PER_DAY a
 * day; a message they name must be one between the two of them.
 */
export async function writeReport(
  tx: Tx,
  author: ReportAuthor,
  input: IncidentReportInput,
  now: Date,
): Promise<number> {
  if (author.source === 'member' && input.memberId === author.id) fail(400, M.notYourself);
  await loadMember(tx, input.memberId);
  if (author.source === 'member') {
    const [sent] = await tx
      .select({ n: count() })
      .from(incidents)
      .where(and(eq(incidents.reporterId, author.id), gt(incidents.createdAt, new Date(now.getTime() - DAY_MS))));
    if ((sent?.n ?? 0) >= REPORTS_PER_DAY) fail(429, M.tooManyReports);
  }
  if (input.messageId != null) {
    const [message] = await tx
      .select({ senderId: messages.senderId, recipientId: messages.recipientId })
      .from(messages)
      .where(eq(messages.id, input.messageId))
      .limit(1);
    if (!message) fail(404, M.messageNotFound);
    // A member reports a message of their own conversation with that member; an admin reports any message of theirs.
    const parties = [message.senderId, message.recipientId];
    if (!parties.includes(input.memberId) || (author.source === 'member' && !parties.includes(author.id))) {
      fail(400, M.messageNotBetween);
    }
  }
  const [row] = await tx
    .insert(incidents)
    .values({
      memberId: input.memberId,
      reporterId: author.id,
      source: author.source,
      description: input.description,
      messageId: input.messageId ?? null,
      status: 'open',
      createdAt: now,
    })
    .returning({ id: incidents.id });
  return row!.id;
}

const member = alias(users, 'member');
const reporter = alias(users, 'reporter');

function appealOf(row: Incident): Appeal | null {
  if (!row.appealedAt || !row.appealText || !row.appealStatus) return null;
  return {
    text: row.appealText,
    appealedAt: row.appealedAt.toISOString(),
    status: row.appealStatus,
    response: row.appealResponse,
    resolvedAt: iso(row.appealResolvedAt),
  };
}

const filterCondition: Record<IncidentFilter, SQL> = {
  open: eq(incidents.status, 'open'),
  decided: eq(incidents.status, 'decided'),
  appeals: eq(incidents.appealStatus, 'pending'),
};

/** The statement of the admin list (exported so a test can read its query plan). */
export function incidentListQuery(db: Db, page: { filter?: IncidentFilter; cursor?: number; limit: number }) {
  return db
    .select({
      incident: incidents,
      member: { id: member.id, firstName: member.firstName, lastName: member.lastName, email: member.email },
      reporter: { id: reporter.id, firstName: reporter.firstName, lastName: reporter.lastName, email: reporter.email },
      standing: { suspendedUntil: memberStandings.suspendedUntil, bannedAt: memberStandings.bannedAt },
      // D27: admins read the reported message (and only reported ones); a primary-key read per row.
      message: { body: messages.body, senderId: messages.senderId, createdAt: messages.createdAt },
    })
    .from(incidents)
    .innerJoin(member, eq(member.id, incidents.memberId))
    .leftJoin(reporter, eq(reporter.id, incidents.reporterId))
    .leftJoin(messages, eq(messages.id, incidents.messageId))
    .leftJoin(memberStandings, eq(memberStandings.userId, incidents.memberId))
    .where(
      and(
        page.filter ? filterCondition[page.filter] : undefined,
        page.cursor === undefined ? undefined : lt(incidents.id, page.cursor),
      ),
    )
    .orderBy(desc(incidents.id))
    .limit(page.limit + 1);
}

/** The Incidents tab: newest first, `limit` at a time, the cursor being the id of the last incident seen. */
export async function listIncidents(
  db: Db,
  page: { filter?: IncidentFilter | undefined; cursor?: number | undefined; limit: number },
  now: Date,
): Promise<AdminIncidentPage> {
  const rows = await incidentListQuery(db, {
    limit: page.limit,
    ...(page.filter ? { filter: page.filter } : {}),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  });
  const list: AdminIncident[] = rows.slice(0, page.limit).map((row) => ({
    id: row.incident.id,
    member: row.member,
    reporter: row.reporter?.id ? row.reporter : null,
    source: row.incident.source,
    description: row.incident.description,
    messageId: row.incident.messageId,
    reportedMessage:
      row.message?.body != null
        ? {
            body: row.message.body,
            fromMember: row.message.senderId === row.member.id,
            sentAt: row.message.createdAt.toISOString(),
          }
        : null,
    status: row.incident.status,
    createdAt: row.incident.createdAt.toISOString(),
    consequence: row.incident.consequence,
    suspensionDays: row.incident.suspensionDays,
    endsAt: iso(row.incident.endsAt),
    note: row.incident.decisionNote,
    decidedAt: iso(row.incident.decidedAt),
    liftedAt: iso(row.incident.liftedAt),
    appeal: appealOf(row.incident),
    standing: standingView(row.standing?.suspendedUntil || row.standing?.bannedAt ? row.standing : null, now),
  }));
  return { incidents: list, nextCursor: rows.length > page.limit ? list.at(-1)?.id ?? null : null };
}

export const appealDeadline = (decidedAt: Date) => new Date(decidedAt.getTime() + APPEAL_WINDOW_DAYS * DAY_MS);

/** The member's decisions (never the reports themselves, nor who wrote them), newest first. */
export async function myDecisions(db: Db, memberId: string, now: Date): Promise<MyDecision[]> {
  const rows = await db
    .select()
    .from(incidents)
    .where(
      and(
        eq(incidents.memberId, memberId),
        eq(incidents.status, 'decided'),
        inArray(incidents.consequence, ['warning', 'suspension', 'ban']),
      ),
    )
    .orderBy(desc(incidents.id))
    .limit(50);
  return rows.map((row) => {
    const deadline = appealDeadline(row.decidedAt!);
    return {
      id: row.id,
      consequence: row.consequence as MyDecision['consequence'],
      suspensionDays: row.suspensionDays,
      endsAt: iso(row.endsAt),
      note: row.decisionNote ?? '',
      decidedAt: row.decidedAt!.toISOString(),
      liftedAt: iso(row.liftedAt),
      appealDeadline: deadline.toISOString(),
      canAppeal: row.appealedAt === null && now.getTime() <= deadline.getTime(),
      appeal: appealOf(row),
    };
  });
}

function standingRowView(
  user: Pick<User, 'id' | 'firstName' | 'lastName' | 'email' | 'role'>,
  standing: Pick<MemberStanding, 'suspendedUntil' | 'bannedAt'> | null,
  now: Date,
): MemberStandingView {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    standing: standingView(standing, now),
  };
}

/** One member's standing (the Suspend/Ban actions show it). */
export async function memberStanding(db: Db, memberId: string, now: Date): Promise<MemberStandingView> {
  const [row] = await db
    .select({ user: users, standing: memberStandings })
    .from(users)
    .leftJoin(memberStandings, eq(memberStandings.userId, users.id))
    .where(eq(users.id, memberId))
    .limit(1);
  if (!row) fail(404, M.memberNotFound);
  return standingRowView(row.user, row.standing, now);
}

export const MEMBER_SEARCH_LIMIT = 10;

/** The picker's statement (exported for its query-plan test). */
export function searchMembersStatement(db: Db, q: string) {
  return db
    .select({ user: users, standing: memberStandings })
    .from(users)
    .leftJoin(memberStandings, eq(memberStandings.userId, users.id))
    .where(memberPrefixMatch(q))
    .orderBy(memberNameKey, users.id)
    .limit(MEMBER_SEARCH_LIMIT);
}

/**
 * Members whose name, last name or e-mail starts with `q`, for the new-incident dialog's picker: at most 10, read from
 * the same index ranges as the Users tab's finder (never a scan of the members).
 */
export async function searchMembers(db: Db, q: string, now: Date): Promise<MemberStandingView[]> {
  const rows = await searchMembersStatement(db, q);
  return rows.map((row) => standingRowView(row.user, row.standing, now));
}
