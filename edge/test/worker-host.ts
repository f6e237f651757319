// The Worker host (edge/worker.ts) called as workerd would call it, for the tests of a rule on its side while the
// Worker does not start yet: its database is a remote URL nobody answers, so only answers given before any query
// (refusals of the origin check, the validators, require-auth) can be tested this way.
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import worker, { type WorkerEnv } from '../worker.ts';

const secrets = {
  WAIVER_SIGNING_KEY: randomBytes(32).toString('base64url'),
  DEVICE_COOKIE_SECRET: randomBytes(32).toString('base64url'),
};
const notFound = { fetch: async () => new Response('Not found', { status: 404 }) };

/** The Worker's bindings, with `extra` over the defaults. */
export const workerEnv = (extra: Partial<WorkerEnv>) =>
  ({ DATABASE_URL: 'libsql://league-test.turso.io', ASSETS: notFound, UPLOADS: {}, ...secrets, ...extra }) as WorkerEnv;

/** One request through the Worker's fetch handler. */
export const callWorker = (request: Request, env: WorkerEnv) =>
  (worker.fetch as unknown as (r: Request, e: WorkerEnv, ctx: unknown) => Promise<Response>)(request, env, {
    waitUntil: () => undefined,
    passThroughOnException: () => undefined,
  });

/**
 * The ASSETS binding over the files of `dir`, answering as Cloudflare documents for wrangler.toml's settings: each
 * file with its type, `Cache-Control: public, max-age=0, must-revalidate` and an ETag of its bytes, 304 to a matching
 * If-None-Match; a file is found under its own name only (html_handling = "none": '/' is no file), anything else is
 * a 404 (not_found_handling = "none"). Bodies come unencoded, as from the local asset server.
 */
export function assetsFrom(dir: string): WorkerEnv['ASSETS'] {
  const fetch = async (input: Request | string) => {
    const request = typeof input === 'string' ? new Request(input) : input;
    const path = new URL(request.url).pathname;
    const file = normalize(path).replace(/^\/+/, '');
    let bytes: Buffer;
    try {
      bytes = await readFile(join(dir, file));
    } catch {
      // As the binding answers under wrangler dev: no body, no type.
      return new Response(null, { status: 404 });
    }
    const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
    const headers = { 'Cache-Control': 'public, max-age=0, must-revalidate', ETag: etag };
    if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers });
    const type = getMimeType(file) ?? 'application/octet-stream';
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), {
      headers: { ...headers, 'Content-Type': type, 'Content-Length': String(bytes.byteLength) },
    });
  };
  return { fetch } as unknown as WorkerEnv['ASSETS'];
}
