import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { decodePoolCursor } from './cursor.ts';
import {
  FREE_AGENCY_MESSAGES as M,
  FREE_AGENCY_PAGE_SIZE,
  FREE_AGENCY_SEARCH_MAX,
  FREE_AGENCY_SPORTS,
  FREE_AGENCY_VERIFIED,
  MAX_FREE_AGENCY_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
} from './schema.ts';
import { freeAgentsPage } from './service.ts';

const poolQuery = z.object({
  // An empty search box is no search.
  q: z
    .string({ error: M.search })
    .trim()
    .max(FREE_AGENCY_SEARCH_MAX, { error: M.search })
    .transform((text) => text || undefined)
    .optional(),
  sport: z.enum(FREE_AGENCY_SPORTS, { error: M.sport }).default('all'),
  verified: z.enum(FREE_AGENCY_VERIFIED, { error: M.verified }).default('all'),
  limit: z.coerce
    .number({ error: M.limit })
    .int({ error: M.limit })
    .min(1, { error: M.limit })
    .max(MAX_FREE_AGENCY_PAGE_SIZE, { error: M.limit })
    .default(FREE_AGENCY_PAGE_SIZE),
  cursor: z
    .string({ error: M.cursor })
    .transform((text, ctx) => decodePoolCursor(text) ?? (ctx.addIssue({ code: 'custom', message: M.cursor }), z.NEVER))
    .optional(),
});

/** /api/free-agency: the Free Agency Pool (000 s2, s6, s7). */
export const freeAgencyRoutes = new Hono<AppEnv>().get(
  '/',
  requireUser,
  // 000 s6: fans get the upgrade notice, not the list (ADR 028); players, owners (D37) and admins read it.
  async (c, next) => (c.var.user!.role === 'fan' ? c.json({ message: M.fansUpgrade }, 403) : next()),
  zValidator('query', poolQuery, (result, c) => (result.success ? undefined : validationError(result.error, c))),
  async (c) => {
    const query = c.req.valid('query');
    const { players, nextCursor } = await freeAgentsPage(c.var.deps.db, {
      search: query.q,
      sport: query.sport,
      verified: query.verified,
      limit: query.limit,
      cursor: query.cursor,
    });
    if (nextCursor) {
      const url = new URL(c.req.url);
      url.searchParams.set('cursor', nextCursor);
      c.header(NEXT_CURSOR_HEADER, nextCursor);
      c.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
    }
    return c.json(players, 200);
  },
);
