import { infiniteQueryOptions } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER, type SearchFilter, type SearchResult } from '../../../edge/features/search/constants.ts';
import { apiGet } from '../../lib/api-client.ts';

/** One answer of GET /api/search and the cursor of the tab's next page (null on the All tab and the last page). */
export interface SearchPage {
  result: SearchResult;
  nextCursor: string | null;
}

/**
 * A search (D30) in one tab: the All tab's 3 of each type, or a type's pages, each after the previous one's
 * X-Next-Cursor. The route's loader ensures the first page, so /search?q=... arrives rendered (ADR 027).
 */
export const searchQueryOptions = (q: string, filter: SearchFilter) =>
  infiniteQueryOptions({
    queryKey: ['/api/search', { q, filter }] as const,
    queryFn: async ({ pageParam, signal, client }): Promise<SearchPage> => {
      const params = new URLSearchParams({ q, filter });
      if (pageParam) params.set('cursor', pageParam);
      const res = await apiGet(`/api/search?${params}`, { signal, client });
      return { result: (await res.json()) as SearchResult, nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor,
  });
