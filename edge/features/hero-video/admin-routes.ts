import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { freeText } from '../../lib/free-text.ts';
import { validationHook } from '../../lib/errors.ts';
import { requireAdmin } from '../../middleware/require-auth.ts';
import { receiveVideo } from './upload.ts';
import { VIDEO_MESSAGES as M, VIDEO_NAME_MAX } from './constants.ts';
import { listDriveVideos, setHeroVideo, storeVideo } from './videos.ts';

const videoName = freeText({ label: 'Video name', name: true, error: M.nameRequired })
  .min(1, { error: M.nameRequired })
  .max(VIDEO_NAME_MAX, { error: M.nameTooLong });

const uploadQuery = z.object({ name: videoName });

// 001 s7: videoUrl, videoThumbnail, videoName. The URL must be a listed video (checked in setHeroVideo); a thumbnail
// is a same-origin path or none.
const heroSchema = z.object({
  videoUrl: z.string({ error: M.notAVideo }).min(1, { error: M.notAVideo }).max(300, { error: M.notAVideo }),
  videoThumbnail: z
    .string()
    .max(300)
    .regex(/^\/(?!\/)/, { error: 'The thumbnail must be a path on this site.' })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  videoName,
});

/** /api/admin/drive-videos (D24 Media): the videos in the blob store, and a new upload. Admins only (D6). */
export const driveVideoRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/', async (c) => c.json(await listDriveVideos(c.var.deps.db, c.var.deps.blobs), 200))
  // The body is the video itself; its name rides in the query so the bytes can stream into the store (upload.ts).
  .post('/', zValidator('query', uploadQuery, validationHook), async (c) => {
    const received = await receiveVideo(c);
    if (!received.ok) return c.json({ message: received.message }, received.status);
    const { db, blobs, now } = c.var.deps;
    let video;
    try {
      video = await storeVideo({ db, blobs }, c.var.user!.id, { ...received, name: c.req.valid('query').name }, now());
    } catch (error) {
      // The body ended early or carried more than it announced: the client's upload broke, nothing was stored.
      if (error instanceof Error && /Stream (?:ended|is longer)|aborted|premature|terminated/i.test(error.message)) {
        return c.json({ message: M.incomplete }, 400);
      }
      throw error;
    }
    return c.json(video, 201);
  });

/** POST /api/admin/hero-video (001 s7): Set as Hero Video. Admins only (D6); audited with before and after. */
export const heroVideoAdminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .post('/', zValidator('json', heroSchema, validationHook), async (c) => {
    const { db, blobs, now } = c.var.deps;
    const result = await setHeroVideo({ db, blobs }, c.var.user!.id, c.req.valid('json'), now());
    if (!result.ok) return c.json({ message: M.notAVideo }, 400);
    return c.json(result.video, 200);
  });
