import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

/**
 * Blog posts (001 s3, D24, D29): Markdown written by admins. `publishedAt` null is a draft (or an unpublished post):
 * only admins see it; the public list reads the published ones newest first from `blog_posts_published_idx`.
 */
export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    slug: text().notNull().unique(),
    title: text().notNull(),
    // D29: the first 200 characters of the rendered text, kept with the post so lists never render Markdown.
    excerpt: text().notNull(),
    // The Markdown source.
    body: text().notNull(),
    category: text(),
    coverImageUrl: text(),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    updatedAt: integer({ mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('blog_posts_published_idx').on(t.publishedAt)],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;
