import { Hono } from 'hono';
import { adminFlags } from '../../lib/admin.ts';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { cancelTournament, CANCEL_TEXTS } from './cancel.ts';
import { parseId } from './params.ts';
import { cancelTournamentSchema } from './requests.ts';

/** /api/tournaments/{id}/cancel (D33): an admin, or the host before the start, cancels with a reason. */
export const cancelRoutes = new Hono<AppEnv>().post('/:id/cancel', requireUser, jsonBody(cancelTournamentSchema), async (c) => {
  const id = parseId(c.req.param('id'));
  if (id === null) return c.json({ message: CANCEL_TEXTS.notFound }, 404);
  const { db, payments, config, now } = c.var.deps;
  const result = await cancelTournament(db, payments, {
    tournamentId: id,
    reason: c.req.valid('json').reason,
    actor: { id: c.var.user.id, isAdmin: adminFlags(c.var.user, config.leagueEmailDomain).isAdmin },
    now: now(),
  });
  return c.json(result, 200);
});
