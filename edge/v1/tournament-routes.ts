import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { tournaments } from '../../db/schema/tournaments.ts';
import { API_KEY_MESSAGES } from '../features/api-keys/schema.ts';
import { finalStandingsOf } from '../features/archive/service.ts';
import { bracketVersion, readBracket, readStandings } from '../features/competition/bracket-read.ts';
import { reportAndAnswer } from '../features/competition/report-answer.ts';
import { readCourts } from '../features/courts/service.ts';
import { listQuery } from '../features/tournaments/requests.ts';
import { parseTournamentId } from '../features/tournaments/service.ts';
import { getTournamentJson, listTournamentsPage } from '../features/tournaments/tournament-query.ts';
import { fail } from '../lib/errors.ts';
import { etagMatches, taggedJsonText } from '../lib/etag.ts';
import { PATH_ID, polledRoute, v1Router } from './router.ts';
import { cached, errorContent, refusals, type V1Env } from './context.ts';
import {
  ActiveMatchesSchema,
  BracketSchema,
  ErrorSchema,
  FinalStandingsSchema,
  ReportResultSchema,
  ResultConflictSchema,
  StandingsSchema,
  TournamentPageSchema,
  TournamentSchema,
} from './schemas.ts';

const NOT_FOUND = 'Tournament not found';
const json = <S>(schema: S, description: string) => errorContent(schema, description);
const tournamentRefusals = { ...refusals, 404: json(ErrorSchema, NOT_FOUND) };

const TOURNAMENT_ID_MESSAGE = 'The tournament id must be a positive whole number';
const tournamentId = z.object({
  id: z
    .string()
    .regex(PATH_ID, { error: TOURNAMENT_ID_MESSAGE })
    .transform(Number)
    .meta({ param: { name: 'id', in: 'path' }, example: '1' }),
});
const matchParams = tournamentId.extend({
  matchId: z
    .string()
    .regex(PATH_ID, { error: 'The match id must be a positive whole number' })
    .transform(Number)
    .meta({ param: { name: 'matchId', in: 'path' }, example: '1' }),
});

/**
 * A versioned ETag (as the app's own bracket and standings): they change only when the tournament's bracketVersion
 * moves, so an unchanged poll costs one indexed read and answers 304 without loading a match.
 */
async function versioned(c: Context<V1Env>, kind: string, id: number): Promise<boolean> {
  const version = await bracketVersion(c.var.deps.db, id);
  if (version === null) fail(404, NOT_FOUND);
  const tag = `W/"v1-${kind}-${id}-${version}"`;
  c.header('ETag', tag);
  return etagMatches(tag, c.req.header('If-None-Match') ?? null);
}

/** The tournament id of a polled read (`polledRoute`): the app's own test, or 400. */
function idOf(c: Context): number {
  return parseTournamentId(c.req.param('id') ?? '') ?? fail(400, TOURNAMENT_ID_MESSAGE);
}

const tag = 'Tournaments';
const routes = v1Router();

/** A polled GET of one tournament: its id in the path, its answer, 304 and the refusals; served by `polledRoute`. */
function tournamentRead<S extends z.ZodType>(read: {
  path: string;
  summary: string;
  description?: string;
  answer: S;
  answered: string;
}) {
  const { answer, answered, ...docs } = read;
  return polledRoute(
    routes,
    createRoute({
      method: 'get',
      tags: [tag],
      ...docs,
      request: { params: tournamentId },
      responses: { 200: json(answer, answered), ...cached, ...tournamentRefusals },
    }),
  );
}

