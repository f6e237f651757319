import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/** What an admin decides about a conduct report (D24, the Code of Conduct): 'none' closes a report without a consequence. */
export const incidentConsequences = ['none', 'warning', 'suspension', 'ban'] as const;
export type IncidentConsequence = (typeof incidentConsequences)[number];
export const appealStatuses = ['pending', 'upheld', 'overturned'] as const;
export type AppealStatus = (typeof appealStatuses)[number];

/**
 * Conduct reports (D24, D27): written by an admin, or by a member about another member (optionally pointing at the
 * message they report). An admin decides each once; the decision, the member's one appeal and its resolution live on
 * the same row, so every "once" is a conditional UPDATE of that row (status open -> decided, appealedAt null -> set,
 * appealStatus pending -> resolved) and two admins pressing at once give one result.
 */
export const incidents = sqliteTable(
  'incidents',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** The member the report is about. */
    memberId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who wrote it (an admin or a member); null once that account is deleted. */
    reporterId: text().references(() => users.id, { onDelete: 'set null' }),
    source: text({ enum: ['admin', 'member'] }).notNull(),
    /** What happened, in the reporter's words. */
    description: text().notNull(),
    // No foreign key: the messaging issue may reshape messages, and a report must outlive the message it quotes.
    messageId: integer(),
    status: text({ enum: ['open', 'decided'] })
      .notNull()
      .default('open'),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    consequence: text({ enum: incidentConsequences }),
    suspensionDays: integer(),
    /** When a suspension ends (decidedAt + days). */
    endsAt: integer({ mode: 'timestamp_ms' }),
    /** The reason the member reads with the decision. */
    decisionNote: text(),
    decidedBy: text().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer({ mode: 'timestamp_ms' }),
    /** A suspension or ban that stopped applying early (lifted by an admin, or overturned on appeal). */
    liftedAt: integer({ mode: 'timestamp_ms' }),
    liftedBy: text().references(() => users.id, { onDelete: 'set null' }),
    appealText: text(),
    appealedAt: integer({ mode: 'timestamp_ms' }),
    appealStatus: text({ enum: appealStatuses }),
    appealResponse: text(),
    appealResolvedAt: integer({ mode: 'timestamp_ms' }),
    appealResolvedBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The admin list, newest first, filtered by status or by pending appeals, paged by id (keyset).
    index('incidents_status_idx').on(t.status, t.id),
    index('incidents_appeal_idx').on(t.appealStatus, t.id),
    // A member's decisions (their dashboard) and the standing recomputed from them.
    index('incidents_member_idx').on(t.memberId, t.id),
    // A member's reports in the last day (the report limit).
    index('incidents_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);

/**
 * A member's standing, kept from their decided incidents in the same transaction as every decision, lift or appeal:
 * the session lookup and sign-in read this one row (by primary key) instead of the incident history.
 */
export const memberStandings = sqliteTable('member_standings', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The end of the longest suspension still in force; a past time means none. */
  suspendedUntil: integer({ mode: 'timestamp_ms' }),
  /** Set while a ban is in force. */
  bannedAt: integer({ mode: 'timestamp_ms' }),
  updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

export type Incident = typeof incidents.$inferSelect;
export type MemberStanding = typeof memberStandings.$inferSelect;
