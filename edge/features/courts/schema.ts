import { z } from 'zod';
import { COURT_NAME_MAX } from '../competition/schema.ts';

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

const courtName = z
  .string({ error: 'Court names must be text' })
  .trim()
  .min(1, { error: 'Court names cannot be empty' })
  .max(COURT_NAME_MAX, { error: `Court names must be ${COURT_NAME_MAX} characters or fewer` });

/** PUT /api/tournaments/{id}/courts: the host's list of courts and the no-show time (5-30 minutes, default 10). */
export const courtsSchema = z.object({
  courts: z
    .array(courtName, { error: 'Courts must be a list of names' })
    .max(COURTS_MAX, { error: `A tournament can list up to ${COURTS_MAX} courts` })
    .refine((list) => new Set(list.map((c) => c.toLowerCase())).size === list.length, {
      error: 'Each court needs its own name',
    }),
  noShowMinutes: z
    .number({ error: `The no-show time must be ${NO_SHOW_MINUTES.min} to ${NO_SHOW_MINUTES.max} minutes` })
    .int({ error: `The no-show time must be ${NO_SHOW_MINUTES.min} to ${NO_SHOW_MINUTES.max} minutes` })
    .min(NO_SHOW_MINUTES.min, {
      error: `The no-show time must be ${NO_SHOW_MINUTES.min} to ${NO_SHOW_MINUTES.max} minutes`,
    })
    .max(NO_SHOW_MINUTES.max, {
      error: `The no-show time must be ${NO_SHOW_MINUTES.min} to ${NO_SHOW_MINUTES.max} minutes`,
    }),
});
export type CourtsInput = z.infer<typeof courtsSchema>;

/** POST .../forfeit-claims: the version of the match the claimant saw. */
export const forfeitClaimSchema = z.object({
  version: z.number({ error: 'Send the version of the match you saw' }).int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** POST .../forfeit-claims/{claimId}/decision: the host confirms or refuses. */
export const claimDecisionSchema = z.object({ confirm: z.boolean({ error: 'Confirm must be true or false' }) });

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
