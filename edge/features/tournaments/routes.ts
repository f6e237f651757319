import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { listQuery } from './requests.ts';
import { NEXT_CURSOR_HEADER, type Tournament } from './schema.ts';
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
