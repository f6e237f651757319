import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { validationHook } from '../../lib/errors.ts';
import { NEXT_CURSOR_HEADER } from '../../lib/paging.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireAdmin, requireUser } from '../../middleware/require-auth.ts';
import { decodeIdCursor, decodeStartCursor, hostedBy, tournamentsByStatus } from './read.ts';
import { HOSTING_TEXTS as T, hostTournamentSchema, managerStatuses, type HostedTournament } from './schema.ts';
import { rejectTournamentSchema } from './requests.ts';
import {
  approveTournament,
  createTournament,
  editTournament,
  rejectTournament,
  submitHostedTournament,
} from './service.ts';

const CURSOR_MESSAGE = `Cursor must be the ${NEXT_CURSOR_HEADER} of an earlier page, unchanged`;
const LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 100';
const limit = z.coerce
  .number({ error: LIMIT_MESSAGE })
  .int({ error: LIMIT_MESSAGE })
  .min(1, { error: LIMIT_MESSAGE })
  .max(100, { error: LIMIT_MESSAGE });

const startCursor = z
  .string({ error: CURSOR_MESSAGE })
  .transform(
    (text, ctx) => decodeStartCursor(text) ?? (ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE }), z.NEVER),
  );
const idCursor = z
  .string({ error: CURSOR_MESSAGE })
  .transform(
    (text, ctx) => decodeIdCursor(text) ?? (ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE }), z.NEVER),
  );

const managerQuery = z.object({
  status: z.enum(managerStatuses, { error: `Status must be one of ${managerStatuses.join(', ')}` }).default('upcoming'),
  cursor: startCursor.optional(),
  limit: limit.default(25),
});
const pendingQuery = z.object({ cursor: startCursor.optional(), limit: limit.default(100) });
const mineQuery = z.object({ cursor: idCursor.optional(), limit: limit.default(50) });

function tournamentId(raw: string | undefined): number | null {
  return raw && /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : null;
}

/** 001 s6: hosting is for verified members (403 with a message; the screen shows its own gate first). */
const requireVerified = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user?.isVerified) return c.json({ message: T.verifiedOnly }, 403);
  await next();
});

/** /api/tournaments/host and /api/tournaments/hosted/mine: a verified member's submissions (D10, D32). */
export const hostingRoutes = new Hono<AppEnv>()
  .post('/host', requireUser, requireVerified, jsonBody(hostTournamentSchema), async (c) => {
    const { db, now } = c.var.deps;
    return c.json(await submitHostedTournament(db, c.var.user!, c.req.valid('json'), now()), 201);
  })
  // Every submission of the signed-in member with its status (pending, rejected with the reason, then the
  // tournament's own status), newest first: the verified dashboard's Hosted Tournaments tab reads it.
  .get('/hosted/mine', requireUser, zValidator('query', mineQuery, validationHook), async (c) => {
    const query = c.req.valid('query');
    const page = await hostedBy(c.var.deps.db, c.var.user!.id, query);
    return c.json(page, 200);
  });

/** /api/admin/...: pending approvals and the tournament manager (001 s2, s7; D10, D24). Every route is D6's. */
export const hostingAdminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  // 001 s7 answers a list; a page of it, soonest start first (those need a decision first), with the next page's
  // cursor in X-Next-Cursor as the tournament list does.
  .get('/pending-tournaments', zValidator('query', pendingQuery, validationHook), async (c) => {
    const page = await tournamentsByStatus(c.var.deps.db, { status: 'pending', ...c.req.valid('query') });
    if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return c.json<HostedTournament[]>(page.tournaments, 200);
  })
  .patch('/tournaments/:id/approve', async (c) => {
    const id = tournamentId(c.req.param('id'));
    if (id === null) return c.json({ message: T.notFound }, 404);
    const { db, now } = c.var.deps;
    return c.json(await approveTournament(db, c.var.user!.id, id, now()), 200);
  })
  .patch('/tournaments/:id/reject', jsonBody(rejectTournamentSchema), async (c) => {
    const id = tournamentId(c.req.param('id'));
    if (id === null) return c.json({ message: T.notFound }, 404);
    const { db, now } = c.var.deps;
    return c.json(await rejectTournament(db, c.var.user!.id, id, c.req.valid('json').reason, now()), 200);
  })
  // The manager's list (D24): one status at a time; finished ones most recent first.
  .get('/tournaments', zValidator('query', managerQuery, validationHook), async (c) => {
    const { status, cursor, limit: size } = c.req.valid('query');
    const newestFirst = status === 'completed' || status === 'cancelled';
    return c.json(await tournamentsByStatus(c.var.deps.db, { status, cursor, limit: size, newestFirst }), 200);
  })
  .post('/tournaments', jsonBody(hostTournamentSchema), async (c) => {
    const { db, now } = c.var.deps;
    return c.json(await createTournament(db, c.var.user!.id, c.req.valid('json'), now()), 201);
  })
  .patch('/tournaments/:id', jsonBody(hostTournamentSchema), async (c) => {
    const id = tournamentId(c.req.param('id'));
    if (id === null) return c.json({ message: T.notFound }, 404);
    const { db, now } = c.var.deps;
    return c.json(await editTournament(db, c.var.user!.id, id, c.req.valid('json'), now()), 200);
  });
