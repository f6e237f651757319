import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** /api/waivers: status, signing and the admin waiver log (D7, D8). */
export const waiverRoutes = new Hono<AppEnv>();
