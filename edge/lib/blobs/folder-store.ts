import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertBlobKey, type BlobStore } from './blob-store.ts';

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The Node host's blob store (D23): files in one folder (`UPLOADS_DIR`), created on first write. */
export function folderBlobStore(dir: string): BlobStore {
  return {
    async put(key, bytes) {
      assertBlobKey(key);
      await mkdir(dir, { recursive: true });
      // Written beside the target, then renamed over it: a reader sees the old file or the whole new one.
      const temp = join(dir, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(temp, bytes);
        await rename(temp, join(dir, key));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      assertBlobKey(key);
      try {
        return new Uint8Array(await readFile(join(dir, key)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      assertBlobKey(key);
      try {
        return (await stat(join(dir, key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      assertBlobKey(key);
      await rm(join(dir, key), { force: true });
    },
  };
}
