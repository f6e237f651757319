import { infiniteQueryOptions } from '@tanstack/react-query';
import type { DivisionSlug, Tournament } from '../../../edge/features/tournaments/schema.ts';
import { NEXT_CURSOR_HEADER } from '../../../edge/features/tournaments/schema.ts';
import { apiGet } from '../../lib/api-client.ts';

/** A page of a division's live and upcoming tournaments after the first (which comes with the division). */
export interface UpcomingPage {
  tournaments: Tournament[];
  nextCursor: string | null;
}

/**
 * The division's live and upcoming tournaments after its first page (ADR 025): GET /api/divisions/{slug}/upcoming,
 * each page after the previous one's X-Next-Cursor. Keyed by where it starts, so a division answer that moved on
 * (a tournament started or was added) starts a fresh list instead of appending to a stale one.
 */
export const divisionUpcomingQueryOptions = (slug: DivisionSlug, after: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/divisions', slug, 'upcoming', { after }] as const,
    queryFn: async ({ pageParam, signal, client }): Promise<UpcomingPage> => {
      const res = await apiGet(`/api/divisions/${slug}/upcoming?cursor=${encodeURIComponent(pageParam)}`, {
        signal,
        client,
      });
      return { tournaments: (await res.json()) as Tournament[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
    },
    initialPageParam: after,
    getNextPageParam: (last) => last.nextCursor,
  });
