import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Site-wide settings chosen by the admins, one JSON value per key (for example `hero_video`). Readers validate
 * the value and fall back to their default, so a missing or malformed row never breaks a page.
 */
export const settings = sqliteTable('settings', {
  key: text().primaryKey(),
  value: text({ mode: 'json' }).$type<unknown>().notNull(),
  updatedAt: integer({ mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

export type Setting = typeof settings.$inferSelect;
