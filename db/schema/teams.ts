import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

export const teams = sqliteTable(
  'teams',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagline: text(),
    motto: text(),
    sport: text(),
    city: text(),
    logoUrl: text(),
    wins: integer().notNull().default(0),
    losses: integer().notNull().default(0),
    tournamentsPlayed: integer().notNull().default(0),
    championshipWins: integer().notNull().default(0),
    createdAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index('teams_owner_idx').on(t.ownerId),
    // The Transfer Portal's team picker (issue 13): teams by name, any case.
    index('teams_name_nocase_idx').on(sql`name collate nocase`, t.id),
    // D23: who still references an uploaded logo, before its file is deleted.
    index('teams_logo_idx').on(t.logoUrl),
    // Team Rankings (issue 16): by wins, a page after a cursor a seek.
    index('teams_wins_idx').on(t.wins, t.id),
  ],
);

export const teamMembers = sqliteTable(
  'team_members',
  {
    teamId: integer()
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: text({ enum: ['player', 'captain', 'coach'] })
      .notNull()
      .default('player'),
    joinedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    // A player is on at most one team (issue 13): the database refuses a second roster row, whatever the code path.
    uniqueIndex('team_members_user_uq').on(t.userId),
    // The admin Permissions tab (D24): the teams' coaches, read by team without walking every roster.
    index('team_members_coach_idx')
      .on(t.teamId, t.userId)
      .where(sql`position = 'coach'`),
  ],
);
