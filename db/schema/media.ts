import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { arrivalTimes, mediaDaySports } from './media-values.ts';
import { teams } from './teams.ts';
import { users } from './users.ts';

/**
 * Media Day (D25): the event is a record admins edit, not a constant of the page. Date and times are the venue's wall
 * clock ('YYYY-MM-DD', 'HH:MM') in `timeZone` (IANA), so the page prints them as written anywhere it is read, and
 * RSVPs close at the end of that day in the venue's zone. The current event is the one with the latest date.
 */
export const mediaDayEvents = sqliteTable(
  'media_day_events',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    date: text().notNull(),
    startTime: text().notNull(),
    endTime: text().notNull(),
    timeZone: text().notNull().default('America/New_York'),
    place: text().notNull(),
    notes: text(),
    createdAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('media_day_events_date_idx').on(t.date, t.id)],
);

/** One RSVP per member per Media Day (the unique index), updated in place until the day has passed (D25). */
export const mediaDayRsvps = sqliteTable(
  'media_day_rsvps',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    eventId: integer()
      .notNull()
      .references(() => mediaDayEvents.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sport: text({ enum: mediaDaySports }).notNull(),
    // A team the member plays on or owns; a team deleted later leaves the RSVP without one.
    teamId: integer().references(() => teams.id, { onDelete: 'set null' }),
    purpose: text().notNull(),
    arrivalTime: text({ enum: arrivalTimes }).notNull(),
    attendeeCount: integer().notNull(),
    dietaryRestrictions: text(),
    specialRequests: text(),
    createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('media_day_rsvps_event_user_uq').on(t.eventId, t.userId),
    // The admin list of one event, newest first, paged by id (the index carries the rowid).
    index('media_day_rsvps_event_idx').on(t.eventId),
    // The verified dashboard's Media Appearances.
    index('media_day_rsvps_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * The display names of the videos admins uploaded (D24 Media). The files themselves live in the blob store (D23),
 * which is what the admin list reads; this row only names a file and says who uploaded it.
 */
export const videos = sqliteTable('videos', {
  key: text().primaryKey(),
  name: text().notNull(),
  contentType: text().notNull(),
  size: integer().notNull(),
  // No foreign key: the record of who uploaded outlives the account, as the audit log does.
  uploadedBy: text(),
  createdAt: integer({ mode: 'timestamp_ms' }).notNull(),
});

export type MediaDayEvent = typeof mediaDayEvents.$inferSelect;
export type MediaDayRsvpRow = typeof mediaDayRsvps.$inferSelect;
export type VideoRow = typeof videos.$inferSelect;
