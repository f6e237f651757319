import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { heroVideo } from './service.ts';

/** /api/hero-video: the landing page's background video (000 s3). */
export const heroVideoRoutes = new Hono<AppEnv>().get('/', async (c) => c.json(await heroVideo(c.var.deps.db), 200));
