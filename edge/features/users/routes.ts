import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { users } from '../../../db/schema/users.ts';
import type { AppEnv } from '../../lib/context.ts';
import { toCurrentUser } from '../../lib/current-user.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { profileCompletionSchema } from './schema.ts';

export const userRoutes = new Hono<AppEnv>().patch(
  '/profile',
  requireUser,
  jsonBody(profileCompletionSchema),
  async (c) => {
    const { db, now, config } = c.var.deps;
    const user = c.var.user!;
    const input = c.req.valid('json');
    // Completing a profile never demotes an administrator: admins keep their role and only fill in the fields.
    const role = user.role === 'admin' || user.role === 'super_admin' ? user.role : input.role;
    const [updated] = await db
      .update(users)
      .set({
        role,
        tagline: input.tagline,
        city: input.city,
        sport: input.sport,
        profileCompletedAt: user.profileCompletedAt ?? now(),
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) return c.json({ message: 'Unauthorized' }, 401);
    return c.json(toCurrentUser(updated, config.leagueEmailDomain), 200);
  },
);
