import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';
import { BLOG_LIMITS, BLOG_TEXTS as T, DEFAULT_BLOG_PAGE, MAX_BLOG_PAGE } from './schema.ts';

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

const markdown = () => freeText({ label: 'Content', multiline: true, error: T.contentRequired });
const content = markdown().min(1, { error: T.contentRequired }).max(BLOG_LIMITS.content, { error: T.contentTooLong });

/** POST /api/admin/blog/posts and PATCH /api/admin/blog/posts/{id}: a post as the admin writes it (Markdown). */
export const blogPostInputSchema = z.object({
  title: freeText({ label: 'Title', name: true, error: T.titleRequired })
    .min(1, { error: T.titleRequired })
    .max(BLOG_LIMITS.title, { error: T.titleTooLong }),
  // Empty means none.
  category: freeText({ label: 'Category', error: T.categoryTooLong })
    .max(BLOG_LIMITS.category, { error: T.categoryTooLong })
    .nullish()
    .transform((s) => (s ? s : null)),
  content,
});

/** POST /api/admin/blog/preview: the Markdown to render; an empty text renders nothing. */
export const blogPreviewSchema = z.object({
  content: markdown().max(BLOG_LIMITS.content, { error: T.contentTooLong }),
});

export const blogPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: T.limit })
    .int({ error: T.limit })
    .min(1, { error: T.limit })
    .max(MAX_BLOG_PAGE, { error: T.limit })
    .default(DEFAULT_BLOG_PAGE),
  cursor: z.string({ error: T.cursor }).optional(),
});
