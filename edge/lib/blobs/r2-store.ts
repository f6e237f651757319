import type { R2Bucket } from '@cloudflare/workers-types/index.ts';
import { assertBlobKey, type BlobStore } from './blob-store.ts';

/** The Workers host's blob store (D23): objects in the R2 bucket bound as `UPLOADS` (wrangler.toml). */
export function r2BlobStore(bucket: R2Bucket): BlobStore {
  return {
    async put(key, bytes) {
      assertBlobKey(key);
      // R2 writes are atomic per object: a reader gets the old object or the new one.
      await bucket.put(key, bytes, { httpMetadata: { contentType: 'image/jpeg' } });
    },
    async get(key) {
      assertBlobKey(key);
      const object = await bucket.get(key);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
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
