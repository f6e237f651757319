import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { assertQueuedBySessionUser } from '../../lib/client-request.ts';
import { fail, validationHook } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { readBracketMatch } from '../competition/bracket-read.ts';
import { matchUpdatedMessage, type StaleMatchConflict } from '../competition/schema.ts';
import { claimDecisionSchema, courtsSchema, forfeitClaimSchema } from './requests.ts';
import { arrive, claimForfeit, decideClaim, readCourts, saveCourts } from './service.ts';

const BAD_ID = 'Invalid id';
const positiveId = z.coerce.number({ error: BAD_ID }).int(BAD_ID).positive(BAD_ID).max(Number.MAX_SAFE_INTEGER, BAD_ID);
const tournamentParam = z.object({ id: positiveId });
const matchParam = z.object({ id: positiveId, matchId: positiveId });
const claimParam = z.object({ id: positiveId, claimId: positiveId });

const claimView = (c: { id: number; matchId: number; side: 'A' | 'B'; claimedAt: Date; state: string }) => ({
  id: c.id,
  matchId: c.matchId,
  side: c.side,
  claimedAt: c.claimedAt.toISOString(),
  state: c.state,
});

/** D41 under /api/tournaments: the courts, 'I'm at the court', forfeit claims and the host's decision. */
export const courtRoutes = new Hono<AppEnv>()
  .get('/:id/courts', zValidator('param', tournamentParam, validationHook), async (c) =>
    c.json(await readCourts(c.var.deps.db, c.req.valid('param').id), 200),
  )
  .put(
    '/:id/courts',
    requireUser,
    zValidator('param', tournamentParam, validationHook),
    jsonBody(courtsSchema),
    async (c) => {
      const { db, config, now } = c.var.deps;
      const saved = await saveCourts(db, c.req.valid('param').id, c.req.valid('json'), {
        user: c.var.user!,
        leagueEmailDomain: config.leagueEmailDomain,
        now: now(),
      });
      return c.json(saved, 200);
    },
  )
  .post('/:id/matches/:matchId/arrival', requireUser, zValidator('param', matchParam, validationHook), async (c) => {
    const { db, config, now } = c.var.deps;
    const { id, matchId } = c.req.valid('param');
    await arrive(
      db,
      { tournamentId: id, matchId },
      { user: c.var.user!, leagueEmailDomain: config.leagueEmailDomain, now: now() },
    );
    const match = await readBracketMatch(db, id, matchId);
    if (!match) fail(404, 'Match not found');
    return c.json(match, 200);
  })
  .post(
    '/:id/matches/:matchId/forfeit-claims',
    requireUser,
    zValidator('param', matchParam, validationHook),
    jsonBody(forfeitClaimSchema),
    async (c) => {
      const { db, config, now } = c.var.deps;
      const { id, matchId } = c.req.valid('param');
      const outcome = await claimForfeit(
        db,
        { tournamentId: id, matchId, version: c.req.valid('json').version },
        { user: c.var.user!, leagueEmailDomain: config.leagueEmailDomain, now: now() },
      );
      if (!outcome.ok) {
        const match = await readBracketMatch(db, id, matchId);
        if (!match) fail(404, 'Match not found');
        return c.json({ message: matchUpdatedMessage(match), match } satisfies StaleMatchConflict, 409);
      }
      return c.json(claimView(outcome.claim), 200);
    },
  )
  .post(
    '/:id/forfeit-claims/:claimId/decision',
    requireUser,
    zValidator('param', claimParam, validationHook),
    jsonBody(claimDecisionSchema),
    async (c) => {
      // The host's outbox sends a decision (ADR 071): never under another account than the one that queued it.
      assertQueuedBySessionUser(c, c.var.user!.id);
      const { db, config, now } = c.var.deps;
      const { id, claimId } = c.req.valid('param');
      const claim = await decideClaim(
        db,
        { tournamentId: id, claimId, confirm: c.req.valid('json').confirm },
        { user: c.var.user!, leagueEmailDomain: config.leagueEmailDomain, now: now() },
      );
      return c.json(claimView(claim), 200);
    },
  );
