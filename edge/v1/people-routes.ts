import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { ARCHIVE_MESSAGES } from '../features/archive/constants.ts';
import { archiveQuerySchema } from '../features/archive/requests.ts';
import { archivePage, decodeArchiveCursor } from '../features/archive/service.ts';
import { playerBoardPage } from '../features/leaderboards/players.ts';
import { playersQuery, teamsQuery } from '../features/leaderboards/requests.ts';
import { LEADERBOARD_PAGE_SIZE } from '../features/leaderboards/schema.ts';
import { teamBoardPage } from '../features/leaderboards/teams.ts';
import { PROFILE_MESSAGES } from '../features/profiles/schema.ts';
import { playerProfile, teamProfile } from '../features/profiles/service.ts';
import { PATH_ID, v1Router } from './router.ts';
import { cached, errorContent as json, refusals, type V1Env } from './context.ts';
import {
  ArchivePageSchema,
  ErrorSchema,
  LeaderboardPlayerPageSchema,
  LeaderboardTeamPageSchema,
  PlayerProfileSchema,
  TeamProfileSchema,
} from './schemas.ts';

const playerId = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: PROFILE_MESSAGES.playerNotFound })
    .meta({ param: { name: 'id', in: 'path' } }),
});
const teamId = z.object({
  id: z
    .string()
    .regex(PATH_ID, { error: 'The team id must be a positive whole number' })
    .transform(Number)
    .meta({ param: { name: 'id', in: 'path' }, example: '1' }),
});

/** The public API answers nobody in particular: a guest's view (D36 hides a minor's photo and city). */
function guest(c: Context<V1Env>) {
  const { now, config } = c.var.deps;
  return { viewerId: null, now: now(), siteHost: new URL(config.publicUrl).hostname };
}

/** The next page's address in a `Link` header, as every paged list of the API. */
function linkNext(c: Context<V1Env>, cursor: string | null) {
  if (!cursor) return;
  const url = new URL(c.req.url);
  url.searchParams.set('cursor', cursor);
  c.header('Link', `<${url.pathname}${url.search}>; rel="next"`);
}

/** /api/v1/players, /teams, /leaderboards and /archive: members and teams by D36's rules, rankings, past events. */
export const peopleRoutes = v1Router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/players/{id}',
      tags: ['Players and teams'],
      summary: "A player's public profile",
      description: 'For a member under 18 the photo and city are null (D36).',
      request: { params: playerId },
      responses: {
        200: json(PlayerProfileSchema, 'The profile'),
        ...cached,
        ...refusals,
        404: json(ErrorSchema, PROFILE_MESSAGES.playerNotFound),
      },
    }),
    async (c) => {
      const profile = await playerProfile(c.var.deps.db, c.req.valid('param').id, guest(c));
      if (!profile) return c.json({ message: PROFILE_MESSAGES.playerNotFound }, 404);
      return c.json({ ...profile, viewer: null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/teams/{id}',
      tags: ['Players and teams'],
      summary: "A team's public profile",
      description: "The roster's members under 18 show no photo and no city (D36).",
      request: { params: teamId },
      responses: {
        200: json(TeamProfileSchema, 'The profile'),
        ...cached,
        ...refusals,
        404: json(ErrorSchema, PROFILE_MESSAGES.teamNotFound),
      },
    }),
    async (c) => {
      const profile = await teamProfile(c.var.deps.db, c.req.valid('param').id, guest(c));
      if (!profile) return c.json({ message: PROFILE_MESSAGES.teamNotFound }, 404);
      return c.json({ ...profile, viewer: null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/leaderboards/players',
      tags: ['Leaderboards'],
      summary: 'Player Points and Player Wins',
      description: `Ranked players, ${LEADERBOARD_PAGE_SIZE} a page, by points or wins; filters by sport and division.`,
      request: { query: playersQuery },
      responses: { 200: json(LeaderboardPlayerPageSchema, 'A page of ranked players'), ...cached, ...refusals },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const page = await playerBoardPage(
        c.var.deps.db,
        { ...query, limit: LEADERBOARD_PAGE_SIZE, now: c.var.deps.now() },
        null,
      );
      linkNext(c, page.nextCursor);
      return c.json({ data: page.players, nextCursor: page.nextCursor }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/leaderboards/teams',
      tags: ['Leaderboards'],
      summary: 'Team Rankings',
      request: { query: teamsQuery },
      responses: { 200: json(LeaderboardTeamPageSchema, 'A page of ranked teams'), ...cached, ...refusals },
    }),
    async (c) => {
      const page = await teamBoardPage(c.var.deps.db, { ...c.req.valid('query'), limit: LEADERBOARD_PAGE_SIZE });
      linkNext(c, page.nextCursor);
      return c.json({ data: page.teams, nextCursor: page.nextCursor }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/archive',
      tags: ['Archive'],
      summary: 'The Tournament Archive',
      description: 'Completed tournaments, latest first; search by name, filter by division and start dates.',
      request: { query: archiveQuerySchema },
      responses: { 200: json(ArchivePageSchema, 'A page of completed tournaments'), ...cached, ...refusals },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const cursor = q.cursor === undefined ? undefined : decodeArchiveCursor(q.cursor);
      if (cursor === null) return c.json({ message: ARCHIVE_MESSAGES.cursor }, 400);
      const page = await archivePage(c.var.deps.db, { ...q, cursor });
      linkNext(c, page.nextCursor);
      return c.json({ data: page.items, nextCursor: page.nextCursor }, 200);
    },
  );
