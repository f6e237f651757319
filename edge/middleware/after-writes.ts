import type { MiddlewareHandler } from 'hono';

/** Only these writes can make a webhook event (a tournament's or a match's change, a Send Again). */
const MAY_MAKE_EVENTS = /^\/api\/(?:tournaments\/|v1\/|webhooks\/|admin\/tournaments\/)/;

/**
 * After a successful write: push what it queued (D28) and, where it may have made a webhook event, drain the webhook
 * queue (D44). A message, a payment or Stripe's own webhook never costs the webhook drain's query. On a Worker the
 * drains run in the request's waitUntil; Node simply lets them run on.
 */
export function drainAfterWrites(
  push: (() => Promise<unknown>) | null,
  webhooks: () => Promise<unknown>,
): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.res.status >= 400) return;
    const events = MAY_MAKE_EVENTS.test(c.req.path);
    if (!push && !events) return;
    const drained = Promise.all([
      push ? push().catch((error: unknown) => console.error('[push]', error)) : undefined,
      events ? webhooks().catch((error: unknown) => console.error('[webhooks]', error)) : undefined,
    ]);
    try {
      c.executionCtx.waitUntil(drained);
    } catch {
      // No execution context: the Node host.
    }
  };
}

/** D12: a GET of these paths runs the (throttled) tournament clock first. */
export const CLOCK_READ_PATHS = [
  '/api/tournaments',
  '/api/tournaments/*',
  '/api/v1/tournaments',
  '/api/v1/tournaments/*',
];

/** Runs `tick` before GETs (the tournament clock on read). */
export function tickOnRead(tick: () => Promise<unknown>): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET') await tick();
    await next();
  };
}
