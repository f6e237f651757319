import type { CheckInAnswer } from '../../../edge/features/check-in/schema.ts';
import { sendNow } from '../../lib/outbox-send.ts';

// D39: an entrant's check-in goes through the outbox, online too (one path, as the waiver's): with no signal it
// waits on the device and is sent when the connection returns, and counts if the server receives it before the close.

/** What the app refreshes once a check-in is delivered: the tournament's registrations and the user's own. */
const CHECK_IN_REFRESHES = ['/api/tournaments', '/api/tournament-registrations/my-registrations'];

export type CheckInOutcome =
  | { state: 'checked-in'; answer: CheckInAnswer | null }
  | { state: 'queued' }
  | { state: 'refused'; message: string };

/** Checks the user in for a tournament (their own entry, or their team's as its owner or captain). */
export async function sendCheckIn(tournamentId: number, userId: string): Promise<CheckInOutcome> {
  const outcome = await sendNow({
    kind: 'tournament-check-in',
    method: 'POST',
    url: `/api/tournaments/${tournamentId}/check-in`,
    body: {},
    userId,
    invalidates: CHECK_IN_REFRESHES,
  });
  if (outcome.state === 'delivered') return { state: 'checked-in', answer: outcome.response as CheckInAnswer | null };
  if (outcome.state === 'refused') return { state: 'refused', message: outcome.message };
  return { state: 'queued' };
}
