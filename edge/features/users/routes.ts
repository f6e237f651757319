import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { toCurrentUser } from '../../lib/current-user.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { profileCompletionSchema } from './schema.ts';
import { completeProfile } from './service.ts';

export const userRoutes = new Hono<AppEnv>().patch(
  '/profile',
  requireUser,
  jsonBody(profileCompletionSchema),
  async (c) => {
    const { db, now, config } = c.var.deps;
    // D34's role rules and the audit entry live in the service; a refusal is a 403 or 409 with its reason.
    const updated = await completeProfile(db, c.var.user!.id, c.req.valid('json'), now());
    return c.json(toCurrentUser(updated, config.leagueEmailDomain), 200);
  },
);
