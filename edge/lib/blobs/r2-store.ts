import type { R2Bucket, ReadableStream as WorkersReadableStream } from '@cloudflare/workers-types/index.ts';
import { assertBlobKey, blobContentType, isBlobKey, type BlobStore } from './blob-store.ts';

/** Workers' stream that refuses any other number of bytes than announced, which R2 needs to take a stream. */
declare const FixedLengthStream: new (length: number) => TransformStream<Uint8Array, Uint8Array>;

/** The Workers host's blob store (D23): objects in the R2 bucket bound as `UPLOADS` (wrangler.toml). */
export function r2BlobStore(bucket: R2Bucket): BlobStore {
  return {
    async put(key, bytes) {
      assertBlobKey(key);
      // R2 writes are atomic per object: a reader gets the old object or the new one.
      await bucket.put(key, bytes, { httpMetadata: { contentType: blobContentType(key) } });
    },
    async putStream(key, body, size, contentType) {
      assertBlobKey(key);
      // R2 takes a stream only of a known length; a body of another length errors the put, which stores nothing.
      const fixed = new FixedLengthStream(size);
      await Promise.all([
        body.pipeTo(fixed.writable),
        bucket.put(key, fixed.readable as unknown as WorkersReadableStream, { httpMetadata: { contentType } }),
      ]);
    },
    async get(key) {
      assertBlobKey(key);
      const object = await bucket.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    async open(key, range) {
      assertBlobKey(key);
      const object = await bucket.get(key, range ? { range } : undefined);
      if (!object) return null;
      return { body: object.body as unknown as ReadableStream<Uint8Array>, size: object.size };
    },
    async list(prefix) {
      const found = [];
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ prefix, cursor });
        for (const object of page.objects) {
          if (isBlobKey(object.key)) found.push({ key: object.key, size: object.size, uploadedAt: object.uploaded });
        }
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return found;
    },
    async has(key) {
      assertBlobKey(key);
      return (await bucket.head(key)) !== null;
    },
    async delete(key) {
      assertBlobKey(key);
      await bucket.delete(key);
    },
  };
}
