import type { z } from 'zod';
import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';
import type { blogPostInputSchema } from './requests.ts';

/** Shapes of the blog (001 s3 "Blog post", D24, D29). Zod and types only, so the admin's editor imports them too. */

export { NEXT_CURSOR_HEADER };

export const BLOG_LIMITS = { title: 200, category: 60, content: 50_000 } as const;
export const MAX_BLOG_PAGE = 50;
export const DEFAULT_BLOG_PAGE = 20;

export const BLOG_TEXTS = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${BLOG_LIMITS.title} characters`,
  categoryTooLong: `Category must be at most ${BLOG_LIMITS.category} characters`,
  contentRequired: 'Content is required',
  contentTooLong: `Content must be at most ${BLOG_LIMITS.content.toLocaleString('en-US')} characters`,
  notFound: 'Blog post not found',
  limit: `Limit must be a whole number from 1 to ${MAX_BLOG_PAGE}`,
  cursor: `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`,
} as const;

export type BlogPostInput = z.infer<typeof blogPostInputSchema>;

/** A post in a list (001 s2 Blog: title, category, date, content excerpt). */
export interface BlogPostSummary {
  id: number;
  title: string;
  category: string | null;
  /** D29: the first 200 characters of the text. */
  excerpt: string;
  createdAt: string;
  updatedAt: string;
  /** Null while unpublished. */
  publishedAt: string | null;
  published: boolean;
}

/** One post: its Markdown (`content`) and the HTML the one renderer made of it (safe to insert). */
export interface BlogPost extends BlogPostSummary {
  content: string;
  html: string;
}

/** POST /api/admin/blog/preview */
export interface BlogPreview {
  html: string;
  excerpt: string;
}
