import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CheckInAnswer, DoorEntrant } from '../../../edge/features/check-in/schema.ts';
import { sendNow } from '../../lib/outbox-send.ts';

export type { DoorEntrant };

// D39 at the door: the tournament's entrants, saved on the device (names and pass hashes, never a pass), checked in
// by name or by their QR entry pass. A check-in goes through the outbox with the time the door made it: with no
// signal it counts if made before the close and received before the start.

export const doorEntrantsQueryKey = (tournamentId: number) => ['/api/tournaments', tournamentId, 'entrants'] as const;

/** GET /api/tournaments/{id}/entrants, refreshed every 30 s while the door is open (entrants check in themselves too). */
export const doorEntrantsQueryOptions = (tournamentId: number) =>
  queryOptions<DoorEntrant[]>({ queryKey: doorEntrantsQueryKey(tournamentId), refetchInterval: 30_000, retry: false });

/** Entrants whose name holds every word typed (any order, any case), at most `limit`. Pure. */
export function findEntrants(list: readonly DoorEntrant[], text: string, limit = 30): DoorEntrant[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const found = words.length === 0 ? list : list.filter((e) => words.every((w) => e.name.toLowerCase().includes(w)));
  return found.slice(0, limit);
}

export type EntrantCheckInOutcome =
  | { state: 'checked-in'; checkedInAt: string }
  | { state: 'queued'; checkedInAt: string }
  | { state: 'refused'; message: string };

/** Checks an entrant in from the door (host or admin), online or queued; marks the saved list either way. */
export async function checkInEntrantAtDoor(
  client: QueryClient,
  input: { tournamentId: number; registrationId: number; userId: string },
): Promise<EntrantCheckInOutcome> {
  const scannedAt = new Date().toISOString();
  const outcome = await sendNow({
    kind: 'entrant-check-in',
    method: 'POST',
    url: `/api/tournaments/${input.tournamentId}/registrations/${input.registrationId}/check-in`,
    body: { scannedAt },
    userId: input.userId,
    invalidates: [`/api/tournaments/${input.tournamentId}/entrants`, `/api/tournaments/${input.tournamentId}/registrations`],
  });
  if (outcome.state === 'refused') return { state: 'refused', message: outcome.message };
  const checkedInAt =
    outcome.state === 'delivered' ? ((outcome.response as CheckInAnswer | null)?.checkedInAt ?? scannedAt) : scannedAt;
  client.setQueryData<DoorEntrant[]>(doorEntrantsQueryKey(input.tournamentId), (list) =>
    list?.map((e) => (e.registrationId === input.registrationId ? { ...e, checkedInAt, noShow: false } : e)),
  );
  return { state: outcome.state === 'delivered' ? 'checked-in' : 'queued', checkedInAt };
}
