import { createHash } from 'node:crypto';

/** Bodies up to this size are hashed on the request's own thread; larger ones (the full list) in the thread pool. */
const SYNC_LIMIT = 64 * 1024;
/** hono's etag digests a body in chunks of this size, each chained to the digest so far; the tags stay the same. */
const CHUNK = 262144;

function sha1Hex(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a, 0);
  out.set(b, a.byteLength);
  return out;
}

/**
 * The ETag value (without quotes) hono's `etag` middleware gives a body: SHA-1 in hex, chained over 256 KiB chunks
 * (`sha1(previous digest + chunk)`), so tags browsers already hold still match (ADR 020, ADR 026).
 */
export async function entityTag(body: Uint8Array<ArrayBuffer>): Promise<string> {
  if (body.byteLength <= SYNC_LIMIT) return sha1Hex(body);
  let digest: Uint8Array<ArrayBuffer> | null = null;
  for (let offset = 0; offset < body.byteLength; offset += CHUNK) {
    const chunk = body.slice(offset, Math.min(offset + CHUNK, body.byteLength));
    const input: Uint8Array<ArrayBuffer> = digest ? concat(digest, chunk) : chunk;
    digest = new Uint8Array(await crypto.subtle.digest('SHA-1', input));
  }
  return hex(digest!);
}

/** RFC 9110 weak comparison of a tag with an If-None-Match list. */
export function etagMatches(tag: string, ifNoneMatch: string | null): boolean {
  const expected = tag.replace(/^W\//, '');
  return ifNoneMatch?.match(/"[^"]*"/g)?.some((t) => t === expected) ?? false;
}
