import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/**
 * GET /api/health for uptime checks and load balancers (ADR 060): 200 `{ ok: true }` when the database answers one
 * cheap query (a single round trip to Turso), else 503 `{ ok: false }`. No details: anyone may ask, so why it failed
 * goes to the operations log (the request log reads `c.error`), not into the answer.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await c.var.deps.db.run(sql`select 1`);
    return c.json({ ok: true }, 200);
  } catch (error) {
    c.error = error instanceof Error ? error : new Error(String(error));
    return c.json({ ok: false }, 503);
  }
});
