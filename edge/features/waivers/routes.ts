import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { clientRequest, readClientId, readRequestHash, sendOnce } from '../../lib/client-request.ts';
import { requireSecrets } from '../../lib/config.ts';
import type { AppEnv } from '../../lib/context.ts';
import { validationError } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireAdmin, requireUser } from '../../middleware/require-auth.ts';
import { waiverLogQuerySchema } from './requests.ts';
import { waiverSubmissionSchema } from './schema.ts';
import { assertMaySign, SIGN_WAIVER_ENDPOINT, signWaiver, waiverLog, waiverStatus } from './service.ts';

/** /api/waivers: status, signing and the admin waiver log (D7, D8). */
export const waiverRoutes = new Hono<AppEnv>()
  .get('/status', requireUser, async (c) => c.json(await waiverStatus(c.var.deps.db, c.var.user!), 200))
  .post(
    '/',
    requireUser,
    // The offline outbox's replay answers its stored 201 before any check below (a later, stricter schema must not
    // turn a waiver already on file into a 400); a waiver queued by another account on the phone is refused 409.
    clientRequest(SIGN_WAIVER_ENDPOINT),
    // A fan hears why before any field message: no form would make the waiver theirs to sign.
    async (c, next) => {
      assertMaySign(c.var.user!);
      await next();
    },
    jsonBody(waiverSubmissionSchema),
    async (c) => {
      const { deps } = c.var;
      const answer = await signWaiver(deps.db, c.var.user!.id, c.req.valid('json'), {
        now: deps.now(),
        ipAddress: deps.clientIp?.(c) ?? null,
        clientId: readClientId(c),
        requestHash: readRequestHash(c),
        signingKey: requireSecrets(deps.config).waiverSigningKey,
      });
      // A replay from the offline outbox answers the original 201 with `Idempotent-Replayed: true`.
      return sendOnce(c, answer);
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
