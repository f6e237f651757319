import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * 000 s3/s4: pending, then approved or rejected by the owner. `cancelled`: the player left the team the request
 * moves them from before anyone decided (trigger of migration 0012), so there is nothing left to decide.
 */
export const transferStatuses = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

/** A player's transfer request (000 s2 Transfer Portal, D37). */
export const transferRequests = sqliteTable(
  'transfer_requests',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromTeamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Null: to free agency (000 s3). Cascade, not set null: a request to a team that is gone must not turn into one to free agency. */
    toTeamId: integer().references(() => teams.id, { onDelete: 'cascade' }),
    /** D37: whose owner decides, the team joined or, for free agency, the team left. */
    deciderTeamId: integer().generatedAlwaysAs(sql`coalesce(to_team_id, from_team_id)`, { mode: 'virtual' }),
    reason: text(),
    status: text({ enum: transferStatuses }).notNull().default('pending'),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    decidedAt: integer({ mode: 'timestamp_ms' }),
    decidedBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One pending request per player (issue 13), held by the database.
    uniqueIndex('transfer_requests_pending_uq')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    index('transfer_requests_user_idx').on(t.userId, t.id),
    index('transfer_requests_decider_idx').on(t.deciderTeamId, t.id),
  ],
);
