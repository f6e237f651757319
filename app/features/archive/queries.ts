import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ArchiveDetails, ArchiveTournament, FinalStandings } from '../../../edge/features/archive/schema.ts';
import { NEXT_CURSOR_HEADER } from '../../../edge/features/tournaments/schema.ts';
import { apiGet } from '../../lib/api-client.ts';
import { queryKeyUrl } from '../../lib/offline-cache.ts';
import type { ArchiveFilters } from './search.ts';

export interface ArchivePage {
  tournaments: ArchiveTournament[];
  nextCursor: string | null;
}

/** The server's filters as the query key's search object (only those set: 001 s7 omits division when all). */
function keySearch(filters: ArchiveFilters): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.search) search.search = filters.search;
  if (filters.division) search.division = filters.division;
  if (filters.from) search.startDate = filters.from;
  if (filters.to) search.endDate = filters.to;
  return search;
}

/**
 * GET /api/tournaments/archive (001 s7): completed tournaments, newest first, one page at a time; each later page
 * after the previous one's X-Next-Cursor. The route's loader ensures the first page so the archive is server-rendered.
 */
export const archiveQueryOptions = (filters: ArchiveFilters) =>
  infiniteQueryOptions({
    queryKey: ['/api/tournaments/archive', keySearch(filters)] as const,
    queryFn: async ({ queryKey, pageParam, signal, client }): Promise<ArchivePage> => {
      const first = queryKeyUrl(queryKey)!;
      const url = pageParam
        ? `${first}${first.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(pageParam)}`
        : first;
      const res = await apiGet(url, { signal, client });
      return {
        tournaments: (await res.json()) as ArchiveTournament[],
        nextCursor: res.headers.get(NEXT_CURSOR_HEADER),
      };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** GET /api/tournaments/{id}/full-details: the details dialog's tabs. */
export const archiveDetailsQueryOptions = (id: number) =>
  queryOptions<ArchiveDetails>({ queryKey: ['/api/tournaments', String(id), 'full-details'] });

/** GET /api/tournaments/{id}/final-standings: null when the tournament has none (001 s7). */
export const finalStandingsQueryOptions = (id: number) =>
  queryOptions<FinalStandings | null>({ queryKey: ['/api/tournaments', String(id), 'final-standings'] });
