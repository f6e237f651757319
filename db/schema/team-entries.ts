import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { tournamentRegistrations } from './tournaments.ts';
import { users } from './users.ts';

/**
 * The roster of a team entry as it was when the owner entered the team (D22): the members who play, get
 * teamWins/teamLosses per match and the points of D14 at completion, whoever joins or leaves the team afterwards.
 * Written in the same transaction that takes the spot, and written again when a lapsed or cancelled entry is taken
 * again (a new entry, a new roster). Rows of an entry that no longer holds a spot mean nothing: readers join the
 * registration's status.
 */
export const teamEntryMembers = sqliteTable(
  'team_entry_members',
  {
    registrationId: integer()
      .notNull()
      .references(() => tournamentRegistrations.id, { onDelete: 'cascade' }),
    // Copied from the registration so "is this player already entered with another team" is one indexed read.
    tournamentId: integer().notNull(),
    teamId: integer().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Their place on the roster at entry (player, captain or coach).
    position: text().notNull(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.registrationId, t.userId] }),
    index('team_entry_members_tournament_user_idx').on(t.tournamentId, t.userId),
    index('team_entry_members_user_idx').on(t.userId),
  ],
);
