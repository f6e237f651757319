import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** /api/tickets: the holder's tickets and the door check. */
export const ticketRoutes = new Hono<AppEnv>();
