import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** What an entry is about. Payouts are filed under their tournament (the payout's id is in before/after). */
export const auditTargetTypes = [
  'user',
  'team',
  'tournament',
  'waiver',
  'payment',
  'blog_post',
  'sponsor',
  'verification_application',
  'media_day',
  'setting',
  'video',
  'incident',
] as const;

/**
 * The audit log (D34, D24, D36): who did what to whom, with the value before and after, and when. Append-only:
 * triggers refuse UPDATE and DELETE, so the admin screens of D24 read a history nobody can rewrite through the app.
 * `actorId` is null for the system (the tournament clock, a migration); `before` and `after` hold JSON.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    // No foreign key: the log outlives its actors, and a cascade would be an UPDATE the triggers refuse.
    actorId: text(),
    // What happened, in words a screen can show: 'role.change', 'dateOfBirth.change', ...
    action: text().notNull(),
    targetType: text({ enum: auditTargetTypes }).notNull(),
    targetId: text().notNull(),
    before: text(),
    after: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
