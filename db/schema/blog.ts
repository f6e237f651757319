import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users.ts';

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    slug: text().notNull().unique(),
    title: text().notNull(),
    excerpt: text().notNull(),
    body: text().notNull(),
    category: text(),
    coverImageUrl: text(),
    authorId: text().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('blog_posts_published_idx').on(t.publishedAt)],
);
