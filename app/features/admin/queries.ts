import { queryOptions } from '@tanstack/react-query';
import type { WaiverLogEntry } from '../../../edge/features/waivers/schema.ts';
import { getQueryFn } from '../../lib/api-client.ts';
import type { PendingTournament } from './pending-tournament.ts';
import { waiverLogQueryString, type WaiverLogFilters } from './waiver-log.ts';

/** GET /api/admin/pending-tournaments (001 s7): hosted tournaments awaiting approval. */
export const pendingTournamentsQueryOptions = queryOptions({
  queryKey: ['/api/admin/pending-tournaments'],
  queryFn: getQueryFn<PendingTournament[]>({ on401: 'throw' }),
  retry: false,
});

/** GET /api/waivers/admin/all with the log's filters (001 s5), newest first. The URL is the key. */
export function waiverLogQueryOptions(filters: WaiverLogFilters) {
  return queryOptions({
    queryKey: [`/api/waivers/admin/all${waiverLogQueryString(filters)}`],
    queryFn: getQueryFn<WaiverLogEntry[]>({ on401: 'throw' }),
    retry: false,
  });
}
