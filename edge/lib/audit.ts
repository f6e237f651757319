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
