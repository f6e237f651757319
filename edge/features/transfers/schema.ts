import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';

// One header name for every paged list (edge/lib/paging.ts), re-exported for this feature's callers.
export { NEXT_CURSOR_HEADER };

/** The Transfer Portal's contract (000 s2, s3, s7; D37). Shared with the app as types and constants only. */

/** 000 s3's pending, approved, rejected; `cancelled` when the player left the team before anyone decided (ADR 028). */
export type TransferStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

export interface TransferTeam {
  id: number;
  name: string;
}

/** A transfer request as its player ('My Requests') and its deciding owner ('Incoming Requests') see it. */
export interface TransferRequest {
  id: number;
  /** The team asked for; absent means free agency (000 s3). */
  toTeamId?: number;
  reason: string | null;
  status: TransferStatus;
  player: { id: string; firstName: string; lastName: string };
  fromTeam: TransferTeam;
  /** Absent for a request to free agency. */
  toTeam?: TransferTeam;
  createdAt: string;
  decidedAt: string | null;
}

/** A team a player may ask to move to (GET /api/transfers/teams). */
export interface TransferDestination {
  id: number;
  name: string;
  sport: string | null;
  city: string | null;
}

/** 000 s5: the reason is optional; this long at most. */
export const TRANSFER_REASON_MAX = 500;
/** GET /api/transfers answers this many a page, newest first; the next page's cursor is in X-Next-Cursor. */
export const TRANSFER_PAGE_SIZE = 25;
/** GET /api/transfers/teams answers at most this many teams. */
export const DESTINATION_LIMIT = 20;

export const TRANSFER_MESSAGES = {
  portalRoles: 'The transfer portal is for players and team owners',
  playersOnly: 'Only players can request a transfer',
  notOnTeam: 'You are not on a team. Join one through Free Agency first.',
  teamNotFound: 'Team not found',
  sameTeam: 'You are already on this team',
  pendingExists: 'You already have a pending transfer request',
  ownersOnly: 'Only team owners can approve or reject transfer requests',
  notFound: 'Transfer request not found',
  notYours: 'Only the owner of the team that decides this request can approve or reject it',
  decided: 'This transfer request has already been decided',
  cancelled: 'This transfer request was cancelled: the player is no longer on that team',
  reason: `Reason must be at most ${TRANSFER_REASON_MAX} characters`,
  toTeamId: 'toTeamId must be a team id, or absent for free agency',
  status: "status must be 'approved' or 'rejected'",
  cursor: `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`,
  search: 'Search must be at most 60 characters',
} as const;
