import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { blobContentType, isVideoKey, type BlobRange } from '../../lib/blobs/blob-store.ts';

/** A stored video never changes under its key (a new upload gets a new key), so a year of immutable caching holds. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The one byte range of a `Range: bytes=` header against a file of `size` bytes: a range to send, 'unsatisfiable',
 * or null to send the whole file (no header, several ranges, or a form we do not read).
 */
export function parseRange(header: string | undefined, size: number): BlobRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // The last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    const length = Math.min(suffix, size);
    return { offset: size - length, length };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { offset: start, length: end - start + 1 };
}

/**
 * GET /uploads/video-{id}.mp4|webm (D23): the stored videos, streamed from the blob store with byte ranges (a video
 * element seeks with them, and Safari plays nothing without them), nosniff and immutable caching.
 */
export const videoFileRoutes = new Hono<AppEnv>().on(
  ['GET', 'HEAD'],
  '/uploads/:key{video-[0-9a-f]{32}\\.(?:mp4|webm)}',
  async (c) => {
    const key = c.req.param('key');
    const blobs = c.var.deps.blobs;
    const whole = isVideoKey(key) ? await blobs.open(key) : null;
    if (!whole) {
      c.header('Cache-Control', 'no-cache');
      return c.json({ message: 'Not found' }, 404);
    }
    c.header('Cache-Control', IMMUTABLE);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Content-Type', blobContentType(key));
    c.header('Accept-Ranges', 'bytes');
    const range = parseRange(c.req.header('range'), whole.size);
    if (range === 'unsatisfiable') {
      await whole.body.cancel();
      c.header('Content-Range', `bytes */${whole.size}`);
      return c.body(null, 416);
    }
    if (range === null) {
      c.header('Content-Length', String(whole.size));
      if (c.req.method === 'HEAD') {
        await whole.body.cancel();
        return c.body(null, 200);
      }
      return c.body(whole.body, 200);
    }
    await whole.body.cancel();
    const part = await blobs.open(key, range);
    if (!part) return c.json({ message: 'Not found' }, 404);
    c.header('Content-Range', `bytes ${range.offset}-${range.offset + range.length - 1}/${whole.size}`);
    c.header('Content-Length', String(range.length));
    if (c.req.method === 'HEAD') {
      await part.body.cancel();
      return c.body(null, 206);
    }
    return c.body(part.body, 206);
  },
);
