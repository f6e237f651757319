import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { INVITE_MESSAGES as M } from './schema.ts';
import { answerInvite, createInvite, listInvites } from './service.ts';

const createSchema = z.object({
  teamId: z.number({ error: M.teamId }).int({ error: M.teamId }).positive({ error: M.teamId }),
  playerId: z.string({ error: M.playerId }).min(1, { error: M.playerId }).max(64, { error: M.playerId }),
});
const answerSchema = z.object({ status: z.enum(['accepted', 'declined'], { error: M.status }) });

function inviteIdOf(raw: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}

/** /api/team-invites: owners invite free agents; players accept or decline (issue 13, D15, D37). */
export const teamInviteRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await listInvites(c.var.deps.db, c.var.user!, c.var.deps.now()), 200))
  .post('/', requireUser, jsonBody(createSchema), async (c) => {
    const body = c.req.valid('json');
    const invite = await createInvite(c.var.deps.db, {
      owner: c.var.user!,
      teamId: body.teamId,
      playerId: body.playerId,
      now: c.var.deps.now(),
    });
    return c.json(invite, 201);
  })
  .patch('/:id', requireUser, jsonBody(answerSchema), async (c) => {
    const inviteId = inviteIdOf(c.req.param('id'));
    if (inviteId === null) return c.json({ message: M.notFound }, 404);
    const invite = await answerInvite(c.var.deps.db, {
      user: c.var.user!,
      inviteId,
      answer: c.req.valid('json').status,
      now: c.var.deps.now(),
    });
    return c.json(invite, 200);
  });
