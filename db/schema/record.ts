import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { tournaments } from './tournaments.ts';

/**
 * The league's record (issue 16): what the archive, the leaderboards and search read beyond the competition tables.
 * The full-text indexes of search (D30) are FTS5 virtual tables kept by triggers (migration 0024); drizzle does not
 * model virtual tables, so they live only in SQL.
 */

/** D29: up to 12 championship photos of a completed tournament, added by the admin or the host (D23 images). */
export const championshipPhotos = sqliteTable(
  'championship_photos',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    tournamentId: integer()
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    imageUrl: text().notNull(),
    addedBy: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    index('championship_photos_tournament_idx').on(t.tournamentId, t.id),
    // D23: who still references an uploaded picture, before its file is deleted.
    index('championship_photos_image_idx').on(t.imageUrl),
  ],
);

/** D38's leaderboard divisions: 1v1 = team size 1, 3v3 = 3, 5v5 = 5, Team = any team tournament. */
export const leaderboardDivisions = ['1v1', '3v3', '5v5', 'Team'] as const;
export type LeaderboardDivision = (typeof leaderboardDivisions)[number];

/**
 * A member's points in one leaderboard division (D38): the sum of their points_ledger rows from tournaments of that
 * size, kept by a trigger on the (append-only) ledger, so a division's ranking is an index range instead of a sum
 * over the ledger. `wins` mirrors users.wins (trigger) so the Player Wins tab of a division is an index range too.
 * The whole league (no division) reads users.wtaPoints and users.wins directly.
 */
export const leaderboardPoints = sqliteTable(
  'leaderboard_points',
  {
    userId: text().notNull(),
    division: text({ enum: leaderboardDivisions }).notNull(),
    points: integer().notNull().default(0),
    wins: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.division] }),
    index('leaderboard_points_rank_idx').on(t.division, t.points, t.userId),
    index('leaderboard_points_wins_idx').on(t.division, t.wins, t.userId),
  ],
);

export type ChampionshipPhoto = typeof championshipPhotos.$inferSelect;
