import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** /api/player: the signed-in player's own data (current team). */
export const playerRoutes = new Hono<AppEnv>();
