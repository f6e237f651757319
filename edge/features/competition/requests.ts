import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';
import { COURT_NAME_MAX } from './schema.ts';

// The bodies the competition's routes validate. Kept apart from schema.ts, which the app imports: a zod schema is
// built by calls the bundler cannot prove free of side effects, so every schema in a module the app imports from
// ships in the app whether a screen uses it or not (these are the server's alone).

const scoreField = z
  .number({ error: 'Scores must be whole numbers from 0 to 3' })
  .int({ error: 'Scores must be whole numbers from 0 to 3' })
  .min(0, { error: 'Scores must be whole numbers from 0 to 3' })
  .max(3, { error: 'Scores must be whole numbers from 0 to 3' });

const VERSION_MESSAGE = 'Send the version of the match you saw: reload the bracket and report the score again';

/** POST /api/tournaments/{id}/matches/{matchId}/result: report or correct (D20). */
export const reportScoreSchema = z.object({
  scoreA: scoreField,
  scoreB: scoreField,
  /** The match's `version` in the bracket the caller saw (D40): required, so no client overwrites blindly (ADR 052). */
  version: z
    .number({ error: VERSION_MESSAGE })
    .int({ error: VERSION_MESSAGE })
    .min(1, { error: VERSION_MESSAGE })
    .max(Number.MAX_SAFE_INTEGER, { error: VERSION_MESSAGE }),
  /** Ids of the later matches whose results the caller agrees to clear, exactly as the 409 named them. */
  confirm: z.array(z.number().int()).max(500).optional(),
});

/** PATCH /api/tournaments/{id}/matches/{matchId}: mark live (000 s3 status) or set the start time. */
export const matchPatchSchema = z
  .object({
    status: z.enum(['live', 'upcoming'], { error: 'Status must be live or upcoming' }).optional(),
    startTime: z.iso.datetime({ error: 'Start time must be an ISO date and time', offset: true }).nullable().optional(),
    /** D41: the court a call sends it to (one of the tournament's courts); null for none. */
    court: z
      .string({ error: "Choose one of this tournament's courts" })
      .trim()
      .min(1, { error: "Choose one of this tournament's courts" })
      .max(COURT_NAME_MAX, { error: "Choose one of this tournament's courts" })
      .nullable()
      .optional(),
  })
  .refine((v) => v.status !== undefined || v.startTime !== undefined || v.court !== undefined, {
    error: 'Nothing to change',
  });

/** POST /api/tournaments/{id}/withdraw: a registered player (before the start) or an entrant (during play). */
export const withdrawSchema = z.object({
  userId: z.string({ error: 'userId is required' }).min(1, { error: 'userId is required' }).max(100),
});

export const cancelTournamentSchema = z.object({
  reason: freeText({ label: 'The reason', multiline: true, error: 'A reason is required' })
    .min(3, { error: 'A reason is required' })
    .max(500, { error: 'The reason must be at most 500 characters' }),
});

export const mvpVoteSchema = z.object({
  playerId: z.string({ error: 'Select a Player' }).min(1, { error: 'Select a Player' }).max(100),
});

/** PATCH /api/admin/payouts/{id}: an admin records a payout paid (date, reference) or void (D21). */
export const payoutDecisionSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('paid'),
    paidAt: z.iso.date({ error: 'Paid date must be YYYY-MM-DD' }),
    reference: freeText({ label: 'The reference' }).min(1, { error: 'A reference is required' }).max(200),
  }),
  z.object({ status: z.literal('void'), reference: freeText({ label: 'The reference' }).max(200).optional() }),
]);
