import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { followPlayer, followTeam, unfollowPlayer, unfollowTeam, type FollowRefusal } from './follows.ts';
import { PROFILE_MESSAGES as M, type FollowState } from './schema.ts';
import { playerProfile, teamProfile, type ProfileContext } from './service.ts';

// Member ids are generated text ids (UUIDs, or the demo's hex ids); anything else names nobody, without a query.
const PLAYER_ID = /^[A-Za-z0-9_-]{1,64}$/;

function teamIdOf(raw: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
}

function profileContext(c: Context<AppEnv>): ProfileContext {
  const { now, config } = c.var.deps;
  return { viewerId: c.var.user?.id ?? null, now: now(), siteHost: new URL(config.publicUrl).hostname };
}

/** A follow's answer: the new state (200), or the refusal as `{ message }` with its status. */
function followReply(result: FollowState | FollowRefusal, notFound: string) {
  if (result === 'not-found') return { body: { message: notFound }, status: 404 } as const;
  if (result === 'self') return { body: { message: M.followSelf }, status: 400 } as const;
  if (result === 'own-team') return { body: { message: M.followOwnTeam }, status: 400 } as const;
  return { body: result, status: 200 } as const;
}

/** /api/players: public player profiles (001 s7) and Follow (D31). */
export const playerProfileRoutes = new Hono<AppEnv>()
  .get('/:id/profile', async (c) => {
    const id = c.req.param('id');
    const profile = PLAYER_ID.test(id) ? await playerProfile(c.var.deps.db, id, profileContext(c)) : null;
    if (!profile) return c.json({ message: M.playerNotFound }, 404);
    return c.json(profile, 200);
  })
  .put('/:id/follow', requireUser, async (c) => {
    const id = c.req.param('id');
    if (!PLAYER_ID.test(id)) return c.json({ message: M.playerNotFound }, 404);
    const reply = followReply(await followPlayer(c.var.deps.db, c.var.user.id, id, c.var.deps.now()), M.playerNotFound);
    return c.json(reply.body, reply.status);
  })
  .delete('/:id/follow', requireUser, async (c) => {
    const id = c.req.param('id');
    if (!PLAYER_ID.test(id)) return c.json({ message: M.playerNotFound }, 404);
    const reply = followReply(await unfollowPlayer(c.var.deps.db, c.var.user.id, id), M.playerNotFound);
    return c.json(reply.body, reply.status);
  });

/** /api/teams: public team profiles (001 s7) and Follow (D31), beside the owner's team routes. */
export const teamProfileRoutes = new Hono<AppEnv>()
  .get('/:id/profile', async (c) => {
    const id = teamIdOf(c.req.param('id'));
    const profile = id === null ? null : await teamProfile(c.var.deps.db, id, profileContext(c));
    if (!profile) return c.json({ message: M.teamNotFound }, 404);
    return c.json(profile, 200);
  })
  .put('/:id/follow', requireUser, async (c) => {
    const id = teamIdOf(c.req.param('id'));
    if (id === null) return c.json({ message: M.teamNotFound }, 404);
    const reply = followReply(await followTeam(c.var.deps.db, c.var.user.id, id, c.var.deps.now()), M.teamNotFound);
    return c.json(reply.body, reply.status);
  })
  .delete('/:id/follow', requireUser, async (c) => {
    const id = teamIdOf(c.req.param('id'));
    if (id === null) return c.json({ message: M.teamNotFound }, 404);
    const reply = followReply(await unfollowTeam(c.var.deps.db, c.var.user.id, id), M.teamNotFound);
    return c.json(reply.body, reply.status);
  });
