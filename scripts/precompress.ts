// `npm run build`'s last step: writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of dist/,
// which the Node host serves as they are (edge/node.ts, serveStatic's `precompressed`). Compressed per request, the
// app's ~300 KB chunk cost the host ~6 ms of CPU each time, and a page's ~40 files plus the service worker's first
// install (~175 files) cost ~0.5 s of CPU, on the same cores as the phone's browser in a test run (issue 12).
// Runs under the project's Node 22 with native type stripping.
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { getMimeType } from 'hono/utils/mime';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ?? join(root, 'dist');
/** The rule serveStatic's `precompressed` looks for copies by: the file's type, by hono's own table and pattern. */
const compressible = (name: string) => COMPRESSIBLE_CONTENT_TYPE_REGEX.test(getMimeType(name) ?? '');
/**
 * A copy is kept only when it saves more than its `Content-Encoding: br` header costs. Small files are compressed too
 * (the compress middleware's 1 KiB floor is about CPU per request; a copy costs none): a first visit to
 * `/tournaments` fetches a dozen screen chunks and icons of 200-900 bytes, a third to a half smaller compressed.
 */
const MIN_SAVING = 32;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return compressible(entry.name) ? [path] : [];
  });
}

async function precompress(path: string): Promise<number> {
  const body = readFileSync(path);
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file would only cost the phone its decoding.
  if (br.length + MIN_SAVING < body.length) writeCopy(`${path}.br`, br);
  if (gzipped.length + MIN_SAVING < body.length) writeCopy(`${path}.gz`, gzipped);
  return body.length;
}

/** Whole or not at all: the host serves a copy as immutable for a year, so a half-written one must never exist. */
function writeCopy(path: string, data: Buffer): void {
  writeFileSync(`${path}.tmp`, data);
  renameSync(`${path}.tmp`, path);
}

const started = performance.now();
const queue = files(dist);
let bytes = 0;
// zlib runs on libuv's thread pool: a few files at a time keep every core busy without queueing them all at once.
await Promise.all(
  Array.from({ length: Math.max(1, availableParallelism()) }, async () => {
    for (let path = queue.pop(); path; path = queue.pop()) {
      const size = await precompress(path);
      bytes += size;
    }
  }),
);
console.log(
  `precompressed ${(bytes / 1024).toFixed(0)} KiB of dist/ (brotli and gzip) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
