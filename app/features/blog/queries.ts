import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { BlogPost, BlogPostSummary } from '../../../edge/features/blog/schema.ts';
import { NEXT_CURSOR_HEADER } from '../../../edge/features/blog/constants.ts';
import { apiGet } from '../../lib/api-client.ts';

export type { BlogPost, BlogPostSummary };

export interface BlogPage {
  posts: BlogPostSummary[];
  nextCursor: string | null;
}

/** GET /api/blog/posts (001 s7): published posts, newest first, a page at a time after X-Next-Cursor. */
export const blogListQueryOptions = infiniteQueryOptions({
  queryKey: ['/api/blog/posts'] as const,
  queryFn: async ({ pageParam, signal, client }): Promise<BlogPage> => {
    const url = pageParam ? `/api/blog/posts?cursor=${encodeURIComponent(pageParam)}` : '/api/blog/posts';
    const res = await apiGet(url, { signal, client });
    return { posts: (await res.json()) as BlogPostSummary[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** A post's id as the URL writes it: digits only (anything else is the not-found page without asking). */
export const BLOG_ID_PATTERN = /^[1-9]\d{0,15}$/;

/** GET /api/blog/posts/{id}: the post with its server-rendered HTML (D29); unpublished ones only for admins. */
export const blogPostQueryOptions = (id: string) => queryOptions<BlogPost>({ queryKey: ['/api/blog/posts', id] });
