import { desc, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, type AuditEntry } from '../../db/schema/audit.ts';

/**
 * The append-only audit log (D24, D34, D36): who did what to whom, the value before and after, and when. Every
 * writer passes its own transaction, so the entry commits with the change it describes or not at all (a change
 * without its entry, or an entry for a change that rolled back, would make the log lie). Database triggers refuse
 * UPDATE and DELETE on the table (migration 0007); nothing here offers either.
 */

/** What happened, in words an admin screen can show and filter on. */
export const auditActions = {
  /** A member's role changed (D34): before/after `{ role }`. */
  roleChange: 'role.change',
  /** A provider reported another amount or currency than the payment row (ADR 009): before = expected, after = reported. */
  paymentMismatch: 'payment.mismatch',
  /** An admin recorded a payout (or adjustment) paid (D21): target = its tournament; before/after carry the payout. */
  payoutPaid: 'payout.paid',
  /** An admin voided an owed payout (or adjustment) (D21). */
  payoutVoid: 'payout.void',
  /** A tournament was cancelled (D33) by an admin, its host, or the clock (actor null): after = { reason }. */
  tournamentCancel: 'tournament.cancel',
  /** An admin approved a verification application (D11): target = the application; after carries isVerified. */
  verificationApprove: 'verification.approve',
  /** An admin rejected a verification application (D11): after = { status, reason }. */
  verificationReject: 'verification.reject',
  /** An admin verified or unverified a member directly (D24): before/after `{ isVerified }`. */
  verifiedChange: 'verified.change',
  /** An admin ended every session of a member (D24): before `{ sessions: n }`, after `{ sessions: 0 }`. */
  sessionsEnd: 'sessions.end',
  /** An admin approved a hosted tournament (D10): before/after `{ status }`. */
  tournamentApprove: 'tournament.approve',
  /** An admin rejected a hosted tournament (D10): after = `{ status, reason }`. */
  tournamentReject: 'tournament.reject',
  /** An admin created a tournament in the manager (D24): after = its fields. */
  tournamentCreate: 'tournament.create',
  /** An admin edited a tournament in the manager (D24): before/after = the changed fields. */
  tournamentEdit: 'tournament.edit',
  /** A tournament started (D12) by an admin, its host, or the clock (actor null): before/after `{ status }`. */
  tournamentStart: 'tournament.start',
  /** An admin uploaded a video to the blob store (D24 Media): target = its key; after = key, name, type, size. */
  videoUpload: 'video.upload',
  /** An admin chose the landing page's hero video (D24 Media): before/after = the setting's value. */
  heroVideoSet: 'heroVideo.set',
  /** An admin scheduled a Media Day (D25): after = the event. */
  mediaDayCreate: 'mediaDay.create',
  /** An admin edited a Media Day's name, date, times, place or notes (D25): before/after = the event. */
  mediaDayEdit: 'mediaDay.edit',
  /** An admin refunded a paid payment from the Payments tab (D24, D33): after carries the claimed refund. */
  paymentRefund: 'payment.refund',
  /** Blog posts (D24, D29): target = the post; before/after carry title, category, the Markdown and publishedAt. */
  blogCreate: 'blog.create',
  blogEdit: 'blog.edit',
  blogPublish: 'blog.publish',
  blogUnpublish: 'blog.unpublish',
  /** Sponsor listings (D24): target = the sponsor; before/after carry its status and listed fields. */
  sponsorApprove: 'sponsor.approve',
  sponsorEdit: 'sponsor.edit',
  sponsorHide: 'sponsor.hide',
  /** Rejected; its payment's refund claimed once (after.refundId; null when nothing was paid or it was claimed). */
  sponsorReject: 'sponsor.reject',
  /** An admin wrote a conduct report (D24): target = the incident; after = the report. */
  incidentCreate: 'incident.create',
  /** An admin decided a report (D24): target = the incident; before/after = status, consequence and the standing. */
  incidentDecide: 'incident.decide',
  /** An admin upheld or overturned an appeal (D24): target = the incident. */
  incidentAppealResolve: 'incident.appeal.resolve',
  /** An admin suspended, banned, or lifted a member from the Users tab (D24): target = the user; before/after = standing. */
  memberSuspend: 'member.suspend',
  memberBan: 'member.ban',
  memberLift: 'member.lift',
  /** The admin or host set or cleared a completed tournament's replay link (D29): before/after `{ replayVideoUrl }`. */
  tournamentReplay: 'tournament.replay',
  /** The admin or host added or removed a championship photo (D29): after/before = `{ id, url }`. */
  championshipPhotoAdd: 'championshipPhoto.add',
  championshipPhotoRemove: 'championshipPhoto.remove',
} as const;

export type AuditAction = (typeof auditActions)[keyof typeof auditActions];

export interface AuditRecord {
  /** The member who acted; null for the system (a webhook, the tournament clock). */
  actorId: string | null;
  action: AuditAction;
  targetType: AuditEntry['targetType'];
  targetId: string | number;
  /** Plain JSON values, stored as text; undefined is stored as null. */
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** Anything that can insert: the app's database or, as every writer should, the transaction of the change. */
type Writer = Pick<Db, 'insert'>;

const asJson = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));

/** Appends one entry inside the caller's transaction. */
export async function recordAudit(tx: Writer, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: asJson(entry.before),
    after: asJson(entry.after),
    createdAt: entry.at,
  });
}

/** One entry as the admin screens read it (D24): before and after parsed back from JSON. */
export interface AuditLogEntry {
  id: number;
  actorId: string | null;
  action: string;
  targetType: AuditEntry['targetType'];
  targetId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: number | null;
}

const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * Newest first, `limit` at a time. The cursor is the id of the last entry seen: ids only grow and entries are never
 * removed, so a page never repeats or skips an entry however many are written meanwhile (an offset would).
 */
export async function readAuditLog(
  db: Db,
  page: { cursor?: number | undefined; limit: number },
): Promise<AuditLogPage> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(page.cursor === undefined ? undefined : lt(auditLog.id, page.cursor))
    .orderBy(desc(auditLog.id))
    .limit(page.limit + 1);
  const entries = rows.slice(0, page.limit).map((row) => ({
    id: row.id,
    actorId: row.actorId,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: parsed(row.before),
    after: parsed(row.after),
    createdAt: row.createdAt.toISOString(),
  }));
  return { entries, nextCursor: rows.length > page.limit ? entries.at(-1)?.id ?? null : null };
}
