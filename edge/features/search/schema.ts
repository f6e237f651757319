import { z } from 'zod';
import { MAX_QUERY_LENGTH, queryLength, SEARCH_TEXTS, searchFilters } from './constants.ts';

/** The query string of GET /api/search (D30), checked with zod; the constants and shapes live in constants.ts. */

const T = SEARCH_TEXTS;

/** The search box's rule, shared with the screen. */
export const searchQuerySchema = z
  .string({ error: T.queryRequired })
  .trim()
  .min(1, { error: T.queryRequired })
  .refine((q) => queryLength(q) <= MAX_QUERY_LENGTH, { error: T.queryTooLong });

/** GET /api/search's query string. */
export const searchParamsSchema = z.object({
  q: searchQuerySchema,
  filter: z.enum(searchFilters, { error: T.filter }).default('all'),
  cursor: z.string({ error: T.cursor }).optional(),
});
