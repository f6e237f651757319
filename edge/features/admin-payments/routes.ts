import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireAdmin } from '../../middleware/require-auth.ts';
import { decodeTimeCursor } from '../../lib/time-cursor.ts';
import { ADMIN_PAYMENT_TEXTS, NEXT_CURSOR_HEADER } from './schema.ts';
import { adminPaymentsQuerySchema } from './requests.ts';
import { refundRequestSchema } from './requests.ts';
import { adminPaymentsPage, refundPayment } from './service.ts';

const parseId = (text: string) => (/^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : null);

/** /api/admin/payments: the admin Payments tab (D24) for league admins only (D6). */
export const adminPaymentRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get(
    '/',
    zValidator('query', adminPaymentsQuerySchema, (result, c) =>
      result.success ? undefined : validationError(result.error, c),
    ),
    async (c) => {
      const { cursor: cursorText, ...query } = c.req.valid('query');
      const cursor = cursorText === undefined ? undefined : decodeTimeCursor(cursorText);
      if (cursor === null) return c.json({ message: ADMIN_PAYMENT_TEXTS.cursor }, 400);
      const page = await adminPaymentsPage(c.var.deps.db, { ...query, cursor });
      if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
      return c.json(page.payments, 200);
    },
  )
  .post('/:id/refund', jsonBody(refundRequestSchema), async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return c.json({ message: ADMIN_PAYMENT_TEXTS.notFound }, 404);
    const { db, payments, now } = c.var.deps;
    const payment = await refundPayment(db, payments, {
      paymentId: id,
      reason: c.req.valid('json').reason,
      actorId: c.var.user.id,
      now: now(),
    });
    return c.json(payment, 200);
  });
