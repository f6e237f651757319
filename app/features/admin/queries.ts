import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { HostedTournament, HostedTournamentPage, ManagerStatus } from '../../../edge/features/hosting/schema.ts';
import type { WaiverLogEntry } from '../../../edge/features/waivers/schema.ts';
import { apiGet, apiRequest, getQueryFn } from '../../lib/api-client.ts';
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

/** PATCH /api/admin/tournaments/{id}/approve (001 s7): listed as upcoming (D10). */
export async function approveTournament(id: number): Promise<void> {
  await apiRequest('PATCH', `/api/admin/tournaments/${id}/approve`);
}

/** PATCH /api/admin/tournaments/{id}/reject with the reason sent to the host (D10, D15). */
export async function rejectTournament(id: number, reason: string): Promise<void> {
  await apiRequest('PATCH', `/api/admin/tournaments/${id}/reject`, { reason });
}

/** GET /api/admin/tournaments?status=: the manager's list (D24), a page at a time. */
export function managedTournamentsQueryOptions(status: ManagerStatus) {
  return infiniteQueryOptions({
    queryKey: ['/api/admin/tournaments', { status }],
    queryFn: async ({ pageParam, signal }) => {
      const search = new URLSearchParams({ status });
      if (pageParam) search.set('cursor', pageParam);
      const res = await apiGet(`/api/admin/tournaments?${search}`, { signal });
      return (await res.json()) as HostedTournamentPage;
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
  });
}

/** POST /api/admin/tournaments: created and listed at once (D24). */
export async function createManagedTournament(payload: unknown): Promise<HostedTournament> {
  return (await (await apiRequest('POST', '/api/admin/tournaments', payload)).json()) as HostedTournament;
}

/** PATCH /api/admin/tournaments/{id}: the whole form again (D24). */
export async function editManagedTournament(id: number, payload: unknown): Promise<HostedTournament> {
  return (await (await apiRequest('PATCH', `/api/admin/tournaments/${id}`, payload)).json()) as HostedTournament;
}

/** Start now (D12): the competition engine's own start, for an admin. */
export async function startManagedTournament(id: number): Promise<void> {
  await apiRequest('POST', `/api/tournaments/${id}/start`);
}

/** Cancel with a reason (D33): the competition engine's cancellation, which refunds every paid buy-in and ticket once. */
export async function cancelManagedTournament(id: number, reason: string): Promise<void> {
  await apiRequest('POST', `/api/tournaments/${id}/cancel`, { reason });
}

/** After any decision or manager action: the approvals and every manager list are stale. */
export function refreshAdminTournaments(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: pendingTournamentsQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: ['/api/admin/tournaments'] }),
  ]);
}
