import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { validationHook } from '../../lib/errors.ts';
import { requireAdmin, requireUser } from '../../middleware/require-auth.ts';
import { EVENT_MESSAGES, RSVP_MESSAGES as M, VERIFIED_ONLY_MESSAGE, eventSchema, rsvpSchema } from './schema.ts';
import { adminRsvps, createEvent, currentEvent, editEvent, eventView, rsvpPage, submitRsvp } from './service.ts';

/** 001 s6, D25: the RSVP form is for verified members; everyone else gets the gate message (403). */
const requireVerified = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.user!.isVerified) return c.json({ message: VERIFIED_ONLY_MESSAGE }, 403);
  await next();
});

/** /api/media-day (001 s7): the event for the info page, and the member's RSVP. */
export const mediaDayRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    const event = await currentEvent(c.var.deps.db);
    return c.json({ event: event ? eventView(event, c.var.deps.now()) : null }, 200);
  })
  .get('/rsvp', requireUser, requireVerified, async (c) =>
    c.json(await rsvpPage(c.var.deps.db, c.var.user!.id, c.var.deps.now()), 200),
  )
  .post('/rsvp', requireUser, requireVerified, zValidator('json', rsvpSchema, validationHook), async (c) => {
    const result = await submitRsvp(c.var.deps.db, c.var.user!.id, c.req.valid('json'), c.var.deps.now());
    switch (result.kind) {
      case 'no-event':
        return c.json({ message: M.noEvent }, 404);
      case 'closed':
        return c.json({ message: M.closed }, 409);
      case 'not-your-team':
        return c.json({ message: M.team, errors: { teamId: [M.team] } }, 400);
      case 'created':
        return c.json(result.rsvp, 201);
      case 'updated':
        return c.json(result.rsvp, 200);
    }
  });

const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).positive({ error: message });
const listQuery = z.object({
  eventId: positiveId('eventId must be an event id').optional(),
  cursor: positiveId('Cursor must be an RSVP id').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be 1 to 500' })
    .int({ error: 'Limit must be 1 to 500' })
    .min(1, { error: 'Limit must be 1 to 500' })
    .max(500, { error: 'Limit must be 1 to 500' })
    .default(100),
});

/** GET /api/admin/media-day-rsvps (001 s7, D6): every RSVP of a Media Day, for admins. */
export const adminRsvpRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', zValidator('query', listQuery, validationHook), async (c) => {
    const list = await adminRsvps(c.var.deps.db, c.req.valid('query'), c.var.deps.now());
    if (!list) return c.json({ message: EVENT_MESSAGES.notFound }, 404);
    return c.json(list, 200);
  });

const idParam = z.object({ id: positiveId(EVENT_MESSAGES.notFound) });

/** /api/admin/media-day-events (D25): admins schedule and edit the event record. Audited with before and after. */
export const adminEventRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .post('/', zValidator('json', eventSchema, validationHook), async (c) =>
    c.json(await createEvent(c.var.deps.db, c.var.user!.id, c.req.valid('json'), c.var.deps.now()), 201),
  )
  // The whole record each time (the edit form sends every field).
  .patch(
    '/:id',
    zValidator('param', idParam, (result, c) =>
      result.success ? undefined : c.json({ message: EVENT_MESSAGES.notFound }, 404),
    ),
    zValidator('json', eventSchema, validationHook),
    async (c) => {
      const { db, now } = c.var.deps;
      const event = await editEvent(db, c.var.user!.id, c.req.valid('param').id, c.req.valid('json'), now());
      if (!event) return c.json({ message: EVENT_MESSAGES.notFound }, 404);
      return c.json(event, 200);
    },
  );
