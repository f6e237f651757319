import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireAdmin, requireUser } from '../../middleware/require-auth.ts';
import { waiverLogQuerySchema, waiverSubmissionSchema } from './schema.ts';
import { assertMaySign, signWaiver, waiverLog, waiverStatus } from './service.ts';

/** /api/waivers: status, signing and the admin waiver log (D7, D8). */
export const waiverRoutes = new Hono<AppEnv>()
  .get('/status', requireUser, async (c) => c.json(await waiverStatus(c.var.deps.db, c.var.user!), 200))
  .post(
    '/',
    requireUser,
    // A fan hears why before any field message: no form would make the waiver theirs to sign.
    async (c, next) => {
      assertMaySign(c.var.user!);
      await next();
    },
    jsonBody(waiverSubmissionSchema),
    async (c) => {
      const { deps } = c.var;
      const signed = await signWaiver(deps.db, c.var.user!.id, c.req.valid('json'), {
        now: deps.now(),
        ipAddress: deps.clientIp?.(c) ?? null,
      });
      return c.json(signed, 201);
    },
  )
  .get(
    '/admin/all',
    requireAdmin,
    zValidator('query', waiverLogQuerySchema, (result, c) =>
      result.success ? undefined : validationError(result.error, c),
    ),
    async (c) => c.json(await waiverLog(c.var.deps.db, c.req.valid('query'), c.var.deps.now()), 200),
  );
