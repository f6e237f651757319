import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { toCurrentUser } from '../../lib/current-user.ts';
import { isImageKey } from '../../lib/blobs/blob-store.ts';
import { requireUser } from '../../middleware/require-auth.ts';
import { UPLOAD_FIELDS } from './constants.ts';
import { setProfileImage } from './service.ts';
import { receiveImage } from './upload.ts';

/** /api/profile/upload-image (001 s7): any signed-in member's picture; answers the updated current user. */
export const profileImageRoutes = new Hono<AppEnv>().post('/upload-image', requireUser, async (c) => {
  const received = await receiveImage(c, UPLOAD_FIELDS.profile);
  if (!received.ok) return received.response;
  const { db, blobs, config } = c.var.deps;
  const user = await setProfileImage(db, blobs, c.var.user!.id, received.image);
  if (!user) return c.json({ message: 'Unauthorized' }, 401);
  return c.json(toCurrentUser(user, config.leagueEmailDomain), 200);
});

/** A year, and never revalidated: a stored file's name is the hash of its bytes, so a name never changes content. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * GET /uploads/{sha256}.jpg (D23): the stored images, from the one blob store of either host, as JPEG with nosniff
 * and a year of immutable caching. Any other name, or a file no longer stored, is a 404.
 */
export const uploadRoutes = new Hono<AppEnv>()
  .get('/uploads/:key', async (c) => {
    const key = c.req.param('key');
    const bytes = isImageKey(key) ? await c.var.deps.blobs.get(key) : null;
    if (!bytes) {
      c.header('Cache-Control', 'no-cache');
      return c.json({ message: 'Not found' }, 404);
    }
    const etag = `"${key.slice(0, -'.jpg'.length)}"`;
    c.header('Cache-Control', IMMUTABLE);
    c.header('ETag', etag);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Type', 'image/jpeg');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200);
  })
  .all('/uploads/*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json({ message: 'Not found' }, 404);
  });
