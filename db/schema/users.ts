import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Roles of 000 s3. admin/super_admin only grant admin rights together with the league e-mail domain (D6). */
export const roles = ['player', 'owner', 'fan', 'admin', 'super_admin'] as const;
export type Role = (typeof roles)[number];

export const users = sqliteTable(
  'users',
  {
    id: text().primaryKey(),
    // Stored lower-cased so the unique index is case-insensitive in practice.
    email: text().notNull().unique(),
    // Null for accounts created through Google sign-in.
    passwordHash: text(),
    googleId: text().unique(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    role: text({ enum: roles }).notNull().default('player'),
    tagline: text(),
    city: text(),
    state: text(),
    sport: text(),
    profileImageUrl: text(),
    // The player profile of 001 s3 (shown on /player/{id}, edited on /edit-profile): bio up to 300 characters,
    // height as written (6'2"), weight in whole pounds, the divisions played (JSON list) and the best of them.
    bio: text(),
    height: text(),
    weight: integer(),
    divisions: text({ mode: 'json' }).$type<string[]>(),
    bestDivision: text(),
    // D29: https links to YouTube, Twitch or Vimeo only (JSON list), embedded with their privacy-enhanced players.
    highlightUrls: text({ mode: 'json' }).$type<string[]>(),
    isVerified: integer({ mode: 'boolean' }).notNull().default(false),
    wtaPoints: integer().notNull().default(0),
    wins: integer().notNull().default(0),
    losses: integer().notNull().default(0),
    gamesPlayed: integer().notNull().default(0),
    // The member's record in team tournaments (001 s3 User; D22): every match their team played while they were on
    // its roster at entry.
    teamWins: integer().notNull().default(0),
    teamLosses: integer().notNull().default(0),
    // The IANA zone the member's browser last reported (its wta_tz cookie, on GET /api/auth/user): the zone of the
    // times a notification writes for them ('check in by 5:30 PM', D39). Null until a browser said; then UTC.
    timeZone: text(),
    // ISO date (YYYY-MM-DD); the waiver needs age (D7).
    dateOfBirth: text(),
    // Set when the profile-completion screen (Choose Your Path) has been submitted.
    profileCompletedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [
    index('users_points_idx').on(t.wtaPoints),
    // The Free Agency Pool (issue 13, ADR 028): players by points, then id, so a page after a cursor is an index seek.
    // The verified flag and the names ride along so the verified filter and the name search are checked in the index,
    // before any row is read (20x faster for a search that walks the whole pool).
    index('users_role_points_idx').on(t.role, t.wtaPoints, t.id, t.isVerified, t.firstName, t.lastName),
    index('users_role_sport_points_idx').on(t.role, t.sport, t.wtaPoints, t.id, t.isVerified, t.firstName, t.lastName),
    // The Player Wins leaderboard (issue 16): players by wins, over every sport or within one.
    index('users_role_wins_idx').on(t.role, t.wins, t.id),
    index('users_role_sport_wins_idx').on(t.role, t.sport, t.wins, t.id),
    // A division's top players: players of one sport by points.
    index('users_sport_role_points_idx').on(t.sport, t.role, t.wtaPoints),
    // D23: who still references an uploaded picture, before its file is deleted.
    index('users_profile_image_idx').on(t.profileImageUrl),
    // The admin member finder (D24): prefix search on the full name or the last name, any (ASCII) case, paged by
    // (key, id) from the index. E-mail prefixes use the unique index on email (stored lower-cased).
    index('users_name_search_idx').on(sql`lower(first_name || ' ' || last_name)`, t.id),
    index('users_last_name_search_idx').on(sql`lower(last_name)`, t.id),
  ],
);

export type User = typeof users.$inferSelect;
