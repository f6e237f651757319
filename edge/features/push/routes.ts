import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { validationHook } from '../../lib/errors.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { PUSH_TEXTS } from './schema.ts';
import { subscribeSchema } from './requests.ts';
import { listDevices, removeDevice, removeEndpoint, subscribe } from './service.ts';

/** /api/push (D28): the VAPID key, and the member's devices that receive notifications. */
export const pushRoutes = new Hono<AppEnv>()
  .get('/public-key', (c) => {
    const push = c.var.deps.config.push;
    if (!push) return c.json({ message: PUSH_TEXTS.notConfigured }, 503);
    return c.json({ publicKey: push.publicKey }, 200);
  })
  .post('/subscriptions', requireUser, zValidator('json', subscribeSchema, validationHook), async (c) => {
    const { db, config, now, pushHosts } = c.var.deps;
    if (!config.push) return c.json({ message: PUSH_TEXTS.notConfigured }, 503);
    const saved = await subscribe(db, { userId: c.var.user!.id, sessionId: c.var.session!.id }, c.req.valid('json'), {
      now: now(),
      hosts: pushHosts,
    });
    return c.json(saved, 201);
  })
  .get('/subscriptions', requireUser, async (c) =>
    c.json(await listDevices(c.var.deps.db, c.var.user!.id, c.var.session!.id), 200),
  )
  // This browser turns notifications off: its endpoint, as its PushSubscription knows it.
  .delete('/subscriptions', requireUser, async (c) => {
    const endpoint = c.req.query('endpoint');
    if (!endpoint) return c.json({ message: PUSH_TEXTS.notFound }, 404);
    const removed = await removeEndpoint(c.var.deps.db, c.var.user!.id, endpoint);
    if (removed === 0) return c.json({ message: PUSH_TEXTS.notFound }, 404);
    return c.json({ success: true }, 200);
  })
  .delete('/subscriptions/:id{[0-9]{1,15}}', requireUser, async (c) => {
    await removeDevice(c.var.deps.db, c.var.user!.id, Number(c.req.param('id')));
    return c.json({ success: true }, 200);
  });
