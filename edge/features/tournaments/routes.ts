import { zValidator } from '@hono/zod-validator';
import { Hono, type Context, type TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { divisionSlugs, type Tournament } from './schema.ts';
import {
  getTournamentJson,
  listTournamentsJson,
  myRegistrations,
  nextTournament,
  parseTournamentId,
  tournamentRegistrationsOf,
  tournamentSponsorsOf,
} from './service.ts';

const NOT_FOUND = { message: 'Tournament not found' } as const;

/** Sends JSON text the service built (in SQLite) with the type `c.json` of a `T` would give the typed client. */
function jsonText<T>(c: Context, text: string) {
  const res: Response = c.body(text, 200, { 'content-type': 'application/json' });
  return res as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}

const listQuery = z.object({
  status: z.enum(['upcoming', 'live', 'completed'], { error: 'Status must be upcoming, live or completed' }).optional(),
  division: z.enum(divisionSlugs, { error: `Division must be one of ${divisionSlugs.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a whole number from 1 to 500' })
    .int({ error: 'Limit must be a whole number from 1 to 500' })
    .min(1, { error: 'Limit must be a whole number from 1 to 500' })
    .max(500, { error: 'Limit must be a whole number from 1 to 500' })
    .optional(),
  offset: z.coerce
    .number({ error: 'Offset must be a whole number of 0 or more' })
    .int({ error: 'Offset must be a whole number of 0 or more' })
    .min(0, { error: 'Offset must be a whole number of 0 or more' })
    .optional(),
});

/** /api/tournaments: the public tournament list, the next tournament and each listed tournament's pages. */
export const tournamentRoutes = new Hono<AppEnv>()
  .get(
    '/',
    zValidator('query', listQuery, (result, c) => (result.success ? undefined : validationError(result.error, c))),
    async (c) => jsonText<Tournament[]>(c, await listTournamentsJson(c.var.deps.db, { ...c.req.valid('query'), now: c.var.deps.now() })),
  )
  // Declared before '/:id' so "next" is never read as an id.
  .get('/next', async (c) => c.json(await nextTournament(c.var.deps.db, c.var.deps.now()), 200))
  .get('/:id', async (c) => {
    const id = parseTournamentId(c.req.param('id'));
    const tournament = id === null ? null : await getTournamentJson(c.var.deps.db, id, c.var.deps.now());
    if (!tournament) return c.json(NOT_FOUND, 404);
    return jsonText<Tournament>(c, tournament);
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
