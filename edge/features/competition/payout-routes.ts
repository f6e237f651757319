import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireAdmin } from '../../middleware/require-auth.ts';
import { adminPayoutsQuerySchema } from './money-schema.ts';
import { parseId } from './params.ts';
import { adminPayouts, decidePayout, PAYOUT_TEXTS } from './payouts.ts';
import { payoutDecisionSchema } from './requests.ts';

/** /api/admin/payouts: the payout ledger of D21 for league admins (D6). */
export const payoutRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get(
    '/',
    zValidator('query', adminPayoutsQuerySchema, (result, c) => (result.success ? undefined : validationError(result.error, c))),
    async (c) => c.json(await adminPayouts(c.var.deps.db, c.req.valid('query').tournamentId), 200),
  )
  .patch('/:id', jsonBody(payoutDecisionSchema), async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return c.json({ message: PAYOUT_TEXTS.notFound }, 404);
    const payout = await decidePayout(c.var.deps.db, {
      payoutId: id,
      decision: c.req.valid('json'),
      actorId: c.var.user.id,
      now: c.var.deps.now(),
    });
    return c.json(payout, 200);
  });
