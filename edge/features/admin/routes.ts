import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { readAuditLog } from '../../lib/audit.ts';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { requireAdmin } from '../../middleware/require-auth.ts';

const badCursor = { error: 'Cursor must be an entry id' };
const badLimit = { error: 'Limit must be 1 to 100' };
/** GET /api/admin/audit-log?cursor=&limit= */
const auditLogQuerySchema = z.object({
  cursor: z.coerce.number(badCursor).int(badCursor).positive(badCursor).optional(),
  limit: z.coerce.number(badLimit).int(badLimit).min(1, badLimit).max(100, badLimit).default(50),
});

/**
 * /api/admin/*: every route behind requireAdmin (D6: role AND league e-mail domain). The pending approvals and the
 * tournament manager are the hosting feature's (edge/features/hosting/routes.ts).
 */
export const adminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  // D24: the append-only audit log, newest first, paged by the id of the last entry seen.
  .get(
    '/audit-log',
    zValidator('query', auditLogQuerySchema, (result, c) => (result.success ? undefined : validationError(result.error, c))),
    async (c) => c.json(await readAuditLog(c.var.deps.db, c.req.valid('query')), 200),
  );
