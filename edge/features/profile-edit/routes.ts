import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { toCurrentUser } from '../../lib/current-user.ts';
import type { ErrorBody } from '../../lib/errors.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { profileUpdateSchema } from './schema.ts';
import { editableProfile, updateProfile } from './service.ts';

/**
 * /api/profile (001 s7): the signed-in member's own profile. GET gives the editor its fields; PATCH saves them and
 * answers the updated current user, in GET /api/auth/user's shape, which the app puts in place of its cached one.
 * The picture's upload (POST /api/profile/upload-image) lives with the images feature.
 */
export const profileEditRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    const profile = await editableProfile(c.var.deps.db, c.var.user.id);
    if (!profile) return c.json({ message: 'Unauthorized' }, 401);
    return c.json(profile, 200);
  })
  .patch('/', requireUser, jsonBody(profileUpdateSchema), async (c) => {
    const { db, now, config } = c.var.deps;
    const result = await updateProfile(db, c.var.user.id, c.req.valid('json'), now());
    if (!result.ok) {
      const body: ErrorBody = { message: result.message };
      if (result.field) body.errors = { [result.field]: [result.message] };
      return c.json(body, result.status);
    }
    return c.json(toCurrentUser(result.user, config.leagueEmailDomain), 200);
  });
