import { zValidator } from '@hono/zod-validator';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { assertQueuedBySessionUser } from '../../lib/client-request.ts';
import { fail, validationHook } from '../../lib/errors.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import {
  bracketVersion,
  nextMatchOf,
  playerMatches,
  readBracket,
  readBracketMatch,
  readMatchHistory,
  readStandings,
} from './bracket-read.ts';
import { loadBracket } from './bracket-store.ts';
import { matchPatchSchema, reportScoreSchema, withdrawSchema } from './requests.ts';
import { reportAndAnswer } from './report-answer.ts';
import { canManage, patchMatch, startTournament, withdrawPlayer, type ActorContext } from './service.ts';

function idParam(raw: string | undefined): number {
  if (!raw || !/^[1-9][0-9]{0,14}$/.test(raw)) fail(404, 'Tournament not found');
  return Number(raw);
}

function matchParam(raw: string | undefined): number {
  if (!raw || !/^[1-9][0-9]{0,14}$/.test(raw)) fail(404, 'Match not found');
  return Number(raw);
}

function actorContext(c: { var: AppEnv['Variables'] }): ActorContext {
  return { actor: c.var.user, leagueEmailDomain: c.var.deps.config.leagueEmailDomain, now: c.var.deps.now() };
}

/**
 * A versioned ETag: the bracket and standings change only when bracketVersion moves, so an unchanged poll (the
 * Bracket tab asks every 10 s) costs one indexed read and answers 304 without loading a match.
 */
async function versioned(c: Context<AppEnv>, kind: string, id: number) {
  const version = await bracketVersion(c.var.deps.db, id);
  if (version === null) fail(404, 'Tournament not found');
  const tag = `W/"${kind}-${id}-${version}"`;
  c.header('ETag', tag);
  const sent = c.req.header('If-None-Match');
  return { fresh: sent !== undefined && sent.split(/\s*,\s*/).includes(tag) };
}

/** /api/tournaments/{id}/...: the bracket, standings and the admin's or host's running of the tournament (D12-D20). */
export const competitionRoutes = new Hono<AppEnv>()
  .get('/:id/bracket', async (c) => {
    const id = idParam(c.req.param('id'));
    if ((await versioned(c, 'bracket', id)).fresh) return c.body(null, 304);
    return c.json(await readBracket(c.var.deps.db, id), 200);
  })
  .get('/:id/standings', async (c) => {
    const id = idParam(c.req.param('id'));
    if ((await versioned(c, 'standings', id)).fresh) return c.body(null, 304);
    return c.json(await readStandings(c.var.deps.db, id), 200);
  })
  .get('/:id/next-match', requireUser, async (c) => {
    const id = idParam(c.req.param('id'));
    return c.json(await nextMatchOf(c.var.deps.db, id, c.var.user!.id), 200);
  })
  .get('/:id/match-history', requireUser, async (c) => {
    const id = idParam(c.req.param('id'));
    const loaded = await loadBracket(c.var.deps.db, id);
    if (!loaded) fail(404, 'Tournament not found');
    if (!canManage(c.var.user!, loaded.tournament, c.var.deps.config.leagueEmailDomain)) {
      fail(403, 'Only an admin or the tournament host can see the match history');
    }
    const before = c.req.query('before');
    return c.json(await readMatchHistory(c.var.deps.db, id, before && /^\d+$/.test(before) ? Number(before) : undefined), 200);
  })
  .post('/:id/start', requireUser, async (c) => {
    const id = idParam(c.req.param('id'));
    const outcome = await startTournament(c.var.deps.db, id, actorContext(c));
    if (!outcome.started) fail(409, 'A tournament needs at least 2 registered players to start');
    return c.json(await readBracket(c.var.deps.db, id), 200);
  })
  .post('/:id/withdraw', requireUser, zValidator('json', withdrawSchema, validationHook), async (c) => {
    const id = idParam(c.req.param('id'));
    await withdrawPlayer(c.var.deps.db, id, c.req.valid('json').userId, actorContext(c));
    return c.json(await readBracket(c.var.deps.db, id), 200);
  })
  .post('/:id/matches/:matchId/result', requireUser, zValidator('json', reportScoreSchema, validationHook), async (c) => {
    assertQueuedBySessionUser(c, c.var.user!.id);
    const id = idParam(c.req.param('id'));
    const matchId = matchParam(c.req.param('matchId'));
    const body = c.req.valid('json');
    const answer = await reportAndAnswer(c.var.deps.db, { tournamentId: id, matchId, ...body }, actorContext(c));
    return answer.status === 200 ? c.json(answer.body, 200) : c.json(answer.body, 409);
  })
  .patch('/:id/matches/:matchId', requireUser, zValidator('json', matchPatchSchema, validationHook), async (c) => {
    assertQueuedBySessionUser(c, c.var.user!.id);
    const id = idParam(c.req.param('id'));
    const body = c.req.valid('json');
    const matchId = matchParam(c.req.param('matchId'));
    await patchMatch(c.var.deps.db, { tournamentId: id, matchId, ...body }, actorContext(c));
    const match = await readBracketMatch(c.var.deps.db, id, matchId);
    if (!match) fail(404, 'Match not found');
    return c.json(match, 200);
  });

/** /api/player/matches: the signed-in member's matches for the dashboard's Match History. */
export const playerMatchRoutes = new Hono<AppEnv>().get('/matches', requireUser, async (c) =>
  c.json(await playerMatches(c.var.deps.db, c.var.user!.id), 200),
);
