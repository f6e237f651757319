import { z } from 'zod';
import { COURT_NAME_MAX } from '../competition/schema.ts';
import { COURTS_MAX, NO_SHOW_MINUTES } from './schema.ts';

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

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

/** POST .../forfeit-claims: the version of the match the claimant saw. */
export const forfeitClaimSchema = z.object({
  version: z.number({ error: 'Send the version of the match you saw' }).int().min(1).max(Number.MAX_SAFE_INTEGER),
});

/** POST .../forfeit-claims/{claimId}/decision: the host confirms or refuses. */
export const claimDecisionSchema = z.object({ confirm: z.boolean({ error: 'Confirm must be true or false' }) });
