import { reportScoreSchema } from '../competition/requests.ts';

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

/** POST /api/tournaments/{id}/matches/{matchId}/score-reports: the score as the player saw it, and the version. */
export const playerReportSchema = reportScoreSchema.omit({ confirm: true });

/** POST /api/tournaments/{id}/matches/{matchId}/dispute: the version of the match the player saw. */
export const disputeSchema = reportScoreSchema.pick({ version: true });
