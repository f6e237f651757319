import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { decodeCursor } from './cursor.ts';
import {
  divisionSlugs,
  listRankOf,
  MAX_TOURNAMENT_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
  TOURNAMENT_PAGE_SIZE,
  type Tournament,
} from './schema.ts';
import {
  myRegistrations,
  nextTournament,
  parseTournamentId,
  tournamentRegistrationsOf,
  tournamentSponsorsOf,
} from './service.ts';
import { getTournamentJson, listTournamentsPage } from './tournament-query.ts';
import { taggedJsonText } from '../../lib/etag.ts';

const NOT_FOUND = { message: 'Tournament not found' } as const;

const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${MAX_TOURNAMENT_PAGE_SIZE}`;
const CURSOR_MESSAGE = `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`;

const listQuery = z
  .object({
    status: z.enum(['upcoming', 'live', 'completed'], { error: 'Status must be upcoming, live or completed' }).optional(),
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
      .transform((text, ctx) => decodeCursor(text) ?? (ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE }), z.NEVER))
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

/** The URL of the next page: this request's, with the cursor replaced (RFC 8288 `Link: <...>; rel="next"`). */
function nextPageUrl(requestUrl: string, cursor: string): string {
  const url = new URL(requestUrl);
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}

/** /api/tournaments: the public tournament list, the next tournament and each listed tournament's pages. */
export const tournamentRoutes = new Hono<AppEnv>()
  .get(
    '/',
    zValidator('query', listQuery, (result, c) => (result.success ? undefined : validationError(result.error, c))),
    async (c) => {
      // A page, never the whole list (ADR 025): at most `limit` (TOURNAMENT_PAGE_SIZE by default), the next page's
      // cursor in X-Next-Cursor and a Link header; the body stays the contract's Tournament[].
      const page = await listTournamentsPage(c.var.deps.db, { ...c.req.valid('query'), now: c.var.deps.now() });
      if (page.nextCursor) {
        c.header(NEXT_CURSOR_HEADER, page.nextCursor);
        c.header('Link', `<${nextPageUrl(c.req.url, page.nextCursor)}>; rel="next"`);
      }
      return taggedJsonText<Tournament[]>(c, page.json);
    },
  )
  // Declared before '/:id' so "next" is never read as an id.
  .get('/next', async (c) => c.json(await nextTournament(c.var.deps.db, c.var.deps.now()), 200))
  .get('/:id', async (c) => {
    const id = parseTournamentId(c.req.param('id'));
    const tournament = id === null ? null : await getTournamentJson(c.var.deps.db, id, c.var.deps.now());
    if (!tournament) return c.json(NOT_FOUND, 404);
    return taggedJsonText<Tournament>(c, tournament);
  })
  .get('/:id/registrations', async (c) => {
    const id = parseTournamentId(c.req.param('id'));
    const registrations = id === null ? null : await tournamentRegistrationsOf(c.var.deps.db, id, c.var.deps.now());
    if (!registrations) return c.json(NOT_FOUND, 404);
    return c.json(registrations, 200);
  })
  .get('/:id/sponsors', async (c) => {
    const id = parseTournamentId(c.req.param('id'));
    const list = id === null ? null : await tournamentSponsorsOf(c.var.deps.db, id);
    if (!list) return c.json(NOT_FOUND, 404);
    return c.json(list, 200);
  });

/** /api/tournament-registrations: the signed-in user's own registrations. */
export const tournamentRegistrationRoutes = new Hono<AppEnv>().get('/my-registrations', requireUser, async (c) =>
  c.json(await myRegistrations(c.var.deps.db, c.var.user!.id, c.var.deps.now()), 200),
);
