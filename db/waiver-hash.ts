import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { waivers } from './schema/waivers.ts';

/**
 * D8: the fields of a signed waiver that its content hash covers: every stored column except the row id and the
 * hash itself. The seed and the waiver API build the same record, so a hash recomputed from a stored row must match.
 */
export type WaiverHashedRecord = Omit<typeof waivers.$inferSelect, 'id' | 'contentHash'>;

/** SHA-256 (hex) of the waiver's canonical JSON: keys sorted, dates as ISO strings. */
export function waiverContentHash(record: Record<string, unknown>): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(canonicalJson(record))));
}

/** The hash of a stored waiver row, recomputed from its fields (for tamper checks). */
export function storedWaiverHash(row: WaiverHashedRecord & { id?: number; contentHash?: string }): string {
  const { id: _id, contentHash: _hash, ...record } = row;
  return waiverContentHash(record);
}

/** JSON with object keys sorted and undefined members dropped, so the same record always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
