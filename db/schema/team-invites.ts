import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { notifications } from './messages.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * Stored states of a team invite (D37). A `pending` row whose `expires_at` has passed reads as lapsed; joining a team
 * writes `lapsed` on the player's other pending invites (trigger of migration 0012).
 */
export const inviteStatuses = ['pending', 'accepted', 'declined', 'lapsed'] as const;
export type InviteStatus = (typeof inviteStatuses)[number];

/** An owner's invitation of a free agent to their team (issue 13, D15, D37). */
export const teamInvites = sqliteTable(
  'team_invites',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The invited player. */
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: inviteStatuses }).notNull().default('pending'),
    /** The player's team-invite notification, so the dashboard answers the invite from that very item. */
    notificationId: integer().references(() => notifications.id, { onDelete: 'set null' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    answeredAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [
    // One open invite per team and player: a second press, or two at once, cannot send two.
    uniqueIndex('team_invites_pending_uq')
      .on(t.teamId, t.userId)
      .where(sql`status = 'pending'`),
    index('team_invites_user_idx').on(t.userId, t.id),
    index('team_invites_team_idx').on(t.teamId, t.status, t.id),
  ],
);
