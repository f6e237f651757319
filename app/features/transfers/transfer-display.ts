import type { TransferRequest, TransferStatus } from '../../../edge/features/transfers/schema.ts';

const statusLabels: Record<TransferStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

/** A request's status as the lists show it (`cancelled`: the player left the team first, ADR 028). */
export function transferStatusLabel(status: TransferStatus): string {
  return statusLabels[status];
}

/** "Heat Check to Bay Blitz", or "Heat Check to Free Agency" for a request without a team (000 s3). */
export function describeMove(request: Pick<TransferRequest, 'fromTeam' | 'toTeam'>): string {
  return `${request.fromTeam.name} to ${request.toTeam?.name ?? 'Free Agency'}`;
}

/** The player's name as the lists show it. */
export function playerName(request: Pick<TransferRequest, 'player'>): string {
  return `${request.player.firstName} ${request.player.lastName}`;
}

/** The toast after an owner's decision: 'Transfer Updated' (000 s8) and what happened. */
export function decisionMessage(request: TransferRequest): string {
  const who = playerName(request);
  if (request.status === 'approved') {
    return request.toTeam ? `${who} moved to ${request.toTeam.name}.` : `${who} left ${request.fromTeam.name}.`;
  }
  return `${who}'s request was rejected.`;
}
