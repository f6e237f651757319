import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { freeText } from '../../lib/free-text.ts';
import { validationHook } from '../../lib/errors.ts';
import { requireAdmin, requireUser } from '../../middleware/require-auth.ts';
import { decodeQueueCursor } from './cursor.ts';
import {
  ACHIEVEMENTS_MIN,
  APPLICATION_OPTIONAL_MAX,
  APPLICATION_PAGE_SIZE,
  APPLICATION_REASON_MIN,
  APPLICATION_TEXT_MAX,
  MAX_APPLICATION_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
  REJECTION_REASON_MAX,
  VERIFICATION_MESSAGES as M,
} from './schema.ts';
import { applyForVerification, decideApplication, myApplications, pendingApplications } from './service.ts';

const required = (label: string, min: number, short: string, long: string) =>
  freeText({ label, multiline: true, error: short })
    .min(min, { error: short })
    .max(APPLICATION_TEXT_MAX, { error: long });
// Optional text: absent, null or blank is none.
const optional = (label: string, long: string) =>
  freeText({ label, multiline: true, error: long })
    .max(APPLICATION_OPTIONAL_MAX, { error: long })
    .nullish()
    .transform((text) => text || null);

const applySchema = z.object({
  applicationReason: required('Your reason', APPLICATION_REASON_MIN, M.applicationReason, M.applicationReasonTooLong),
  achievements: required('Achievements', ACHIEVEMENTS_MIN, M.achievements, M.achievementsTooLong),
  socialMedia: optional('Social media', M.socialMediaTooLong),
  teamAffiliations: optional('Team affiliations', M.teamAffiliationsTooLong),
  // 001 s7 sends `type`; the server decides it from the role (001 s2), so whatever arrives is not used.
  type: z.unknown().optional(),
});

const rejectSchema = z.object({
  reason: freeText({ label: 'The reason', multiline: true, error: M.rejectionReason })
    .min(1, { error: M.rejectionReason })
    .max(REJECTION_REASON_MAX, { error: M.rejectionReasonTooLong }),
});

const queueQuery = z.object({
  limit: z.coerce
    .number({ error: M.limit })
    .int({ error: M.limit })
    .min(1, { error: M.limit })
    .max(MAX_APPLICATION_PAGE_SIZE, { error: M.limit })
    .default(APPLICATION_PAGE_SIZE),
  cursor: z
    .string({ error: M.cursor })
    .transform((text, ctx) => decodeQueueCursor(text) ?? (ctx.addIssue({ code: 'custom', message: M.cursor }), z.NEVER))
    .optional(),
});

interface ApplicationEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { applicationId: number };
}

/** The application id of the path, or 404 for one no application can have. Runs after requireAdmin. */
const applicationId = createMiddleware<ApplicationEnv>(async (c, next) => {
  const raw = c.req.param('id') ?? '';
  if (!/^[1-9][0-9]{0,15}$/.test(raw) || !Number.isSafeInteger(Number(raw)))
    return c.json({ message: M.notFound }, 404);
  c.set('applicationId', Number(raw));
  await next();
});

/** /api/verification (001 s7, D11): members apply and read their own; admins (D6) read the queue and decide. */
export const verificationRoutes = new Hono<AppEnv>()
  .post('/apply', requireUser, zValidator('json', applySchema, validationHook), async (c) => {
    const { db, now } = c.var.deps;
    const { type: _ignored, ...fields } = c.req.valid('json');
    return c.json(await applyForVerification(db, c.var.user!.id, fields, now()), 201);
  })
  .get('/applications', requireUser, async (c) => c.json(await myApplications(c.var.deps.db, c.var.user!.id), 200))
  .get('/admin/applications', requireAdmin, zValidator('query', queueQuery, validationHook), async (c) => {
    const query = c.req.valid('query');
    const { applications, nextCursor } = await pendingApplications(c.var.deps.db, query);
    if (nextCursor) {
      const url = new URL(c.req.url);
      url.searchParams.set('cursor', nextCursor);
      c.header(NEXT_CURSOR_HEADER, nextCursor);
      c.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
    }
    return c.json(applications, 200);
  })
  .patch('/:id/approve', requireAdmin, applicationId, async (c) => {
    const { db, now } = c.var.deps;
    const decided = await decideApplication(db, {
      id: c.var.applicationId,
      actorId: c.var.user!.id,
      decision: { kind: 'approve' },
      now: now(),
    });
    return c.json(decided, 200);
  })
  .patch('/:id/reject', requireAdmin, applicationId, zValidator('json', rejectSchema, validationHook), async (c) => {
    const { db, now } = c.var.deps;
    const decided = await decideApplication(db, {
      id: c.var.applicationId,
      actorId: c.var.user!.id,
      decision: { kind: 'reject', reason: c.req.valid('json').reason },
      now: now(),
    });
    return c.json(decided, 200);
  });
