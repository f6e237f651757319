import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { freeText } from '../../lib/free-text.ts';
import { validationError } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { NEXT_CURSOR_HEADER, TRANSFER_MESSAGES as M, TRANSFER_PAGE_SIZE, TRANSFER_REASON_MAX } from './schema.ts';
import { decideTransfer, listTransfers, submitTransfer, transferDestinations } from './service.ts';

const idPattern = /^[1-9][0-9]{0,15}$/;
const idOf = (raw: string) => (idPattern.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null);

const submitSchema = z.object({
  // 000 s5: optional; an empty reason is none.
  reason: freeText({ label: 'The reason', multiline: true, error: M.reason })
    .max(TRANSFER_REASON_MAX, { error: M.reason })
    .nullish()
    .transform((text) => text || null),
  // 000 s3: absent (or null) means free agency.
  toTeamId: z.number({ error: M.toTeamId }).int({ error: M.toTeamId }).positive({ error: M.toTeamId }).nullish(),
});
const decideSchema = z.object({ status: z.enum(['approved', 'rejected'], { error: M.status }) });
const listQuery = z.object({
  cursor: z
    .string({ error: M.cursor })
    .transform((text, ctx) => idOf(text) ?? (ctx.addIssue({ code: 'custom', message: M.cursor }), z.NEVER))
    .optional(),
});
const teamsQuery = z.object({
  q: z
    .string({ error: M.search })
    .trim()
    .max(60, { error: M.search })
    .transform((text) => text || undefined)
    .optional(),
});
const queryHook = (result: { success: boolean; error?: unknown }, c: Parameters<typeof validationError>[1]) =>
  result.success ? undefined : validationError(result.error as Parameters<typeof validationError>[0], c);

/** /api/transfers: the Transfer Portal (000 s2, s6, s7; D37). */
export const transferRoutes = new Hono<AppEnv>()
  .get('/', requireUser, zValidator('query', listQuery, queryHook), async (c) => {
    const { requests, nextCursor } = await listTransfers(c.var.deps.db, c.var.user!, {
      limit: TRANSFER_PAGE_SIZE,
      cursor: c.req.valid('query').cursor,
    });
    if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
    return c.json(requests, 200);
  })
  .get('/teams', requireUser, zValidator('query', teamsQuery, queryHook), async (c) =>
    c.json(await transferDestinations(c.var.deps.db, c.var.user!, c.req.valid('query').q), 200),
  )
  .post('/', requireUser, jsonBody(submitSchema), async (c) => {
    const body = c.req.valid('json');
    const request = await submitTransfer(c.var.deps.db, {
      user: c.var.user!,
      toTeamId: body.toTeamId ?? null,
      reason: body.reason,
      now: c.var.deps.now(),
    });
    return c.json(request, 201);
  })
  .patch('/:id', requireUser, jsonBody(decideSchema), async (c) => {
    const requestId = idOf(c.req.param('id'));
    if (requestId === null) return c.json({ message: M.notFound }, 404);
    const request = await decideTransfer(c.var.deps.db, {
      user: c.var.user!,
      requestId,
      decision: c.req.valid('json').status,
      now: c.var.deps.now(),
    });
    return c.json(request, 200);
  });
