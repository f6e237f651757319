import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { supportRequestSchema } from './requests.ts';
import { sendSupportRequest } from './service.ts';

/** /api/support (D17): a member's message to the league admins. */
export const supportRoutes = new Hono<AppEnv>().post('/', requireUser, jsonBody(supportRequestSchema), async (c) => {
  const { db, now, config } = c.var.deps;
  const sent = await sendSupportRequest(db, c.var.user!, c.req.valid('json'), {
    now: now(),
    leagueEmailDomain: config.leagueEmailDomain,
  });
  return c.json(sent, 201);
});
