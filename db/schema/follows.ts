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
 * The follower notifications of one event (D31): a tournament going live (subject '') or a champion decided
 * ('player:{id}' or 'team:{id}'). The row is claimed in the transaction that starts or settles the tournament, so a
 * retried start or completion never notifies twice; the notifications themselves are written afterwards in bounded
 * batches of followers (ordered by id, `cursor` = the last one written, `doneAt` once all are), each batch one short
 * transaction that also moves the cursor, so a player with many followers never holds the write lock for long and an
 * interrupted run resumes where it stopped (the tournament clock picks up what is left).
 */
export const followAlerts = sqliteTable(
  'follow_alerts',
  {
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    event: text({ enum: followAlertEvents }).notNull(),
    subject: text().notNull(),
    tournamentTitle: text().notNull(),
    // The champion's name ('won' only).
    championName: text(),
    cursor: text().notNull().default(''),
    doneAt: integer({ mode: 'timestamp_ms' }),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.event, t.subject] }),
    // The unfinished ones, for the clock.
    index('follow_alerts_pending_idx')
      .on(t.createdAt)
      .where(sql`done_at is null`),
  ],
);
