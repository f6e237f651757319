import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireAdmin } from '../../middleware/require-auth.ts';
import { NEXT_CURSOR_HEADER, SPONSOR_TEXTS } from './schema.ts';
import { sponsorEditSchema, sponsorListQuerySchema, sponsorRejectSchema } from './requests.ts';
import { decideSponsor, editSponsor, setSponsorLogo, sponsorsPage } from './service.ts';
import { UPLOAD_FIELDS } from '../images/constants.ts';
import { receiveImage } from '../images/upload.ts';

const parseId = (text: string | undefined) => (text && /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : null);

/** /api/admin/sponsors: the Content tab's sponsor listings (D24), for league admins only (D6). */
export const adminSponsorRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get(
    '/',
    zValidator('query', sponsorListQuerySchema, (result, c) =>
      result.success ? undefined : validationError(result.error, c),
    ),
    async (c) => {
      const { status, limit, cursor } = c.req.valid('query');
      // The cursor is the id of the last listing seen (ids only grow; nothing is deleted from the admin's view).
      const afterId = cursor === undefined ? undefined : parseId(cursor);
      if (afterId === null) return c.json({ message: SPONSOR_TEXTS.cursor }, 400);
      const page = await sponsorsPage(c.var.deps.db, { status, limit, afterId });
      if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return c.json(page.sponsors, 200);
    },
  )
  .patch('/:id', jsonBody(sponsorEditSchema), async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return c.json({ message: SPONSOR_TEXTS.notFound }, 404);
    return c.json(
      await editSponsor(c.var.deps.db, c.var.deps.blobs, {
        id,
        edit: c.req.valid('json'),
        actorId: c.var.user.id,
        now: c.var.deps.now(),
      }),
      200,
    );
  })
  .post('/:id/upload-logo', async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return c.json({ message: SPONSOR_TEXTS.notFound }, 404);
    const received = await receiveImage(c, UPLOAD_FIELDS.logo);
    if (!received.ok) return received.response;
    const { db, blobs, now } = c.var.deps;
    return c.json(
      await setSponsorLogo(db, blobs, { id, image: received.image, actorId: c.var.user.id, now: now() }),
      200,
    );
  })
  .post('/:id/approve', async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return c.json({ message: SPONSOR_TEXTS.notFound }, 404);
    const { db, payments, now } = c.var.deps;
    return c.json(
      await decideSponsor(db, payments, { id, decision: 'approve', actorId: c.var.user.id, now: now() }),
      200,
    );
  })
  .post('/:id/hide', async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return c.json({ message: SPONSOR_TEXTS.notFound }, 404);
    const { db, payments, now } = c.var.deps;
    return c.json(await decideSponsor(db, payments, { id, decision: 'hide', actorId: c.var.user.id, now: now() }), 200);
  })
  .post('/:id/reject', jsonBody(sponsorRejectSchema), async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return c.json({ message: SPONSOR_TEXTS.notFound }, 404);
    const { db, payments, now } = c.var.deps;
    const { reason } = c.req.valid('json');
    return c.json(
      await decideSponsor(db, payments, { id, decision: 'reject', reason, actorId: c.var.user.id, now: now() }),
      200,
    );
  });
