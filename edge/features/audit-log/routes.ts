import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { decodeTimeCursor } from '../../lib/time-cursor.ts';
import { requireAdmin } from '../../middleware/require-auth.ts';
import { AUDIT_TEXTS, NEXT_CURSOR_HEADER } from './schema.ts';
import { auditQuerySchema } from './requests.ts';
import { auditPage } from './service.ts';

/** /api/admin/audit: the audit log admins read (D24), filtered by target and action, for league admins only (D6). */
export const adminAuditRoutes = new Hono<AppEnv>().use('*', requireAdmin).get(
  '/',
  zValidator('query', auditQuerySchema, (result, c) => (result.success ? undefined : validationError(result.error, c))),
  async (c) => {
    const { cursor: text, ...query } = c.req.valid('query');
    const cursor = text === undefined ? undefined : decodeTimeCursor(text);
    if (cursor === null) return c.json({ message: AUDIT_TEXTS.cursor }, 400);
    const page = await auditPage(c.var.deps.db, { ...query, cursor });
    if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
    return c.json(page.entries, 200);
  },
);
