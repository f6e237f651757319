import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireAdmin, requireUser } from '../../middleware/require-auth.ts';
import { castMvpVote, mvpPlayers, mvpResults, MVP_TEXTS, myMvpVote } from './mvp.ts';
import { parseId } from './params.ts';
import { type MyMvpVote } from './schema.ts';
import { mvpVoteSchema } from './requests.ts';

const NOT_FOUND = { message: MVP_TEXTS.notFound } as const;

/** /api/tournaments/{id}/...: MVP voting (000 s7). Mounted beside the tournament routes. */
export const mvpRoutes = new Hono<AppEnv>()
  .get('/:id/players', async (c) => {
    const id = parseId(c.req.param('id'));
    const players = id === null ? null : await mvpPlayers(c.var.deps.db, id);
    if (!players) return c.json(NOT_FOUND, 404);
    return c.json(players, 200);
  })
  .get('/:id/my-mvp-vote', requireUser, async (c) => {
    const id = parseId(c.req.param('id'));
    const vote = id === null ? null : await myMvpVote(c.var.deps.db, id, c.var.user.id);
    if (!vote) return c.json(NOT_FOUND, 404);
    return c.json(vote, 200);
  })
  .post('/:id/mvp-vote', requireUser, jsonBody(mvpVoteSchema), async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return c.json(NOT_FOUND, 404);
    await castMvpVote(c.var.deps.db, {
      tournamentId: id,
      voterId: c.var.user.id,
      playerId: c.req.valid('json').playerId,
      now: c.var.deps.now(),
    });
    return c.json({ hasVoted: true } satisfies MyMvpVote, 201);
  })
  // D6: admins only (401 signed out, 403 otherwise), checked before anything about the tournament is said.
  .get('/:id/mvp-results', requireAdmin, async (c) => {
    const id = parseId(c.req.param('id'));
    const results = id === null ? null : await mvpResults(c.var.deps.db, id);
    if (!results) return c.json(NOT_FOUND, 404);
    return c.json(results, 200);
  });
