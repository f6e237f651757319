import { z } from 'zod';
import { waiverDateRanges } from './constants.ts';

// The admin waiver log's query: the server's alone, kept out of schema.ts, which the app imports for the waiver form
// (ADR 069).

/** Query of GET /api/waivers/admin/all; every filter optional. */
export const waiverLogQuerySchema = z.object({
  search: z.string().trim().max(200, { error: 'Search must be at most 200 characters' }).optional(),
  range: z.enum(waiverDateRanges, { error: 'Range must be all, today, week, month or year' }).optional(),
  type: z
    .enum(['all', 'liability', 'media_release', 'code_of_conduct'], {
      error: 'Type must be all, liability, media_release or code_of_conduct',
    })
    .optional(),
});
