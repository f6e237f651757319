import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { assertBlobKey, isBlobKey, type BlobStore } from './blob-store.ts';

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The Node host's blob store (D23): files in one folder (`UPLOADS_DIR`), created on first write. */
export function folderBlobStore(dir: string): BlobStore {
  // Written beside the target, then renamed over it: a reader sees the old file or the whole new one.
  const tempFor = (key: string) => join(dir, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
  return {
    async put(key, bytes) {
      assertBlobKey(key);
      await mkdir(dir, { recursive: true });
      const temp = tempFor(key);
      try {
        await writeFile(temp, bytes);
        await rename(temp, join(dir, key));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async putStream(key, body, size) {
      assertBlobKey(key);
      await mkdir(dir, { recursive: true });
      const temp = tempFor(key);
      let written = 0;
      // Counts as the bytes pass: a body longer than announced fails at once, a shorter one at the end.
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          written += chunk.length;
          done(written > size ? new Error(`Stream is longer than ${size} bytes`) : null, chunk);
        },
      });
      try {
        await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), counter, createWriteStream(temp));
        if (written !== size) throw new Error(`Stream ended after ${written} of ${size} bytes`);
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
    async open(key, range) {
      assertBlobKey(key);
      const path = join(dir, key);
      let size: number;
      try {
        size = (await stat(path)).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const stream = range
        ? createReadStream(path, { start: range.offset, end: range.offset + range.length - 1 })
        : createReadStream(path);
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, size };
    },
    async list(prefix) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      const keys = names.filter((name) => name.startsWith(prefix) && isBlobKey(name));
      const found = await Promise.all(
        keys.map(async (key) => {
          try {
            const info = await stat(join(dir, key));
            return { key, size: info.size, uploadedAt: info.mtime };
          } catch (error) {
            // Deleted between the listing and the stat.
            if (isMissing(error)) return null;
            throw error;
          }
        }),
      );
      return found.filter((x) => x !== null);
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
