import type { z } from 'zod';
import type { courtsSchema } from './requests.ts';

// D41, calling matches, courts and no-shows: the words of its refusals and notices, and the shapes of its answers.

export const COURTS_MAX = 24;
export const NO_SHOW_MINUTES = { min: 5, max: 30, default: 10 } as const;

export const COURT_TEXTS = {
  notPlayer: 'Only the players in this match can do this',
  notCalled: 'This match has not been called to a court yet',
  arriveFirst: "Press I'm at the court first",
  opponentHere: 'Your opponent is at the court: play the match',
  claimPending: 'A forfeit claim for this match is already waiting for the host',
  claimNotFound: 'Forfeit claim not found',
  claimDecided: 'This forfeit claim has already been decided',
  claimStale: 'This match changed since the claim was made: the claim no longer stands',
  claimedTitle: 'Forfeit claimed',
  confirmedTitle: 'Forfeit confirmed',
  refusedTitle: 'Forfeit refused',
} as const;

export function tooSoonMessage(minutes: number): string {
  return `A forfeit can be claimed ${minutes} minutes after the call`;
}

export function claimedBody(
  claimant: string,
  opponent: string,
  matchNumber: number,
  title: string,
  minutes: number,
): string {
  return `${claimant} claims Match ${matchNumber} of ${title} by forfeit: ${opponent} was not at the court ${minutes} minutes after the call. The host confirms or refuses it.`;
}

export function decidedBody(confirmed: boolean, claimant: string, matchNumber: number, title: string): string {
  return confirmed
    ? `${claimant} wins Match ${matchNumber} of ${title} by forfeit.`
    : `The forfeit claimed by ${claimant} in Match ${matchNumber} of ${title} was refused: the match is still to be played.`;
}

export type CourtsInput = z.infer<typeof courtsSchema>;

/** GET /api/tournaments/{id}/courts. */
export interface TournamentCourts {
  courts: string[];
  noShowMinutes: number;
}

/** A forfeit claim as its match's entrants, the host and admins see it. */
export interface ForfeitClaim {
  id: number;
  matchId: number;
  side: 'A' | 'B';
  claimant: string;
  claimedAt: string;
  state: 'pending' | 'confirmed' | 'refused';
}
