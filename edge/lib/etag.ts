import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
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

/**
 * The quoted tag `entityTag` gives the UTF-8 bytes of `text`, computed from the string: a route that builds its JSON
 * text sets it, and the ETag middleware then neither reads the answer back nor rebuilds it (ADR 026; issue 12: that
 * read went through the web streams of a Response on every poll). Null past one chunk, where tags are chained.
 */
export function textTag(text: string, byteLength = Buffer.byteLength(text, 'utf8')): string | null {
  if (byteLength > CHUNK) return null;
  return `"${createHash('sha1').update(text, 'utf8').digest('hex')}"`;
}

/**
 * A 200 JSON answer of `text` (JSON a service built) typed as `c.json` of a `T` would be for the typed client, with
 * its tag set (textTag) and its length: the compress middleware then leaves a small answer (the current user, ~700
 * bytes, polled) as it is instead of streaming it through gzip to save a few hundred bytes.
 */
export function taggedJsonText<T>(c: Context, text: string) {
  const byteLength = Buffer.byteLength(text, 'utf8');
  const tag = textTag(text, byteLength);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'content-length': String(byteLength) };
  if (tag) headers.ETag = tag;
  const res: Response = c.body(text, 200, headers);
  return res as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}

/** `c.json(data, 200)` with its tag set (textTag). */
export function taggedJson<T>(c: Context, data: T) {
  return taggedJsonText<T>(c, JSON.stringify(data));
}

/** RFC 9110 weak comparison of a tag with an If-None-Match list. */
export function etagMatches(tag: string, ifNoneMatch: string | null): boolean {
  const expected = tag.replace(/^W\//, '');
  return ifNoneMatch?.match(/"[^"]*"/g)?.some((t) => t === expected) ?? false;
}
