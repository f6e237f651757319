import { z } from 'zod';
import { decodeCursor } from './cursor.ts';
import {
  divisionSlugs,
  listRankOf,
  MAX_TOURNAMENT_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
  TOURNAMENT_PAGE_SIZE,
} from './schema.ts';

// Queries read by the server alone (the app's list and the public API's), kept out of schema.ts, which the app
// imports (ADR 069).

const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${MAX_TOURNAMENT_PAGE_SIZE}`;
const CURSOR_MESSAGE = `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`;

/** GET /api/tournaments and /api/v1/tournaments: filters and paging (ADR 025). */
export const listQuery = z
  .object({
    status: z
      .enum(['upcoming', 'live', 'completed'], { error: 'Status must be upcoming, live or completed' })
      .optional(),
    division: z.enum(divisionSlugs, { error: `Division must be one of ${divisionSlugs.join(', ')}` }).optional(),
    limit: z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int({ error: LIMIT_MESSAGE })
      .min(1, { error: LIMIT_MESSAGE })
      .max(MAX_TOURNAMENT_PAGE_SIZE, { error: LIMIT_MESSAGE })
      .default(TOURNAMENT_PAGE_SIZE),
    offset: z.coerce
      .number({ error: 'Offset must be a whole number of 0 or more' })
      .int({ error: 'Offset must be a whole number of 0 or more' })
      .min(0, { error: 'Offset must be a whole number of 0 or more' })
      .optional(),
    cursor: z
      .string({ error: CURSOR_MESSAGE })
      .transform(
        (text, ctx) => decodeCursor(text) ?? (ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE }), z.NEVER),
      )
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (query.cursor && query.offset !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['offset'], message: 'Offset cannot be combined with a cursor' });
    }
    // A cursor carries its row's status: one from another filter's list would silently start elsewhere.
    if (query.cursor && query.status && listRankOf(query.status) !== query.cursor.rank) {
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'Cursor belongs to another status filter' });
    }
  });