/** /api/v1/tournaments...: the list, a tournament, its bracket, standings, final standings and active matches. */
export const tournamentRoutes = routes
  .openapi(
    createRoute({
      method: 'get',
      path: '/tournaments',
      tags: [tag],
      summary: 'List tournaments',
      description:
        'Listed tournaments: live first, then upcoming (soonest first), then completed (latest first). Pages by ' +
        '`cursor`; the next page is also in the `Link` header.',
      request: { query: listQuery },
      responses: { 200: json(TournamentPageSchema, 'A page of tournaments'), ...cached, ...refusals },
    }),
    async (c) => {
      const page = await listTournamentsPage(c.var.deps.db, { ...c.req.valid('query'), now: c.var.deps.now() });
      if (page.nextCursor) {
        const url = new URL(c.req.url);
        url.searchParams.set('cursor', page.nextCursor);
        c.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
      }
      // The service builds the page's JSON in SQL: it is wrapped, never parsed and written again.
      const body = `{"data":${page.json},"nextCursor":${JSON.stringify(page.nextCursor ?? null)}}`;
      return taggedJsonText<z.output<typeof TournamentPageSchema>>(c, body);
    },
  )
  .openapi(
    tournamentRead({
      path: '/tournaments/{id}',
      summary: 'A tournament',
      answer: TournamentSchema,
      answered: 'The tournament',
    }),
    async (c) => {
      const text = await getTournamentJson(c.var.deps.db, idOf(c), c.var.deps.now());
      if (!text) return c.json({ message: NOT_FOUND }, 404);
      return taggedJsonText<z.output<typeof TournamentSchema>>(c, text);
    },
  )
  .openapi(
    tournamentRead({
      path: '/tournaments/{id}/bracket',
      summary: "A tournament's bracket",
      description: 'Every match in order. Poll with `If-None-Match`: an unchanged bracket answers 304.',
      answer: BracketSchema,
      answered: 'The matches',
    }),
    async (c) => {
      const id = idOf(c);
      if (await versioned(c, 'bracket', id)) return c.body(null, 304);
      return c.json(await readBracket(c.var.deps.db, id), 200);
    },
  )
  .openapi(
    tournamentRead({
      path: '/tournaments/{id}/standings',
      summary: "A tournament's standings",
      description: 'Round robin, Swiss and pool play; no rows for elimination formats.',
      answer: StandingsSchema,
      answered: 'The standings',
    }),
    async (c) => {
      const id = idOf(c);
      if (await versioned(c, 'standings', id)) return c.body(null, 304);
      return c.json(await readStandings(c.var.deps.db, id), 200);
    },
  )
  .openapi(
    tournamentRead({
      path: '/tournaments/{id}/final-standings',
      summary: "A completed tournament's final standings",
      answer: FinalStandingsSchema,
      answered: 'The places, or null',
    }),
    async (c) => {
      const standings = await finalStandingsOf(c.var.deps.db, idOf(c));
      if (standings === undefined) return c.json({ message: NOT_FOUND }, 404);
      return c.json(standings, 200);
    },
  )
  .openapi(
    tournamentRead({
      path: '/tournaments/{id}/active-matches',
      summary: 'Matches on court now (for stream overlays)',
      description: "The live matches (a match called to a court is live, D41) with their courts, in the courts' order.",
      answer: ActiveMatchesSchema,
      answered: 'The active matches',
    }),
    async (c) => {
      const id = idOf(c);
      const { db } = c.var.deps;
      if (await versioned(c, 'active', id)) return c.body(null, 304);
      const [bracket, { courts }] = await Promise.all([readBracket(db, id), readCourts(db, id)]);
      const order = (court: string | null) => (court === null ? courts.length : courts.indexOf(court));
      const matches = bracket
        .filter((m) => m.status === 'live')
        .sort((a, b) => order(a.court) - order(b.court) || a.matchNumber - b.matchNumber);
      return c.json({ tournamentId: id, courts, matches }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/tournaments/{id}/matches/{matchId}/result',
      tags: [tag],
      summary: 'Report or correct a score (keys with the scores scope)',
      description:
        "The host's own report, by a scoreboard: only with an API key that has the `scores` scope, in tournaments " +
        "the key's owner hosts. The same rules as the Bracket tab: a stale `version` is refused with 409 and the " +
        'match as it is now (D40); a correction that clears later results needs them in `confirm` (D20).',
      security: [{ ApiKey: [] }],
      request: {
        params: matchParams,
        body: { content: { 'application/json': { schema: ReportResultSchema } }, required: true },
      },
      responses: {
        ...tournamentRefusals,
        200: json(BracketSchema, 'Recorded: the bracket as it is now'),
        401: json(ErrorSchema, 'No API key, or not a valid one'),
        403: json(ErrorSchema, 'The key lacks the scores scope, or its owner does not host this tournament'),
        409: json(ResultConflictSchema, 'The match changed since `version`, or the correction needs `confirm`'),
      },
    }),
    async (c) => {
      const key = c.var.apiKey;
      if (!key) return c.json({ message: API_KEY_MESSAGES.invalid }, 401);
      if (!key.scopes.includes('scores')) return c.json({ message: API_KEY_MESSAGES.scope }, 403);
      const { id, matchId } = c.req.valid('param');
      const { db, now, config } = c.var.deps;
      const [t] = await db
        .select({ hostId: tournaments.hostId, status: tournaments.status })
        .from(tournaments)
        .where(eq(tournaments.id, id));
      if (!t || t.status === 'pending' || t.status === 'rejected') return c.json({ message: NOT_FOUND }, 404);
      // D44: "in tournaments its owner hosts", an admin's key included: a scoreboard never runs the whole league.
      if (t.hostId !== key.owner.id) return c.json({ message: API_KEY_MESSAGES.notHost }, 403);
      const ctx = { actor: key.owner, leagueEmailDomain: config.leagueEmailDomain, now: now() };
      const answer = await reportAndAnswer(db, { tournamentId: id, matchId, ...c.req.valid('json') }, ctx);
      return answer.status === 200 ? c.json(answer.body, 200) : c.json(answer.body, 409);
    },
  );
