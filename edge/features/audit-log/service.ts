import { and, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { auditLog } from '../../../db/schema/audit.ts';
import { users } from '../../../db/schema/users.ts';
import { encodeTimeCursor, type TimeCursor } from '../../lib/time-cursor.ts';
import type { AuditLogItem, AuditQuery } from './schema.ts';

const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * The audit log newest first (createdAt, then id), `limit` at a time. A target (type and id) is read along
 * audit_log_target_idx, anything else along audit_log_created_idx; the cursor is the sort key of the last entry, and
 * entries are never changed or removed, so pages never repeat or skip one.
 */
type PageQuery = Omit<AuditQuery, 'cursor'> & { cursor?: TimeCursor | undefined };

/** The page's one statement (exported so a test can read its query plan). */
export function auditStatement(db: Db, q: PageQuery) {
  const where: (SQL | undefined)[] = [];
  if (q.targetType) where.push(eq(auditLog.targetType, q.targetType));
  if (q.targetId !== undefined) where.push(eq(auditLog.targetId, q.targetId));
  if (q.action)
    where.push(q.action.length === 1 ? eq(auditLog.action, q.action[0]!) : inArray(auditLog.action, q.action));
  if (q.cursor) {
    const at = new Date(q.cursor.at);
    where.push(or(lt(auditLog.createdAt, at), and(eq(auditLog.createdAt, at), lt(auditLog.id, q.cursor.id))));
  }
  return db
    .select({
      entry: auditLog,
      actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.limit + 1);
}

export async function auditPage(db: Db, q: PageQuery): Promise<{ entries: AuditLogItem[]; nextCursor: string | null }> {
  const rows = await auditStatement(db, q);
  const entries = rows.slice(0, q.limit).map(({ entry, actor }) => ({
    id: entry.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: parsed(entry.before),
    after: parsed(entry.after),
    createdAt: entry.createdAt.toISOString(),
    actor,
    actorId: entry.actorId,
  }));
  const last = rows.length > q.limit ? rows[q.limit - 1]!.entry : null;
  return { entries, nextCursor: last ? encodeTimeCursor({ at: last.createdAt.getTime(), id: last.id }) : null };
}
