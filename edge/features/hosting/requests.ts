import { z } from 'zod';
import { freeText } from '../../lib/free-text.ts';
import { REASON_REQUIRED_TEXT, REJECT_REASON_MAX } from './schema.ts';

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

/** PATCH /api/admin/tournaments/{id}/reject (001 s5): a trimmed, non-empty reason. */
export const rejectTournamentSchema = z.object({
  reason: freeText({ label: 'The reason', multiline: true, error: REASON_REQUIRED_TEXT })
    .min(1, { error: REASON_REQUIRED_TEXT })
    .max(REJECT_REASON_MAX, { error: `The reason must be at most ${REJECT_REASON_MAX} characters` }),
});
