import { hmac } from '@oslojs/crypto/hmac';
import { SHA256, sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex, encodeHexLowerCase } from '@oslojs/encoding';
import type { waiverSignatures } from './schema/waivers.ts';

/**
 * D8, issue 10: the server's signature of a signed waiver. A content hash alone (db/waiver-hash.ts) can be
 * recomputed by anyone who rewrites the record; an HMAC of it under a key kept outside the database cannot. Pure
 * functions on @oslojs/crypto (synchronous, no Node built-ins), so the API signs the same way on Node and Workers
 * and the seed and the verifier share them.
 */
export const WAIVER_SIGNATURE_ALGORITHM = 'HMAC-SHA256' as const;

/** Hex characters of the key's SHA-256 that name it: enough to tell keys apart, nothing to guess the key from. */
const KEY_ID_LENGTH = 16;

const encoder = new TextEncoder();

/** The public name of a signing key: a short prefix of its SHA-256, so a verifier knows which key signed a row. */
export function waiverKeyId(key: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(key))).slice(0, KEY_ID_LENGTH);
}

/** What is signed: the waiver's row id and content hash under a versioned label, so a signature cannot be moved. */
function signedText(waiver: { id: number; contentHash: string }): Uint8Array {
  return encoder.encode(`wta-waiver-signature:v1:${waiver.id}:${waiver.contentHash}`);
}

/** HMAC-SHA256 (hex) of the waiver's id and content hash under `key` (the UTF-8 bytes of WAIVER_SIGNING_KEY). */
export function waiverSignature(key: string, waiver: { id: number; contentHash: string }): string {
  return encodeHexLowerCase(hmac(SHA256, encoder.encode(key), signedText(waiver)));
}

/** The `waiver_signatures` row that signs `waiver` with `key`, written in the waiver's own transaction. */
export function waiverSignatureRow(
  key: string,
  waiver: { id: number; contentHash: string },
  now: Date,
): typeof waiverSignatures.$inferInsert {
  return {
    waiverId: waiver.id,
    keyId: waiverKeyId(key),
    algorithm: WAIVER_SIGNATURE_ALGORITHM,
    signature: waiverSignature(key, waiver),
    createdAt: now,
  };
}

/** True when `signature` is `key`'s signature of the waiver's id and content hash (compared in constant time). */
export function waiverSignatureMatches(
  key: string,
  waiver: { id: number; contentHash: string },
  signature: string,
): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  return constantTimeEqual(decodeHex(signature), decodeHex(waiverSignature(key, waiver)));
}
