import { z } from 'zod';

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

/** POST /api/tournaments/{id}/waitlist: a team tournament names the team its owner puts in line (D22). */
export const joinWaitlistSchema = z.object({
  teamId: z.number({ error: 'Choose the team to put on the waitlist' }).int().positive().optional(),
});
