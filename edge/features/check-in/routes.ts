import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { validationHook } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { hostCheckInSchema } from './requests.ts';
import { doorEntrants, myEntryPasses } from './passes.ts';
import { checkInEntrant, checkInSelf } from './service.ts';

const BAD_ID = 'Invalid id';
const positiveId = z.coerce.number({ error: BAD_ID }).int(BAD_ID).positive(BAD_ID);
const tournamentParam = z.object({ id: positiveId });
const registrationParam = z.object({ id: positiveId, registrationId: positiveId });

/**
 * D39, check-in under /api/tournaments: the entrant's own (the Registration tab, the dashboard, the outbox) and the
 * host's or an admin's for an entrant (the door).
 */
export const checkInRoutes = new Hono<AppEnv>()
  // The door's entrant list (host and admins): saved on the door's device for checking in with no signal.
  .get('/:id/entrants', requireUser, zValidator('param', tournamentParam, validationHook), async (c) => {
    const { db, config } = c.var.deps;
    const list = await doorEntrants(db, {
      tournamentId: c.req.valid('param').id,
      user: c.var.user,
      leagueEmailDomain: config.leagueEmailDomain,
    });
    return c.json(list, 200);
  })
  .post('/:id/check-in', requireUser, zValidator('param', tournamentParam, validationHook), async (c) => {
    const { db, now } = c.var.deps;
    const answer = await checkInSelf(db, { tournamentId: c.req.valid('param').id, user: c.var.user, now: now() });
    return c.json(answer, 200);
  })
  .post(
    '/:id/registrations/:registrationId/check-in',
    requireUser,
    zValidator('param', registrationParam, validationHook),
    jsonBody(hostCheckInSchema),
    async (c) => {
      const { db, now, config } = c.var.deps;
      const { id, registrationId } = c.req.valid('param');
      const { scannedAt } = c.req.valid('json');
      const answer = await checkInEntrant(db, {
        tournamentId: id,
        registrationId,
        user: c.var.user,
        leagueEmailDomain: config.leagueEmailDomain,
        now: now(),
        scannedAt: scannedAt ? new Date(scannedAt) : undefined,
      });
      return c.json(answer, 200);
    },
  );

/** D39, /api/entry-passes: the signed-in member's QR entry passes (My Tickets). */
export const entryPassRoutes = new Hono<AppEnv>().get('/mine', requireUser, async (c) =>
  c.json(await myEntryPasses(c.var.deps.db, c.var.user.id), 200),
);
