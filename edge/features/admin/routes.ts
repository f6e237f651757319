import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { tournaments } from '../../../db/schema/tournaments.ts';
import { users } from '../../../db/schema/users.ts';
import type { AppEnv } from '../../lib/context.ts';
import { requireAdmin } from '../../middleware/require-auth.ts';

/** /api/admin/*: every route behind requireAdmin (D6: role AND league e-mail domain). */
export const adminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/pending-tournaments', async (c) => {
    const rows = await c.var.deps.db
      .select({
        tournament: tournaments,
        host: { id: users.id, firstName: users.firstName, lastName: users.lastName, isVerified: users.isVerified },
      })
      .from(tournaments)
      .leftJoin(users, eq(tournaments.hostId, users.id))
      .where(eq(tournaments.status, 'pending'))
      .orderBy(desc(tournaments.createdAt));
    return c.json(
      rows.map(({ tournament, host }) => ({ ...tournament, host })),
      200,
    );
  });
