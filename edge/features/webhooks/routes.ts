import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { fail } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import type { AddressPolicy } from './address.ts';
import { createEndpointSchema } from './requests.ts';
import { WEBHOOK_MESSAGES as M } from './schema.ts';
import { createEndpoint, deleteEndpoint, deliveryLog, enableEndpoint, listEndpoints, resend } from './service.ts';

function idOf(raw: string | undefined, notFound: string): number {
  if (!raw || !/^[1-9][0-9]{0,14}$/.test(raw)) fail(404, notFound);
  return Number(raw);
}

/** Where deliveries may go (D44): loopback only when the league itself runs on localhost. */
export function addressPolicy(publicUrl: string, resolve?: AddressPolicy['resolve']): AddressPolicy {
  const host = new URL(publicUrl).hostname;
  return { allowLoopback: host === 'localhost' || host === '127.0.0.1', resolve };
}

const policyOf = (deps: AppEnv['Variables']['deps']) => addressPolicy(deps.config.publicUrl, deps.resolveHost);

/** /api/webhooks: a host's or admin's endpoints (D44), their delivery log and Send Again. */
export const webhookRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await listEndpoints(c.var.deps.db, c.var.user.id), 200))
  .post('/', requireUser, jsonBody(createEndpointSchema), async (c) => {
    const { db, now, config } = c.var.deps;
    const ctx = {
      user: c.var.user,
      leagueEmailDomain: config.leagueEmailDomain,
      now: now(),
      policy: policyOf(c.var.deps),
    };
    return c.json(await createEndpoint(db, c.req.valid('json'), ctx), 201);
  })
  .delete('/:id', requireUser, async (c) => {
    await deleteEndpoint(c.var.deps.db, c.var.user.id, idOf(c.req.param('id'), M.notFound));
    return c.json({ deleted: true }, 200);
  })
  .post('/:id/enable', requireUser, async (c) =>
    c.json(await enableEndpoint(c.var.deps.db, c.var.user.id, idOf(c.req.param('id'), M.notFound)), 200),
  )
  .get('/:id/deliveries', requireUser, async (c) => {
    const before = c.req.query('before');
    const id = idOf(c.req.param('id'), M.notFound);
    const log = await deliveryLog(
      c.var.deps.db,
      c.var.user.id,
      id,
      before && /^\d+$/.test(before) ? Number(before) : undefined,
    );
    return c.json(log, 200);
  })
  .post('/:id/deliveries/:deliveryId/resend', requireUser, async (c) => {
    const id = idOf(c.req.param('id'), M.notFound);
    await resend(c.var.deps.db, c.var.user.id, id, idOf(c.req.param('deliveryId'), M.deliveryNotFound));
    return c.json({ queued: true }, 201);
  });
