import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { clientRequest, readClientId, readRequestHash, sendOnce } from '../../lib/client-request.ts';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { cursorPlain, cursorText, NEXT_CURSOR_HEADER } from '../../lib/paging.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireAdmin, requireUser } from '../../middleware/require-auth.ts';
import { DOOR_MESSAGES as M } from './schema.ts';
import { checkInSchema } from './requests.ts';
import {
  CHECK_IN_ENDPOINT,
  checkIn,
  conflictPage,
  doorTicketPage,
  doorTournament,
  doorTournaments,
} from './service.ts';

/** A keyset cursor over a row id: base64url of its digits. */
const idCursor = z
  .string()
  .transform((text, ctx) => {
    const plain = cursorPlain(text, 24);
    if (plain === null || !/^\d{1,15}$/.test(plain)) {
      ctx.addIssue({ code: 'custom', message: M.badCursor });
      return z.NEVER;
    }
    return Number(plain);
  })
  .optional();

const tournamentParam = z.object({
  id: z.coerce.number({ error: M.badTournament }).int(M.badTournament).positive(M.badTournament),
});
const hook = (result: { success: boolean; error?: unknown }, c: Parameters<typeof validationError>[1]) =>
  result.success ? undefined : validationError(result.error as Parameters<typeof validationError>[0], c);

function nextPage(c: { header: (name: string, value: string) => void; req: { url: string } }, lastId: number | null) {
  if (lastId === null) return;
  const cursor = cursorText(String(lastId));
  const url = new URL(c.req.url);
  url.searchParams.set('cursor', cursor);
  c.header(NEXT_CURSOR_HEADER, cursor);
  c.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
}

/**
 * /api/door (D26): the door screen's calls. Admins (D6) run every tournament's door, a host their own; everyone
 * else is refused (401 signed out, 403 otherwise). The conflict list is for admins only.
 */
export const doorRoutes = new Hono<AppEnv>()
  .get('/tournaments', requireUser, async (c) => {
    const { db, config } = c.var.deps;
    return c.json(await doorTournaments(db, c.var.user, config.leagueEmailDomain), 200);
  })
  .get(
    '/tournaments/:id/tickets',
    requireUser,
    zValidator('param', tournamentParam, hook),
    zValidator('query', z.object({ cursor: idCursor }), hook),
    async (c) => {
      const { db, config } = c.var.deps;
      const { id } = c.req.valid('param');
      await doorTournament(db, c.var.user, id, config.leagueEmailDomain);
      const page = await doorTicketPage(db, id, c.req.valid('query').cursor ?? null);
      nextPage(c, page.lastId);
      return c.json(page.tickets, 200);
    },
  )
  // Outbox-backed (D16): a check-in made with no signal is sent once the connection returns; a replay answers
  // from its receipt, one queued by another account is refused 409.
  .post(
    '/tournaments/:id/check-ins',
    requireUser,
    zValidator('param', tournamentParam, hook),
    clientRequest(CHECK_IN_ENDPOINT),
    jsonBody(checkInSchema),
    async (c) => {
      const { db, config, now } = c.var.deps;
      const answer = await checkIn(db, c.req.valid('json'), {
        user: c.var.user,
        tournamentId: c.req.valid('param').id,
        now: now(),
        leagueEmailDomain: config.leagueEmailDomain,
        clientId: readClientId(c),
        requestHash: readRequestHash(c),
      });
      return sendOnce(c, answer);
    },
  )
  .get(
    '/conflicts',
    requireAdmin,
    zValidator(
      'query',
      z.object({
        cursor: idCursor,
        tournamentId: z.coerce
          .number({ error: M.badTournament })
          .int(M.badTournament)
          .positive(M.badTournament)
          .optional(),
      }),
      hook,
    ),
    async (c) => {
      const query = c.req.valid('query');
      const page = await conflictPage(c.var.deps.db, {
        tournamentId: query.tournamentId,
        beforeId: query.cursor ?? null,
      });
      nextPage(c, page.lastId);
      return c.json(page.conflicts, 200);
    },
  );
