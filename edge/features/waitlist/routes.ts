import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { validationHook } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { joinWaitlistSchema } from './requests.ts';
import { joinWaitlist, leaveWaitlist, listWaitlist, placeOf } from './service.ts';

const BAD_ID = 'Invalid id';
const tournamentParam = z.object({
  id: z.coerce.number({ error: BAD_ID }).int(BAD_ID).positive(BAD_ID).max(Number.MAX_SAFE_INTEGER, BAD_ID),
});

/** D42 under /api/tournaments: join, leave, the member's place, and the host's and admins' list. */
export const waitlistRoutes = new Hono<AppEnv>()
  .get('/:id/waitlist', requireUser, zValidator('param', tournamentParam, validationHook), async (c) => {
    const { db, config, now } = c.var.deps;
    const list = await listWaitlist(db, {
      tournamentId: c.req.valid('param').id,
      user: c.var.user!,
      leagueEmailDomain: config.leagueEmailDomain,
      now: now(),
    });
    return c.json(list, 200);
  })
  .get('/:id/waitlist/mine', requireUser, zValidator('param', tournamentParam, validationHook), async (c) => {
    const { db, now } = c.var.deps;
    return c.json(await placeOf(db, c.req.valid('param').id, c.var.user!.id, now()), 200);
  })
  .post(
    '/:id/waitlist',
    requireUser,
    zValidator('param', tournamentParam, validationHook),
    jsonBody(joinWaitlistSchema),
    async (c) => {
      const { db, config, now } = c.var.deps;
      const place = await joinWaitlist(db, {
        tournamentId: c.req.valid('param').id,
        user: c.var.user!,
        teamId: c.req.valid('json').teamId,
        now: now(),
        leagueEmailDomain: config.leagueEmailDomain,
      });
      return c.json(place, 200);
    },
  )
  .delete('/:id/waitlist', requireUser, zValidator('param', tournamentParam, validationHook), async (c) => {
    const { db, now } = c.var.deps;
    await leaveWaitlist(db, { tournamentId: c.req.valid('param').id, user: c.var.user!, now: now() });
    return c.body(null, 204);
  });
