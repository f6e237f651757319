import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { clearSessionCookie } from '../../lib/session-cookie.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { endOtherSessions, endSessionByHandle, listSessions } from './member-sessions.ts';

/**
 * Sessions a member controls (issue 10): see where they are signed in, end one, or end all but this one (a lost
 * phone, a shared computer). Edit Profile shows them later; the API comes first.
 */
export const sessionRoutes = new Hono<AppEnv>()
  .post('/logout-everywhere', requireUser, async (c) => {
    const ended = await endOtherSessions(c.var.deps.db, c.var.user!.id, c.var.session!.id);
    return c.json({ ended }, 200);
  })
  .get('/sessions', requireUser, async (c) => {
    const { db, now } = c.var.deps;
    return c.json(await listSessions(db, c.var.user!.id, c.var.session!.id, now()), 200);
  })
  .delete('/sessions/:handle', requireUser, async (c) => {
    const { db, now, config } = c.var.deps;
    const ended = await endSessionByHandle(db, c.var.user!.id, c.req.param('handle'), c.var.session!.id, now());
    if (!ended) return c.json({ message: 'Session not found' }, 404);
    // Ending this very session is signing out here: the cookie goes too.
    if (ended.current) clearSessionCookie(c, config.publicUrl);
    return c.json({ success: true, current: ended.current }, 200);
  });
