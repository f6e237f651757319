import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { teams } from './teams.ts';
import { tournaments } from './tournaments.ts';
import { users } from './users.ts';

/**
 * D31: a member follows a player or a team (exactly one of the two per row). One row per follower and subject: the
 * partial unique indexes make following twice one row, and they are also what a follower count and the "followers of
 * these entrants" join read. Nobody follows themselves (checked here too, whatever the code path).
 */
export const follows = sqliteTable(
  'follows',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    followerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playerId: text().references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer().references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('follows_player_uq')
      .on(t.playerId, t.followerId)
      .where(sql`player_id is not null`),
    uniqueIndex('follows_team_uq')
      .on(t.teamId, t.followerId)
      .where(sql`team_id is not null`),
    // Whom a member follows, and the cascade when a member's account is deleted.
    index('follows_follower_idx').on(t.followerId, t.createdAt),
    check('follows_one_subject', sql`(player_id is null) <> (team_id is null)`),
    check('follows_not_self', sql`player_id is null or player_id <> follower_id`),
  ],
);

export const followAlertEvents = ['live', 'won'] as const;

/**
 * The follower notifications already written (D31): one row per tournament, event and subject ('' for the whole
 * tournament going live; 'player:{id}' or 'team:{id}' for a champion). Claimed in the transaction that writes the
 * notifications, so a retried start or completion never notifies twice.
 */
export const followAlerts = sqliteTable(
  'follow_alerts',
  {
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    event: text({ enum: followAlertEvents }).notNull(),
    subject: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.event, t.subject] })],
);
