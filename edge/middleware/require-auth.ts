import type { User } from '../../db/schema/users.ts';
import { createMiddleware } from 'hono/factory';
import { adminFlags } from '../lib/admin.ts';
import type { AppEnv } from '../lib/context.ts';

interface SignedInEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { user: User };
}

/** 401 `{ message: 'Unauthorized' }` without a valid session (the app's session-loss handling reads that word). */
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.var.user) return c.json({ message: 'Unauthorized' }, 401);
  await next();
});

/** D6: 401 when signed out, 403 unless the role is admin/super_admin AND the e-mail is on the league's domain. */
export const requireAdmin = createMiddleware<SignedInEnv>(async (c, next) => {
  const user = c.var.user;
  if (!user) return c.json({ message: 'Unauthorized' }, 401);
  const flags = adminFlags(user, c.var.deps.config.leagueEmailDomain);
  if (!flags.hasAdminRole) return c.json({ message: 'Admin role required' }, 403);
  if (!flags.hasValidDomain) {
    return c.json({ message: 'Admin access requires an e-mail address on the league domain' }, 403);
  }
  await next();
});
