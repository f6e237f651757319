import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { CurrentTeam } from '../../../edge/features/players/schema.ts';
import {
  NEXT_CURSOR_HEADER,
  type TransferDestination,
  type TransferRequest,
} from '../../../edge/features/transfers/schema.ts';
import { apiGet, apiRequest } from '../../lib/api-client.ts';

export type { CurrentTeam, TransferDestination, TransferRequest };

export interface TransferPage {
  requests: TransferRequest[];
  nextCursor: string | null;
}

/** GET /api/transfers: 'My Requests' for a player, 'Incoming Requests' for an owner (D37), a page at a time. */
export const transfersQueryOptions = infiniteQueryOptions({
  queryKey: ['/api/transfers'] as const,
  queryFn: async ({ pageParam, signal, client }): Promise<TransferPage> => {
    const url = pageParam ? `/api/transfers?cursor=${encodeURIComponent(pageParam)}` : '/api/transfers';
    const res = await apiGet(url, { signal, client });
    return { requests: (await res.json()) as TransferRequest[], nextCursor: res.headers.get(NEXT_CURSOR_HEADER) };
  },
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** GET /api/player/current-team: the dashboard's key, so a move shows on both screens. */
export const currentTeamQueryOptions = queryOptions<CurrentTeam>({ queryKey: ['/api/player/current-team'] });

/** GET /api/transfers/teams: the teams a player may ask to join, searched by name. */
export const destinationsQueryOptions = (q: string) =>
  queryOptions<TransferDestination[]>({ queryKey: ['/api/transfers/teams', q ? { q } : {}] });

/** POST /api/transfers: without `toTeamId` the request is to free agency (000 s3). */
export async function submitTransfer(body: { reason: string; toTeamId?: number }): Promise<TransferRequest> {
  return (await (await apiRequest('POST', '/api/transfers', body)).json()) as TransferRequest;
}

/** PATCH /api/transfers/{id}: the deciding owner's answer. */
export async function decideTransfer(id: number, status: 'approved' | 'rejected'): Promise<TransferRequest> {
  return (await (await apiRequest('PATCH', `/api/transfers/${id}`, { status })).json()) as TransferRequest;
}
