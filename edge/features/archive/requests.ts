import { z } from 'zod';
import { parseVideoLink } from '../../lib/video-links.ts';
import { divisionSlugs } from '../tournaments/schema.ts';
import {
  ARCHIVE_MESSAGES,
  ARCHIVE_PAGE_SIZE,
  isIsoDate,
  MAX_ARCHIVE_PAGE_SIZE,
  MAX_SEARCH_LENGTH,
} from './constants.ts';

const isoDate = z.string().refine(isIsoDate, { error: ARCHIVE_MESSAGES.date });
import { MAX_REPLAY_LENGTH } from './schema.ts';

// Request bodies and queries read by this feature's routes only: kept out of schema.ts, which the app imports, so
// the bundler does not ship zod schemas no screen uses to every client (ADR 069).

/** D29: the replay link is an https YouTube, Twitch or Vimeo video, or null to clear it. */
export const replaySchema = z.object({
  replayVideoUrl: z
    .string({ error: ARCHIVE_MESSAGES.replay })
    .trim()
    .max(MAX_REPLAY_LENGTH, { error: ARCHIVE_MESSAGES.replay })
    .refine((link) => parseVideoLink(link) !== null, { error: ARCHIVE_MESSAGES.replay })
    .nullable(),
});

/** GET /api/tournaments/archive's query (001 s7: search, division (omitted if all), startDate, endDate). */
export const archiveQuerySchema = z
  .object({
    search: z
      .string()
      .trim()
      .min(1, { error: ARCHIVE_MESSAGES.search })
      .max(MAX_SEARCH_LENGTH, { error: ARCHIVE_MESSAGES.search })
      .optional(),
    division: z.enum(divisionSlugs, { error: ARCHIVE_MESSAGES.division }).optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    limit: z.coerce
      .number({ error: ARCHIVE_MESSAGES.limit })
      .int({ error: ARCHIVE_MESSAGES.limit })
      .min(1, { error: ARCHIVE_MESSAGES.limit })
      .max(MAX_ARCHIVE_PAGE_SIZE, { error: ARCHIVE_MESSAGES.limit })
      .default(ARCHIVE_PAGE_SIZE),
    cursor: z.string().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.startDate && q.endDate && q.startDate > q.endDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: ARCHIVE_MESSAGES.dateOrder });
    }
  });
