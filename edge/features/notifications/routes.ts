import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** /api/notifications: the signed-in user's notifications (D15). */
export const notificationRoutes = new Hono<AppEnv>();
