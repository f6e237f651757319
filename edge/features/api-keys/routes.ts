import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { jsonBody } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { createApiKeySchema } from './requests.ts';
import { API_KEY_MESSAGES as M } from './schema.ts';
import { createApiKey, listApiKeys, mayUseApiKeys, revokeApiKey } from './service.ts';

function keyId(raw: string): number | null {
  return /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : null;
}

/**
 * /api/profile/api-keys: Edit Profile's API keys card (D44). Listing and revoking stay open to a member who lost
 * their verification (so they can still clean up); creating needs a verified member or an admin.
 */
export const apiKeyRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => c.json(await listApiKeys(c.var.deps.db, c.var.user.id), 200))
  .post('/', requireUser, jsonBody(createApiKeySchema), async (c) => {
    const { db, now, config } = c.var.deps;
    if (!mayUseApiKeys(c.var.user, config.leagueEmailDomain)) return c.json({ message: M.notAllowed }, 403);
    const created = await createApiKey(db, c.var.user.id, c.req.valid('json'), now());
    if (created === 'too-many') return c.json({ message: M.tooMany }, 409);
    return c.json(created, 201);
  })
  .delete('/:id', requireUser, async (c) => {
    const id = keyId(c.req.param('id'));
    const revoked = id === null ? null : await revokeApiKey(c.var.deps.db, c.var.user.id, id, c.var.deps.now());
    if (!revoked) return c.json({ message: M.notFound }, 404);
    return c.json(revoked, 200);
  });
