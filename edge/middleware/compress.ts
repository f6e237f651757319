import type { Context, MiddlewareHandler } from 'hono';
import { compress as honoCompress, COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';
import { appendVary } from '../lib/vary.ts';

/** A stream that brotli-compresses what passes through it (the Node host's zlib; ADR 048). */
export type BrotliStream = () => ReadableWritablePair<Uint8Array, Uint8Array>;

/** hono's floor: compressing under 1 KiB saves less than it costs. */
const THRESHOLD = 1024;

/**
 * hono's `compress`, without its costly step on answers it leaves as they are: it adds `Vary: Accept-Encoding`
 * through `c.header()` once the handler has answered, and Hono rebuilds a finished answer from its body stream to
 * add a header that way, so the Node adapter streams it instead of writing its string (issue 12: web streams and
 * undici's Response were ~8 % of a signed-in `GET /api/auth/user` that nothing compressed). The Vary goes on the
 * answer's own headers first, where hono's middleware finds it and adds nothing. Answers compressed are as before.
 *
 * With `brotli` (the Node host gives its zlib's), a client that accepts `br` gets brotli instead of gzip: a page of
 * 24 tournaments travels as ~7 KB instead of ~8 KB, a list's JSON 10-20 % smaller (ADR 048).
 *
 * `by: 'platform'` (the Worker, ADR 058) encodes nothing and only says what the answer varies by: workerd encodes
 * every answer that carries a Content-Encoding on its way out, so a gzipped one went out gzipped twice under one
 * header, which no browser can read (issue 35); and Cloudflare compresses at its edge, with brotli, outside the
 * Worker's CPU time, what a Worker answers uncompressed.
 */
export function compress(options: { brotli?: BrotliStream; by?: 'app' | 'platform' } = {}): MiddlewareHandler {
  const { brotli, by = 'app' } = options;
  const inner: MiddlewareHandler = by === 'app' ? honoCompress() : (_c, next) => next();
  return (c, next) =>
    inner(c, async () => {
      await next();
      const type = c.res.headers.get('Content-Type');
      if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
      appendVary(c.res.headers, 'Accept-Encoding');
      if (by === 'platform') return;
      // hono's middleware leaves an answer that carries a Content-Encoding alone.
      if (brotli && prefersBrotli(c.req.header('Accept-Encoding')) && worthCompressing(c)) {
        c.res = new Response(c.res.body!.pipeThrough(brotli()), c.res);
        c.res.headers.delete('Content-Length');
        c.res.headers.set('Content-Encoding', 'br');
        const etag = c.res.headers.get('ETag');
        if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
      }
    });
}

/** The rules hono's middleware applies before it compresses (a partial answer, a HEAD, no-transform, ...). */
function worthCompressing(c: Context): boolean {
  const { res } = c;
  const length = res.headers.get('Content-Length');
  return (
    res.body !== null &&
    res.status !== 206 &&
    c.req.method !== 'HEAD' &&
    !res.headers.has('Content-Encoding') &&
    !res.headers.has('Transfer-Encoding') &&
    !(length && Number(length) < THRESHOLD) &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')
  );
}

/** `br` is accepted and weighed at least as high as gzip (every browser sends `gzip, deflate, br[, zstd]`). */
function prefersBrotli(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const weight = (encoding: string) =>
    (accepts.find((a) => a.type.toLowerCase() === encoding) ?? accepts.find((a) => a.type === '*'))?.q ?? 0;
  const br = weight('br');
  return br > 0 && br >= weight('gzip');
}
