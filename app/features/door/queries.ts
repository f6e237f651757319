import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { DoorConflict, DoorTicket, DoorTournament } from '../../../edge/features/door/schema.ts';
import { apiGet } from '../../lib/api-client.ts';

export type { DoorConflict, DoorTicket, DoorTournament };

/** The list's pages follow this header (edge/lib/paging.ts; a type-free copy keeps edge's code out of the app). */
const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/** GET /api/door/tournaments: the tournaments whose door this member runs (403: none, Access Denied). */
export const doorTournamentsQueryOptions = queryOptions<DoorTournament[]>({
  queryKey: ['/api/door/tournaments'],
  retry: false,
});

export const doorTicketsQueryKey = (tournamentId: number) =>
  ['/api/door/tournaments', tournamentId, 'tickets'] as const;

/**
 * A tournament's whole door list (D26), every page read while online into one saved answer: with no signal the
 * door checks codes against it (persisted with the user's data, app/lib/offline-cache.ts). Refreshed every 30 s
 * while the screen is open, so tickets bought at the last minute and other doors' check-ins arrive.
 */
export const doorTicketsQueryOptions = (tournamentId: number) =>
  queryOptions<DoorTicket[]>({
    queryKey: doorTicketsQueryKey(tournamentId),
    queryFn: async ({ signal, client }) => {
      const all: DoorTicket[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/door/tournaments/${tournamentId}/tickets${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
        const res = await apiGet(url, { signal, client });
        all.push(...((await res.json()) as DoorTicket[]));
        cursor = res.headers.get(NEXT_CURSOR_HEADER);
      } while (cursor);
      return all;
    },
    refetchInterval: 30_000,
    retry: false,
  });

/** Marks one ticket used in the saved list (an admission on this device), so the next scan says already used. */
export function markUsedInList(client: QueryClient, tournamentId: number, codeHash: string, usedAt: string): void {
  client.setQueryData<DoorTicket[]>(doorTicketsQueryKey(tournamentId), (list) =>
    list?.map((ticket) => (ticket.codeHash === codeHash && !ticket.usedAt ? { ...ticket, usedAt } : ticket)),
  );
}

/** GET /api/door/conflicts?tournamentId=: tickets admitted at two doors (admins only; never saved to disk). */
export const doorConflictsQueryOptions = (tournamentId: number) =>
  queryOptions<DoorConflict[]>({
    queryKey: ['/api/door/conflicts', { tournamentId: String(tournamentId) }],
    refetchInterval: 30_000,
  });
