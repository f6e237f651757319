import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import type { Db } from '../../../db/client.ts';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { fail, validationHook } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { bracketVersion, readBracketMatch } from '../competition/bracket-read.ts';
import { matchUpdatedMessage, type StaleMatchConflict } from '../competition/schema.ts';
import { answerOf, readScoreReports } from './read.ts';
import { type ScoreReportAnswer } from './schema.ts';
import { disputeSchema, playerReportSchema } from './requests.ts';
import { disputeAsPlayer, reportAsPlayer, type PlayerReportOutcome } from './service.ts';

const BAD_ID = 'Invalid id';
const positiveId = z.coerce.number({ error: BAD_ID }).int(BAD_ID).positive(BAD_ID).max(Number.MAX_SAFE_INTEGER, BAD_ID);
const tournamentParam = z.object({ id: positiveId });
const matchParam = z.object({ id: positiveId, matchId: positiveId });

/** The answer to a report or dispute: the round, or (409) the match as it is now when the version was stale. */
async function answer(
  db: Db,
  id: number,
  matchId: number,
  outcome: PlayerReportOutcome,
): Promise<{ stale: StaleMatchConflict } | { fresh: ScoreReportAnswer }> {
  if (!outcome.ok) {
    const match = await readBracketMatch(db, id, matchId);
    if (!match) fail(404, 'Match not found');
    return { stale: { message: matchUpdatedMessage(match), match } };
  }
  return { fresh: { report: await answerOf(db, outcome.round) } };
}

/** D40 under /api/tournaments: players report their match's score, dispute the other side's, and see the rounds. */
export const scoreReportRoutes = new Hono<AppEnv>()
  // Polled by the Bracket tab beside the bracket: every round change moves bracketVersion, so an unchanged poll is
  // one indexed read and a 304. The answer is the viewer's own (private).
  .get('/:id/score-reports', requireUser, zValidator('param', tournamentParam, validationHook), async (c) => {
    const { db, config } = c.var.deps;
    const { id } = c.req.valid('param');
    const version = await bracketVersion(db, id);
    if (version === null) fail(404, 'Tournament not found');
    const tag = `W/"score-reports-${id}-${version}-${c.var.user!.id}"`;
    c.header('ETag', tag);
    c.header('Cache-Control', 'private, no-cache');
    const sent = c.req.header('If-None-Match');
    if (sent !== undefined && sent.split(/\s*,\s*/).includes(tag)) return c.body(null, 304);
    return c.json(await readScoreReports(db, id, c.var.user!, config.leagueEmailDomain), 200);
  })
  .post(
    '/:id/matches/:matchId/score-reports',
    requireUser,
    zValidator('param', matchParam, validationHook),
    jsonBody(playerReportSchema),
    async (c) => {
      const { db, now, config } = c.var.deps;
      const { id, matchId } = c.req.valid('param');
      const body = c.req.valid('json');
      const outcome = await reportAsPlayer(
        db,
        {
          tournamentId: id,
          matchId,
          scoreA: body.scoreA,
          scoreB: body.scoreB,
          version: body.version,
        },
        {
          user: c.var.user!,
          leagueEmailDomain: config.leagueEmailDomain,
          now: now(),
        },
      );
      const a = await answer(db, id, matchId, outcome);
      return 'stale' in a ? c.json(a.stale, 409) : c.json(a.fresh, 200);
    },
  )
  .post(
    '/:id/matches/:matchId/dispute',
    requireUser,
    zValidator('param', matchParam, validationHook),
    jsonBody(disputeSchema),
    async (c) => {
      const { db, now, config } = c.var.deps;
      const { id, matchId } = c.req.valid('param');
      const outcome = await disputeAsPlayer(
        db,
        { tournamentId: id, matchId, version: c.req.valid('json').version },
        {
          user: c.var.user!,
          leagueEmailDomain: config.leagueEmailDomain,
          now: now(),
        },
      );
      const a = await answer(db, id, matchId, outcome);
      return 'stale' in a ? c.json(a.stale, 409) : c.json(a.fresh, 200);
    },
  );
