import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { HostedTournament, HostedTournamentPage } from '../../../edge/features/hosting/schema.ts';
import { apiRequest, getQueryFn } from '../../lib/api-client.ts';

/** GET /api/tournaments/hosted/mine: the signed-in member's submissions with their status, newest first (D32). */
export const myHostedTournamentsQueryOptions = queryOptions({
  queryKey: ['/api/tournaments/hosted/mine'],
  queryFn: getQueryFn<HostedTournamentPage>({ on401: 'throw' }),
  retry: false,
});

/** POST /api/tournaments/host (001 s7): the submission, pending until an admin decides (D10). */
export async function submitHostedTournament(payload: unknown): Promise<HostedTournament> {
  const res = await apiRequest('POST', '/api/tournaments/host', payload);
  return (await res.json()) as HostedTournament;
}

/** After a submission the host's list is stale. */
export function forgetMyHostedTournaments(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: myHostedTournamentsQueryOptions.queryKey });
}
