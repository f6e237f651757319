import type { OutboxEntry, OutboxKind } from '../../lib/outbox.ts';
import { sendNow } from '../../lib/outbox-send.ts';

// Issue 37 item 5, ADR 071: the host's actions on the tournament day (a call to court, a decided score, a forfeit
// decision) go through the outbox, as an entrant's check-in does: with no signal they wait on the phone ('waiting to
// send') and go when the connection returns. Each is idempotent on the server (the same call, score or decision sent
// again answers as the first and writes nothing), so a retry of a request whose answer was lost changes nothing.

/** The kinds the Tournament day panel lists as waiting. */
export const HOST_ACTION_KINDS: readonly OutboxKind[] = ['match-call', 'match-result', 'claim-decision'];

export type HostActionOutcome =
  | { state: 'sent'; response: unknown }
  | { state: 'queued' }
  | { state: 'refused'; status: number; message: string };

interface HostAction {
  kind: OutboxKind;
  method: 'PATCH' | 'POST';
  url: string;
  body: unknown;
  label: string;
}

async function send(userId: string, action: HostAction): Promise<HostActionOutcome> {
  // The bracket, reports, courts and history: the tab's queries (keys ['/api/tournaments', id, ...]).
  const outcome = await sendNow({ ...action, userId, invalidates: ['/api/tournaments'] });
  if (outcome.state === 'delivered') return { state: 'sent', response: outcome.response };
  if (outcome.state === 'refused') return { state: 'refused', status: outcome.status, message: outcome.message };
  return { state: 'queued' };
}

const matchUrl = (tournamentId: number, matchId: number) => `/api/tournaments/${tournamentId}/matches/${matchId}`;

/** D41: calls a match to a court (or marks it live when the tournament has no courts). */
export function callMatch(
  tournamentId: number,
  userId: string,
  match: { id: number; matchNumber: number },
  court: string | null,
): Promise<HostActionOutcome> {
  return send(userId, {
    kind: 'match-call',
    method: 'PATCH',
    url: matchUrl(tournamentId, match.id),
    body: court === null ? { status: 'live' } : { status: 'live', court },
    label: court === null ? `Mark Match ${match.matchNumber} live` : `Call Match ${match.matchNumber} to ${court}`,
  });
}

/** The host's score for a live match (a disputed one decided): with the version the host saw (D40). */
export function reportMatchResult(
  tournamentId: number,
  userId: string,
  match: { id: number; matchNumber: number },
  report: { scoreA: number; scoreB: number; version: number },
): Promise<HostActionOutcome> {
  return send(userId, {
    kind: 'match-result',
    method: 'POST',
    url: `${matchUrl(tournamentId, match.id)}/result`,
    body: report,
    label: `Score ${report.scoreA}-${report.scoreB} for Match ${match.matchNumber}`,
  });
}

/** D41: the host confirms or refuses a forfeit claim. */
export function decideForfeitClaim(
  tournamentId: number,
  userId: string,
  claim: { id: number; matchNumber: number },
  confirm: boolean,
): Promise<HostActionOutcome> {
  return send(userId, {
    kind: 'claim-decision',
    method: 'POST',
    url: `/api/tournaments/${tournamentId}/forfeit-claims/${claim.id}/decision`,
    body: { confirm },
    label: `${confirm ? 'Confirm' : 'Refuse'} the forfeit claimed in Match ${claim.matchNumber}`,
  });
}

/** The host's actions for this tournament still on the phone (waiting, sending, or refused when sent later). */
export function hostActionsOf(entries: readonly OutboxEntry[] | null, tournamentId: number): OutboxEntry[] {
  const prefix = `/api/tournaments/${tournamentId}/`;
  return (entries ?? []).filter((e) => HOST_ACTION_KINDS.includes(e.kind) && e.url.startsWith(prefix));
}
