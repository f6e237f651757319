import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import type { LargeBodyRoute } from '../../middleware/body-limit.ts';
import {
  MAX_VIDEO_BYTES,
  VIDEO_CONTENT_TYPES,
  VIDEO_HEAD_BYTES,
  VIDEO_MESSAGES as M,
  type VideoFormat,
} from './constants.ts';
import { sniffVideo } from './video-bytes.ts';

export type ReceivedVideo =
  | { ok: true; format: VideoFormat; contentType: string; size: number; body: ReadableStream<Uint8Array> }
  | { ok: false; status: 400 | 411 | 413 | 415; message: string };

/** Reads up to `want` bytes from the start of the stream (fewer only when it ends first). */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, want: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let have = 0;
  while (have < want) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    have += value.length;
  }
  const head = new Uint8Array(have);
  let at = 0;
  for (const chunk of chunks) {
    head.set(chunk, at);
    at += chunk.length;
  }
  return head;
}

/**
 * D23 for videos: the request body is the file itself (no multipart, so its size is the Content-Length and the bytes
 * can go to the blob store as they arrive). Refuses a missing or oversized length before reading, then reads only the
 * first 4 KiB to prove MP4 or WebM. On success hands back a stream of the whole file (the head, then the rest as it
 * arrives): at most one 4 KiB head and the chunks in flight are ever in memory, never the 100 MB.
 */
export async function receiveVideo<E extends AppEnv>(c: Context<E>): Promise<ReceivedVideo> {
  const declared = c.req.header('content-length');
  if (declared === undefined || !/^\d+$/.test(declared)) return { ok: false, status: 411, message: M.lengthRequired };
  const size = Number(declared);
  if (size === 0 || !c.req.raw.body) return { ok: false, status: 400, message: M.missing };
  if (size > MAX_VIDEO_BYTES) return { ok: false, status: 413, message: M.tooLarge };

  const reader = c.req.raw.body.getReader();
  const head = await readHead(reader, Math.min(size, VIDEO_HEAD_BYTES));
  const format = sniffVideo(head);
  if (!format) {
    await reader.cancel().catch(() => undefined);
    return { ok: false, status: 415, message: M.invalidType };
  }
  let sentHead = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!sentHead) {
        sentHead = true;
        if (head.length > 0) {
          controller.enqueue(head);
          return;
        }
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { ok: true, format, contentType: VIDEO_CONTENT_TYPES[format], size, body };
}

/** The video upload's body limit (app.ts hands it to bodyLimitGuard): 100 MB, refused by its length before reading. */
export const videoBodyLimit: LargeBodyRoute = {
  path: /^\/api\/admin\/drive-videos$/,
  maxSize: MAX_VIDEO_BYTES,
  message: M.tooLarge,
};
