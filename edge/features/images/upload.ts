import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ImageBusyError } from '../../lib/images/pipeline.ts';
import type { LargeBodyRoute } from '../../middleware/body-limit.ts';
import { IMAGE_MESSAGES as M, MAX_IMAGE_BYTES, tooManyPixelsMessage } from './constants.ts';
import type { StoredImage } from './service.ts';

export type ReceivedImage = { ok: true; image: StoredImage } | { ok: false; response: Response };

/**
 * Reads the multipart field and runs it through D23's pipeline: the file's name and declared type are ignored, its
 * bytes decide. Every refusal is a 4xx with the catalogue's message (or 503 while the image processor is busy) and
 * happens before anything is stored.
 */
export async function receiveImage<E extends AppEnv>(c: Context<E>, field: string): Promise<ReceivedImage> {
  const refuse = (status: 400 | 413 | 415 | 503, message: string): ReceivedImage => ({
    ok: false,
    response: c.json({ message }, status),
  });
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    return refuse(400, M.unreadable);
  }
  const file = body[field];
  if (!(file instanceof File) || file.size === 0) return refuse(400, M.missing);
  if (file.size > MAX_IMAGE_BYTES) return refuse(413, M.tooLarge);

  let prepared;
  try {
    prepared = await c.var.deps.images(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof ImageBusyError) {
      c.header('Retry-After', String(error.retryAfterSeconds));
      return refuse(503, M.busy);
    }
    throw error;
  }
  if (prepared.ok) return { ok: true, image: { key: prepared.key, bytes: prepared.bytes } };
  if (prepared.refusal === 'bytes') return refuse(413, M.tooLarge);
  if (prepared.refusal === 'pixels') return refuse(413, tooManyPixelsMessage(prepared));
  if (prepared.refusal === 'decode') return refuse(413, M.decodeTooCostly);
  return refuse(415, M.invalidType);
}

/**
 * The body limit of the image upload routes (the two of 001 s7, a sponsor's logo of D24, championship photos of D29) (app.ts hands it to bodyLimitGuard): the 20 MB file plus room
 * for the multipart envelope. A larger body is a 413 with 'File Too Large's text before it is read.
 */
export const uploadBodyLimit: LargeBodyRoute = {
  path: /^\/api\/(?:profile\/upload-image|teams\/[^/]+\/upload-logo|admin\/sponsors\/[^/]+\/upload-logo|tournaments\/[^/]+\/championship-photos)$/,
  maxSize: MAX_IMAGE_BYTES + 64 * 1024,
  message: M.tooLarge,
};
