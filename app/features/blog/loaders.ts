import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { getErrorStatus } from '../../lib/api-client.ts';
import { BLOG_ID_PATTERN, blogListQueryOptions, blogPostQueryOptions, type BlogPost } from './queries.ts';

// The blog routes' loaders (kept out of the pages' chunks: the router runs loaders from the main bundle).

/** /blog: the first page, awaited so the server writes the list into the page (ADR 027). */
export async function loadBlogList(queryClient: QueryClient): Promise<void> {
  await queryClient.prefetchInfiniteQuery(blogListQueryOptions);
}

/** /blog/{id}: a malformed id or the API's 404 (missing, or unpublished for this reader) is the not-found page. */
export async function loadBlogPost(queryClient: QueryClient, id: string): Promise<BlogPost> {
  if (!BLOG_ID_PATTERN.test(id)) throw notFound();
  try {
    return await queryClient.ensureQueryData(blogPostQueryOptions(id));
  } catch (error) {
    if (getErrorStatus(error) === 404) throw notFound();
    throw error;
  }
}
